import { randomBytes } from 'node:crypto';
import { handler as reportsHandler } from '../../functions/agent-reports/index';
import { AGENT_REPORT_MAX_BYTES, DEVICE_TOKEN_HEADER } from '../../shared/agent-data';
import { REPORT_PATH } from './agent-fleet';
import { lambdaContext, reportEvent } from './agent-handler';
import { gatewayRequest, type BenchStack } from './local-stack';
import { median, millis } from './measures';
import type { Figure } from './report';

/**
 * An unknown device token is refused before the body is read (issue 24). What the refusal costs is
 * the function's billed time: the handler invoked as its function URL invokes it, with a 4 MB body
 * against a 2-byte one, interleaved, medians. The function URL (like the local gateway) has taken
 * the whole upload before it invokes the function, so the round trip through the gateway grows with
 * the body whatever the handler does: it is printed beside, without a budget.
 */

const WARM_UP = 10;
const RUNS = 60;

async function handlerMs(token: string, body: string): Promise<number> {
  const event = reportEvent(token, body);
  const started = performance.now();
  const result = await reportsHandler(event, lambdaContext(event.requestContext.requestId));
  const ms = performance.now() - started;
  if (result.statusCode !== 401)
    throw new Error(`An unknown device token: expected 401, got ${result.statusCode}: ${result.body ?? ''}`);
  return ms;
}

async function roundTripMs(stack: BenchStack, token: string, body: string): Promise<number> {
  const started = performance.now();
  const { status, text } = await gatewayRequest(stack, REPORT_PATH, {
    method: 'POST',
    headers: { [DEVICE_TOKEN_HEADER]: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const ms = performance.now() - started;
  if (status !== 401) throw new Error(`An unknown device token: expected 401, got ${status}: ${text}`);
  return ms;
}

/** Medians of `measure` over the small and the large body, interleaved after a warm-up. */
async function interleaved(measure: (body: string) => Promise<number>, small: string, large: string) {
  for (let run = 0; run < WARM_UP; run++) {
    await measure(small);
    await measure(large);
  }
  const times = { small: [] as number[], large: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    times.small.push(await measure(small));
    times.large.push(await measure(large));
  }
  return { smallMs: median(times.small), largeMs: median(times.large) };
}

export async function measureUnknownTokenRefusal(stack: BenchStack): Promise<Figure[]> {
  const token = `dt_01HZXAMPLEORG.${randomBytes(32).toString('base64url')}`;
  // A schema-shaped 4 MB report: one long string, just under the report limit.
  const large = JSON.stringify({
    machine_id: 'x',
    hostname: 'y',
    padding: 'z'.repeat(AGENT_REPORT_MAX_BYTES - 100),
  });
  const small = '{}';
  const handler = await interleaved((body) => handlerMs(token, body), small, large);
  const gateway = await interleaved((body) => roundTripMs(stack, token, body), small, large);
  return [
    {
      section: 'Agent reports',
      name: 'refusing an unknown device token (handler): 4 MB body ÷ 2-byte body',
      value: handler.largeMs / handler.smallMs,
      unit: '×',
      budget: { op: '<=', limit: 1.5 },
      detail: `the handler as its function URL invokes it, interleaved, medians of ${RUNS}: ${millis(handler.largeMs)} vs ${millis(handler.smallMs)} (401 both); the round trip through the local gateway, which takes the whole upload first as a function URL does: ${millis(gateway.largeMs)} vs ${millis(gateway.smallMs)}`,
    },
  ];
}
