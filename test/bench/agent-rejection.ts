import { randomBytes } from 'node:crypto';
import { AGENT_REPORT_MAX_BYTES, DEVICE_TOKEN_HEADER } from '../../shared/agent-data';
import { REPORT_PATH } from './agent-fleet';
import type { BenchStack } from './local-stack';
import { median, millis } from './measures';
import type { Figure } from './report';

/**
 * An unknown device token is refused before the body is read (issue 24): POST /api/agent/report
 * with a well-formed but unknown token and a 4 MB body against the same with a 2-byte body,
 * through the gateway, interleaved, medians.
 */

const WARM_UP = 10;
const RUNS = 60;

async function refusedMs(stack: BenchStack, token: string, body: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${stack.baseUrl}${REPORT_PATH}`, {
    method: 'POST',
    headers: { [DEVICE_TOKEN_HEADER]: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 401)
    throw new Error(`An unknown device token: expected 401, got ${response.status}: ${text}`);
  return ms;
}

export async function measureUnknownTokenRefusal(stack: BenchStack): Promise<Figure[]> {
  const token = `dt_${randomBytes(32).toString('base64url')}`;
  // A schema-shaped 4 MB report: one long string, just under the report limit.
  const large = JSON.stringify({
    machine_id: 'x',
    hostname: 'y',
    padding: 'z'.repeat(AGENT_REPORT_MAX_BYTES - 100),
  });
  const small = '{}';
  for (let run = 0; run < WARM_UP; run++) {
    await refusedMs(stack, token, small);
    await refusedMs(stack, token, large);
  }
  const times = { small: [] as number[], large: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    times.small.push(await refusedMs(stack, token, small));
    times.large.push(await refusedMs(stack, token, large));
  }
  const [smallMs, largeMs] = [median(times.small), median(times.large)];
  return [
    {
      section: 'Agent reports',
      name: 'refusing an unknown device token: 4 MB body ÷ 2-byte body',
      value: largeMs / smallMs,
      unit: '×',
      budget: { op: '<=', limit: 1.5 },
      detail: `through the gateway, interleaved, medians of ${RUNS}: ${millis(largeMs)} vs ${millis(smallMs)} (401 both)`,
    },
  ];
}
