import { randomBytes } from 'node:crypto';
import { handler as reportsHandler } from '../../functions/agent-reports/index';
import { invocationLimiter } from '../../infra/local/gateway';
import { reportSettings, lambdaContext, reportEvent } from './agent-handler';
import { enrolFleet, typicalReport } from './agent-fleet';
import type { Company } from './local-stack';
import { heading, median, millis, number } from './measures';
import type { Figure } from './report';

/**
 * Issue 35: the agents' function URL is the one door past CloudFront and its web ACL. What keeps a
 * flood there from costing the product is that a forged request is cheap to refuse (a malformed
 * token with no read at all, a well-formed one with one read of its lookup, the body never parsed)
 * and that the function's reserved concurrency caps how many run at once. Measured on the handler
 * as its function URL invokes it, in one run: a forged token's refusal against a genuine report of
 * an enrolled device (each device reporting once, in a minute after its first report), medians,
 * interleaved; and a flood of forged reports sent at the reserved concurrency, all refused.
 */
const RUNS = 60;
const WARM_UP = 5;
const FLOOD = 1_000;

async function handlerMs(token: string, body: string, expected: number): Promise<number> {
  const event = reportEvent(token, body);
  const started = performance.now();
  const result = await reportsHandler(event, lambdaContext(event.requestContext.requestId));
  const ms = performance.now() - started;
  if (result.statusCode !== expected) {
    throw new Error(`Expected ${expected}, got ${result.statusCode}: ${result.body ?? ''}`);
  }
  return ms;
}

const forgedToken = (organizationId: string) =>
  `dt_${organizationId}.${randomBytes(32).toString('base64url')}`;
const malformedToken = () => `forged-${randomBytes(12).toString('hex')}`;

/** Waits for the next clock minute: a device's second report in a minute takes a slower path. */
async function nextMinute(): Promise<void> {
  const wait = 60_000 - (Date.now() % 60_000) + 250;
  await new Promise((resolve) => setTimeout(resolve, wait));
}

export async function measureForgedFlood(company: Company): Promise<Figure[]> {
  heading('Agent reports: a forged flood at the function URL');
  const tokens = await enrolFleet(company.organizationId, RUNS + WARM_UP);
  const reports = tokens.map((_, machine) => JSON.stringify(typicalReport(machine, 0, 100 + machine)));
  for (const [machine, token] of tokens.entries()) await handlerMs(token, reports[machine]!, 202);
  console.log(`  ${tokens.length} devices enrolled and reported once; waiting for the next minute…`);
  await nextMinute();

  const body = reports[0]!;
  const times = { genuine: [] as number[], forged: [] as number[], malformed: [] as number[] };
  for (const [machine, token] of tokens.entries()) {
    const warm = machine < WARM_UP;
    const genuine = await handlerMs(token, reports[machine]!, 202);
    const forged = await handlerMs(forgedToken(company.organizationId), body, 401);
    const malformed = await handlerMs(malformedToken(), body, 401);
    if (warm) continue;
    times.genuine.push(genuine);
    times.forged.push(forged);
    times.malformed.push(malformed);
  }
  const genuineMs = median(times.genuine);
  const forgedMs = median(times.forged);
  const malformedMs = median(times.malformed);

  // The flood: forged reports, as many at once as the function's reserved concurrency lets run.
  const concurrency = reportSettings.reservedConcurrency ?? 50;
  const run = invocationLimiter(concurrency);
  const statuses = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: FLOOD }, (_, at) =>
      run(async () => {
        const token = at % 2 ? forgedToken(company.organizationId) : malformedToken();
        const event = reportEvent(token, body);
        const result = await reportsHandler(event, lambdaContext(event.requestContext.requestId));
        const status = result.statusCode ?? 200;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    ),
  );
  const floodMs = performance.now() - started;
  const refused = statuses.get(401) ?? 0;
  if (refused !== FLOOD) {
    throw new Error(
      `A forged flood: ${FLOOD - refused} of ${FLOOD} not refused 401: ${JSON.stringify([...statuses])}`,
    );
  }
  const detail = `the handler as its function URL invokes it, interleaved, medians of ${RUNS}: genuine report ${millis(genuineMs)}, forged well-formed token ${millis(forgedMs)} (one lookup read), malformed token ${millis(malformedMs)} (no read)`;
  return [
    {
      section: 'Agent reports',
      name: 'refusing a forged device token at the function URL ÷ a genuine report',
      value: forgedMs / genuineMs,
      unit: '×',
      budget: { op: '<=', limit: 0.6 },
      detail,
    },
    {
      section: 'Agent reports',
      name: 'refusing a malformed device token at the function URL ÷ a genuine report',
      value: malformedMs / genuineMs,
      unit: '×',
      budget: { op: '<=', limit: 0.25 },
      detail,
    },
    {
      section: 'Agent reports',
      name: `a forged flood of ${number(FLOOD)} reports, ${concurrency} at once (the reserved concurrency): refused`,
      value: FLOOD / (floodMs / 1000),
      unit: 'req/s',
      detail: `${refused} of ${FLOOD} refused 401 in ${millis(floodMs)}, half forged well-formed tokens, half malformed; none served`,
    },
  ];
}
