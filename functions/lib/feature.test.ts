import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { featureHandler, FUNCTION_URL_ROUTE_KEY } from './feature';
import type { HttpEvent, HttpHandler } from './http';

const context = {} as Context;

/** A stand-in for a route's handler: answers with the route key it was given. */
const echo: HttpHandler = async (event) => ({ statusCode: 200, body: event.routeKey });

function request(routeKey: string, method: string, rawPath: string): HttpEvent {
  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1', routeKey, http: { method, path: rawPath } },
  } as unknown as HttpEvent;
}

describe('featureHandler', () => {
  const reports = featureHandler('agent-reports', { enroll: echo, report: echo, updates: echo });
  const agents = featureHandler('agents', {
    list: echo,
    get: echo,
    delete: echo,
    download: echo,
    link: echo,
    'link-unlink': echo,
    'link-add': echo,
    changes: echo,
    'duplicates-decision': echo,
    approvals: echo,
    'approvals-approve': echo,
    'approvals-reject': echo,
  });

  it("dispatches API Gateway's route key", async () => {
    const answer = await reports(request('POST /api/agent/report', 'POST', '/api/agent/report'), context);
    expect(answer).toEqual({ statusCode: 200, body: 'POST /api/agent/report' });
  });

  it('gives a function URL request the route key of its method and path', async () => {
    const answer = await reports(request(FUNCTION_URL_ROUTE_KEY, 'POST', '/api/agent/report'), context);
    expect(answer).toEqual({ statusCode: 200, body: 'POST /api/agent/report' });
  });

  it('serves the enrolment on the same function URL, so a device enrols where it reports', async () => {
    const answer = await reports(request(FUNCTION_URL_ROUTE_KEY, 'POST', '/api/agent/enroll'), context);
    expect(answer).toEqual({ statusCode: 200, body: 'POST /api/agent/enroll' });
  });

  it('serves the agent updates on the same function URL, the rest of the path as its {path+}', async () => {
    const seen: HttpEvent[] = [];
    const updates = featureHandler('agent-reports', {
      enroll: echo,
      report: echo,
      updates: async (event) => (seen.push(event), { statusCode: 200, body: event.routeKey }),
    });
    const answer = await updates(
      request(FUNCTION_URL_ROUTE_KEY, 'GET', '/api/agent/updates/targets/1.0.0/linux-x64/a%20b'),
      context,
    );
    expect(answer).toEqual({ statusCode: 200, body: 'GET /api/agent/updates/{path+}' });
    expect(seen[0]?.pathParameters).toEqual({ path: 'targets/1.0.0/linux-x64/a b' });
    for (const [method, path] of [
      ['GET', '/api/agent/updates/'],
      ['POST', '/api/agent/updates/metadata/root.json'],
      ['GET', '/api/agent/updates/%zz'],
    ] as const) {
      expect((await updates(request(FUNCTION_URL_ROUTE_KEY, method, path), context)).statusCode, path).toBe(
        404,
      );
    }
  });

  it('answers 404 to a function URL request for another path or method', async () => {
    for (const [method, path] of [
      ['GET', '/api/agent/report'],
      ['POST', '/api/agent/report/'],
      ['POST', '/'],
    ] as const) {
      const answer = await reports(request(FUNCTION_URL_ROUTE_KEY, method, path), context);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
    }
  });

  it("never lets a function URL reach a signed-in user's route, which only API Gateway authorizes", async () => {
    const answer = await agents(request(FUNCTION_URL_ROUTE_KEY, 'GET', '/api/agents'), context);
    expect(answer.statusCode).toBe(404);
    expect((await agents(request('GET /api/agents', 'GET', '/api/agents'), context)).statusCode).toBe(200);
  });
});
