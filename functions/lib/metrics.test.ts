import type { Context } from 'aws-lambda';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { findRoute } from '../routes';
import { BadRequest } from './errors';
import { useOriginSecret } from '../../test/support/origin-secret';
import { publicRoute, type HttpEvent, type HttpHandler } from './http';
import {
  metricsFor,
  METRICS_NAMESPACE,
  SERVER_ERRORS_METRIC,
  STRIPE_WEBHOOK_FAILURES_METRIC,
  STRIPE_WEBHOOK_ROUTE_KEY,
} from './metrics';

// Read when the Metrics instance is built, on first import: on here, whatever the shell says.
const metricsDisabled = vi.hoisted(() => {
  const before = process.env.POWERTOOLS_METRICS_DISABLED;
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  return before;
});
afterAll(() => {
  if (metricsDisabled === undefined) delete process.env.POWERTOOLS_METRICS_DISABLED;
  else process.env.POWERTOOLS_METRICS_DISABLED = metricsDisabled;
});

interface Emf {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string }[] }[] };
  [key: string]: unknown;
}

const context = {
  functionName: 'test',
  awsRequestId: 'req-1',
  getRemainingTimeInMillis: () => 10_000,
} as unknown as Context;

// The requests came through CloudFront: its origin secret is on them (issue 35).
const edge = useOriginSecret();

function eventFor(routeKey: string): HttpEvent {
  return {
    version: '2.0',
    routeKey,
    rawPath: routeKey.split(' ')[1] ?? '/',
    rawQueryString: '',
    headers: edge.edgeHeaders(),
    isBase64Encoded: false,
    requestContext: { requestId: 'req-1' },
  } as unknown as HttpEvent;
}

describe('metricsFor', () => {
  it('counts every 5xx as a server error', () => {
    expect(metricsFor('GET /api/hardware', 500)).toEqual([SERVER_ERRORS_METRIC]);
    expect(metricsFor('GET /api/hardware', 503)).toEqual([SERVER_ERRORS_METRIC]);
    expect(metricsFor('GET /api/hardware', 404)).toEqual([]);
    expect(metricsFor('GET /api/hardware', 200)).toEqual([]);
  });

  it("counts the Stripe webhook's 4xx and 5xx as webhook failures", () => {
    expect(metricsFor(STRIPE_WEBHOOK_ROUTE_KEY, 400)).toEqual([STRIPE_WEBHOOK_FAILURES_METRIC]);
    expect(metricsFor(STRIPE_WEBHOOK_ROUTE_KEY, 500)).toEqual([
      SERVER_ERRORS_METRIC,
      STRIPE_WEBHOOK_FAILURES_METRIC,
    ]);
    expect(metricsFor(STRIPE_WEBHOOK_ROUTE_KEY, 200)).toEqual([]);
  });

  it("names the route table's webhook route", () => {
    expect(findRoute(STRIPE_WEBHOOK_ROUTE_KEY)).toMatchObject({ feature: 'billing', handler: 'webhook' });
  });
});

describe('the HTTP stack emits EMF', () => {
  let lines: string[];

  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function invoke(handler: HttpHandler, routeKey: string): Promise<{ status?: number; emf: Emf[] }> {
    lines = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
    const result = await handler(eventFor(routeKey), context);
    vi.restoreAllMocks();
    const emf = lines
      .flatMap((chunk) => chunk.split('\n'))
      .filter((line) => line.includes('"_aws"'))
      .map((line) => JSON.parse(line) as Emf);
    return { status: result.statusCode, emf };
  }

  function metricNames(emf: Emf): string[] {
    return emf._aws.CloudWatchMetrics.flatMap((directive) => directive.Metrics.map((metric) => metric.Name));
  }

  it('counts a 500 on the webhook as a server error and a webhook failure of feature billing', async () => {
    const boom = publicRoute({}, async () => {
      throw new Error('boom');
    });
    const { status, emf } = await invoke(boom, STRIPE_WEBHOOK_ROUTE_KEY);
    expect(status).toBe(500);
    expect(emf).toHaveLength(1);
    const [line] = emf as [Emf];
    expect(line._aws.CloudWatchMetrics[0]?.Namespace).toBe(METRICS_NAMESPACE);
    // Per feature, and summed over the features for the one ServerErrors alarm.
    expect(line._aws.CloudWatchMetrics[0]?.Dimensions).toEqual([['service', 'feature'], ['service']]);
    expect(metricNames(line).sort()).toEqual([SERVER_ERRORS_METRIC, STRIPE_WEBHOOK_FAILURES_METRIC].sort());
    expect(line).toMatchObject({
      service: 'it-asset-auditor',
      feature: 'billing',
      [SERVER_ERRORS_METRIC]: 1,
      [STRIPE_WEBHOOK_FAILURES_METRIC]: 1,
    });
  });

  it("takes the dimension from each request's route", async () => {
    const boom = publicRoute({}, async () => {
      throw new Error('boom');
    });
    const { emf } = await invoke(boom, 'POST /api/agent/report');
    expect(emf).toHaveLength(1);
    expect(metricNames(emf[0]!)).toEqual([SERVER_ERRORS_METRIC]);
    expect(emf[0]).toMatchObject({ feature: 'agent-reports', [SERVER_ERRORS_METRIC]: 1 });
  });

  it('counts a refused webhook (400) as a webhook failure only', async () => {
    const refused = publicRoute({}, async () => {
      throw new BadRequest('Invalid signature', 'invalid_signature');
    });
    const { status, emf } = await invoke(refused, STRIPE_WEBHOOK_ROUTE_KEY);
    expect(status).toBe(400);
    expect(emf).toHaveLength(1);
    expect(metricNames(emf[0]!)).toEqual([STRIPE_WEBHOOK_FAILURES_METRIC]);
    expect(emf[0]).toMatchObject({ feature: 'billing' });
  });

  it('prints nothing for a successful answer', async () => {
    const ok = publicRoute({}, async () => ({ ok: true }));
    const { status, emf } = await invoke(ok, STRIPE_WEBHOOK_ROUTE_KEY);
    expect(status).toBe(200);
    expect(emf).toEqual([]);
    expect(lines).toEqual([]);
  });
});
