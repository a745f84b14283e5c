import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import * as z from 'zod';
import { inputIssueMessage } from '../../shared/input-messages';
import { findRoute, type RouteDefinition } from '../routes';
import { loadCaller, type Caller } from './caller';
import {
  AGENT_KEY_MESSAGE,
  DEVICE_TOKEN_MESSAGE,
  loadAgentCaller,
  loadDeviceCaller,
  type AgentCaller,
  type DeviceCaller,
} from './agent-caller';
import { BadRequest, HttpError, PayloadTooLarge, TooManyRequests, Unauthorized } from './errors';
import type { HttpEvent, HttpHandler, HttpResult } from './http-event';
import { logger } from './logger';
import { metrics, recordResponse } from './metrics';
import { checkOriginSecret, requireOriginSecret } from './origin-secret';

// Every shared schema's issues name their field (shared/input-messages.ts); a schema's own text wins.
z.config({ customError: inputIssueMessage });

/**
 * The one HTTP stack every handler is built with: header normalising, JSON body parsing, zod
 * validation from shared/ schemas, the caller's context with role and subscription checks taken
 * from the route table, and typed errors turned into API.md's error body. A handler is the
 * function it is given: a few lines of intent, no try/catch, no hand-built response.
 */
export type { HttpEvent, HttpHandler, HttpResult } from './http-event';

interface Schemas<B, Q, P> {
  /** The JSON body. A route with neither this nor `rawBody` refuses any body. */
  body?: z.ZodType<B>;
  /** The route reads the body as sent (the CSV import, a Stripe event): it is neither parsed nor refused. */
  rawBody?: true;
  /** The query string. A route without one refuses any query parameter. */
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /** Status of a successful answer; 200 when absent. */
  status?: number;
  /** A larger body is refused with 413 and this message, before it is parsed. */
  maxBody?: { bytes: number; message: string };
}

export interface RequestInput<B, Q, P> {
  body: B;
  /** The body as sent, for routes that take something other than JSON (the CSV import). */
  rawBody: string;
  query: Q;
  params: P;
  event: HttpEvent;
  now: Date;
}

function routeOf(event: HttpEvent): RouteDefinition {
  const route = findRoute(event.routeKey);
  if (!route) throw new Error(`No route in the route table for ${event.routeKey}`);
  return route;
}

type Part = 'body' | 'query' | 'path';

/** Unknown keys are refused by name: a misspelt field must not be silently dropped. */
function issueMessage(issue: z.core.$ZodIssue, part: Part): string {
  if (issue.code !== 'unrecognized_keys') return issue.message;
  const where = issue.path.length ? ` in ${issue.path.join('.')}` : '';
  const what = part === 'query' ? 'query parameter' : 'field';
  const keys = issue.keys.map((key) => JSON.stringify(key)).join(', ');
  return `Unknown ${what}${issue.keys.length > 1 ? 's' : ''}${where}: ${keys}`;
}

/**
 * `value` is what the request carried: a parsed JSON body (null included, which is no object), or
 * the query or path parameters, absent when there are none.
 */
function parse<T>(schema: z.ZodType<T>, value: unknown, part: Part): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.join('.'),
    message: issueMessage(issue, part),
  }));
  throw new BadRequest(details[0]?.message ?? `Invalid ${part}`, 'invalid_input', details);
}

/** The input a route declares no schema for must be absent: anything sent there was sent in error. */
function refuseUndeclared(event: HttpEvent, schemas: Schemas<unknown, unknown, unknown>): void {
  const names = Object.keys(event.queryStringParameters ?? {});
  if (!schemas.query && names.length > 0) {
    const keys = names.map((name) => JSON.stringify(name)).join(', ');
    throw new BadRequest(
      `Unknown query parameter${names.length > 1 ? 's' : ''}: ${keys}. This request takes none.`,
      'invalid_input',
    );
  }
  if (!schemas.body && !schemas.rawBody && typeof event.body === 'string' && event.body.length > 0) {
    throw new BadRequest('This request takes no body', 'invalid_input');
  }
}

function rawBody(event: HttpEvent): string {
  if (typeof event.body !== 'string') return '';
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
}

/**
 * An answer that is not JSON (a file as stored, a redirect): a handler returns it to have it sent
 * as it is. Metadata signed byte for byte must not be parsed and serialised again.
 */
export class RawAnswer {
  constructor(readonly result: HttpResult) {}
}

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers },
    body: statusCode === 204 ? '' : JSON.stringify(body),
  };
}

function errorResponse(error: unknown): HttpResult {
  if (error instanceof TooManyRequests) {
    return json(error.statusCode, error.toBody(), { 'retry-after': String(error.retryAfterSeconds) });
  }
  if (error instanceof HttpError) return json(error.statusCode, error.toBody());
  // Errors raised by middy's own middlewares (malformed JSON, wrong content type) are the caller's.
  if (error instanceof Error && 'statusCode' in error && error.statusCode === 415) {
    const message =
      error.message === 'Unsupported Media Type'
        ? 'Send the request body as JSON with Content-Type: application/json'
        : 'The request body must be valid JSON';
    return json(400, new BadRequest(message, 'invalid_json').toBody());
  }
  logger.error('Unhandled error', { error: error as Error });
  return json(500, {
    error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
  });
}

/**
 * Who may call is settled before what they sent is read, let alone parsed: a caller without the
 * credential, the role or the subscription learns that, not whether their input was valid, and an
 * unknown credential with a 4 MB body costs what one with an empty body does (issue 24).
 */
