import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { useOriginSecret } from '../../test/support/origin-secret';
import { deviceRoute, publicRoute, type HttpEvent } from './http';

/** The HTTP stack's refusals of input a route does not take (found by the bad-input suite). */
const context = {
  functionName: 'test',
  awsRequestId: 'req-1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

// A public route of the route table, so the stack finds it; the handlers here are stand-ins.
const ROUTE_KEY = 'POST /api/auth/signup';

// Every request here came through CloudFront: its origin secret is on it (issue 35).
const edge = useOriginSecret();

function event(parts: { body?: string; contentType?: string; query?: Record<string, string> }): HttpEvent {
  return {
    version: '2.0',
    routeKey: ROUTE_KEY,
    rawPath: '/api/auth/signup',
    rawQueryString: '',
    headers: { ...edge.edgeHeaders(), ...(parts.contentType ? { 'content-type': parts.contentType } : {}) },
    ...(parts.query ? { queryStringParameters: parts.query } : {}),
    ...(parts.body === undefined ? {} : { body: parts.body }),
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', routeKey: ROUTE_KEY },
  } as unknown as HttpEvent;
}

const json = 'application/json';
const named = publicRoute(
  { body: z.strictObject({ name: z.string().optional() }) },
  async ({ body }) => body,
);
const bodiless = publicRoute({}, async () => ({ ok: true }));
const raw = publicRoute({ rawBody: true }, async ({ rawBody }) => ({ received: rawBody }));
const queried = publicRoute(
  { query: z.strictObject({ month: z.string().optional() }) },
  async ({ query }) => query,
);

async function answer(handler: typeof named, request: HttpEvent) {
  const result = await handler(request, context);
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') as unknown };
}

describe('the HTTP stack', () => {
  it('refuses a JSON body of null instead of reading it as {}', async () => {
    expect(await answer(named, event({ body: '{}', contentType: json }))).toEqual({ status: 200, body: {} });
    expect(await answer(named, event({ body: 'null', contentType: json }))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_input' } },
    });
  });

  it('names an unknown field it refuses', async () => {
    const refused = await answer(named, event({ body: '{"nmae":"x","name":"y"}', contentType: json }));
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_input', message: 'Unknown field: "nmae"' } },
    });
  });

  it('names an unknown query parameter, and refuses any on a route that takes none', async () => {
    expect(await answer(queried, event({ query: { month: '2025-01' } }))).toEqual({
      status: 200,
      body: { month: '2025-01' },
    });
    expect(await answer(queried, event({ query: { mnth: '2025-01' } }))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_input', message: 'Unknown query parameter: "mnth"' } },
    });
    expect(await answer(bodiless, event({ query: { force: 'true' } }))).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalid_input',
          message: 'Unknown query parameter: "force". This request takes none.',
        },
      },
    });
  });

  it('refuses a body on a route that takes none, unless the route reads the body as sent', async () => {
    expect(await answer(bodiless, event({}))).toEqual({ status: 200, body: { ok: true } });
    expect(await answer(bodiless, event({ body: '{"confirm":true}', contentType: json }))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_input', message: 'This request takes no body' } },
    });
    expect(await answer(raw, event({ body: 'a,b\n1,2', contentType: 'text/csv' }))).toEqual({
      status: 200,
      body: { received: 'a,b\n1,2' },
    });
  });

  it('tells a wrong content type from malformed JSON', async () => {
    expect(await answer(named, event({ body: '{}', contentType: 'text/plain' }))).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalid_json',
          message: 'Send the request body as JSON with Content-Type: application/json',
        },
      },
    });
    expect(await answer(named, event({ body: '{', contentType: json }))).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_json', message: 'The request body must be valid JSON' } },
    });
  });
});

describe('an agent route', () => {
  const REPORT_KEY = 'POST /api/agent/report';
  const report = deviceRoute(
    { body: z.strictObject({}), maxBody: { bytes: 1024, message: 'Too large' } },
    async () => ({ recorded: true }),
  );

  function agentEvent(authorization: string, body: string): HttpEvent {
    return {
      version: '2.0',
      routeKey: REPORT_KEY,
      rawPath: '/api/agent/report',
      rawQueryString: '',
      headers: { authorization, 'content-type': json },
      body,
      isBase64Encoded: false,
      requestContext: { requestId: 'req-1', routeKey: REPORT_KEY },
    } as unknown as HttpEvent;
  }

  it('refuses a malformed credential before it measures or parses the body (issue 24)', async () => {
    // Not JSON, and past the route's size: either would be a 400 or a 413 if the body were read first.
    const huge = '{'.repeat(4 * 1024 * 1024);
    for (const authorization of [
      '',
      'Bearer nope',
      `Bearer sk_${'0'.repeat(64)}`,
      `dt_01HZXAMPLEORG.${'A'.repeat(43)}`,
    ]) {
      expect(await answer(report, agentEvent(authorization, huge)), authorization).toMatchObject({
        status: 401,
        body: { error: { code: 'invalid_device_token' } },
      });
    }
  });
});