/**
 * Where a request may come from (issue 35). 'edge': only through CloudFront, which proves it with
 * the origin secret; anything else is refused (403) before the headers are normalised or a caller,
 * a body or the table is looked at, so no route CloudFront fronts can be called past its web ACL.
 * 'anywhere': the agents' routes, which devices call at their function's own URL, past CloudFront
 * (its price, docs/cost.md); their token or key is their credential, refused before any table read
 * when malformed, and the function's reserved concurrency caps what a flood can take. Their secret
 * is still checked, so that the viewer's address is believed on them only when CloudFront sent it.
 */
type Reach = 'edge' | 'anywhere';

function stack<B, Q, P, C extends object>(
  schemas: Schemas<B, Q, P>,
  authorize: (event: HttpEvent, route: RouteDefinition, now: Date) => Promise<C>,
  run: (input: RequestInput<B, Q, P> & C) => Promise<unknown>,
  reach: Reach = 'edge',
): HttpHandler {
  // The caller each request was authorized as, by the middleware that runs before the body parser.
  const callers = new WeakMap<HttpEvent, { now: Date; context: C }>();
  const handler = middy<HttpEvent, HttpResult>()
    .use(injectLambdaContext(logger, { resetKeys: true }))
    // Outside the error handling below, so it flushes what that recorded, answer or error.
    .use(logMetrics(metrics, { throwOnEmptyMetrics: false }))
    .use({
      before: (request) => {
        logger.appendKeys({
          request_id: request.event.requestContext.requestId,
          route: request.event.routeKey,
        });
      },
      after: (request) => {
        recordResponse(request.event.routeKey, request.response?.statusCode ?? 200);
      },
      onError: (request) => {
        request.response = errorResponse(request.error);
        recordResponse(request.event.routeKey, request.response.statusCode ?? 500);
      },
    })
    .use({
      before: async (request) => {
        if (reach === 'edge') await requireOriginSecret(request.event);
        else await checkOriginSecret(request.event);
      },
    })
    .use(httpHeaderNormalizer())
    .use({
      before: async (request) => {
        const now = new Date();
        callers.set(request.event, {
          now,
          context: await authorize(request.event, routeOf(request.event), now),
        });
      },
    })
    .use({
      before: (request) => {
        const { maxBody } = schemas;
        if (maxBody && Buffer.byteLength(rawBody(request.event)) > maxBody.bytes) {
          throw new PayloadTooLarge(maxBody.message);
        }
      },
    })
    .use(schemas.body ? [httpJsonBodyParser()] : [])
    .handler(async (event) => {
      const authorized = callers.get(event);
      if (!authorized) throw new Error('The request reached its handler without being authorized');
      const { now, context } = authorized;
      refuseUndeclared(event, schemas);
      const input: RequestInput<B, Q, P> = {
        body: schemas.body ? parse(schemas.body, event.body, 'body') : (undefined as B),
        rawBody: rawBody(event),
        query: schemas.query
          ? parse(schemas.query, event.queryStringParameters ?? {}, 'query')
          : (undefined as Q),
        params: schemas.params ? parse(schemas.params, event.pathParameters ?? {}, 'path') : (undefined as P),
        event,
        now,
      };
      const answer = await run({ ...input, ...context });
      return answer instanceof RawAnswer ? answer.result : json(schemas.status ?? 200, answer);
    });
  return handler as unknown as HttpHandler;
}

/** A route anyone may call (auth 'public' in the route table). */
export function publicRoute<B = undefined, Q = undefined, P = undefined>(
  schemas: Schemas<B, Q, P>,
  run: (input: RequestInput<B, Q, P>) => Promise<unknown>,
): HttpHandler {
  return stack(schemas, async () => ({}), run);
}

/** A route for a signed-in user (auth 'user'): the handler gets the caller, already checked. */
export function userRoute<B = undefined, Q = undefined, P = undefined>(
  schemas: Schemas<B, Q, P>,
  run: (input: RequestInput<B, Q, P> & { caller: Caller }) => Promise<unknown>,
): HttpHandler {
  return stack(
    schemas,
    async (event, route, now) => {
      if (route.auth !== 'user') throw new Unauthorized();
      return { caller: await loadCaller(event, route, now) };
    },
    run,
  );
}

/** A route for a monitoring agent (auth 'agent-key'): the handler gets the key's organisation, checked. */
export function agentRoute<B = undefined, Q = undefined, P = undefined>(
  schemas: Schemas<B, Q, P>,
  run: (input: RequestInput<B, Q, P> & { agent: AgentCaller }) => Promise<unknown>,
): HttpHandler {
  return stack(
    schemas,
    async (event, route, now) => {
      if (route.auth !== 'agent-key') throw new Unauthorized(AGENT_KEY_MESSAGE);
      return { agent: await loadAgentCaller(event, route, now) };
    },
    run,
    'anywhere',
  );
}

/** A route for an enrolled device (auth 'device-token'): the handler gets the token's machine, checked. */
export function deviceRoute<B = undefined, Q = undefined, P = undefined>(
  schemas: Schemas<B, Q, P>,
  run: (input: RequestInput<B, Q, P> & { device: DeviceCaller }) => Promise<unknown>,
): HttpHandler {
  return stack(
    schemas,
    async (event, route, now) => {
      if (route.auth !== 'device-token') throw new Unauthorized(DEVICE_TOKEN_MESSAGE, 'invalid_device_token');
      return { device: await loadDeviceCaller(event, route, now) };
    },
    run,
    'anywhere',
  );
}
