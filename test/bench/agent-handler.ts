import type { Context } from 'aws-lambda';
import { DEVICE_TOKEN_HEADER } from '../../shared/agent-data';
import { handler as reportsHandler } from '../../functions/agent-reports/index';
import { FUNCTION_URL_ROUTE_KEY } from '../../functions/lib/feature';
import type { HttpEvent } from '../../functions/lib/http';
import { logger } from '../../functions/lib/logger';
import { functionSettings } from '../../infra/function-settings';
import { REPORT_PATH } from './agent-fleet';

/**
 * The agent-reports handler invoked directly, as its function URL would invoke it: its time per
 * report and the log bytes it writes at the production level; and the lines Lambda itself writes
 * per invocation, from their documented format.
 */

/** The function that takes reports, in AWS behind its own function URL. */
export const reportSettings = functionSettings('agent-reports');
const HANDLER_WARM_UP = 10;

export function reportEvent(token: string, body: string): HttpEvent {
  const now = Date.now();
  return {
    version: '2.0',
    // Agents post to the function's URL, which passes every request as '$default'.
    routeKey: FUNCTION_URL_ROUTE_KEY,
    rawPath: REPORT_PATH,
    rawQueryString: '',
    headers: { [DEVICE_TOKEN_HEADER]: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'bench',
      http: {
        method: 'POST',
        path: REPORT_PATH,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'bench',
      },
      requestId: `bench-${now}-${Math.random().toString(36).slice(2)}`,
      routeKey: FUNCTION_URL_ROUTE_KEY,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: {}, scopes: [] } },
    },
  };
}

export function lambdaContext(requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'bench-agents',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:bench:000000000000:function:bench-agents',
    memoryLimitInMB: String(reportSettings.memoryMb),
    awsRequestId: requestId,
    logGroupName: '/aws/lambda/bench-agents',
    logStreamName: 'bench',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Bytes and lines written to stdout and stderr while `run` runs. */
async function capturingOutput<T>(
  run: () => Promise<T>,
): Promise<{ result: T; bytes: number; lines: number }> {
  let bytes = 0;
  let lines = 0;
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write.bind(stream));
  streams.forEach((stream, index) => {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      bytes += Buffer.byteLength(text);
      lines += text.split('\n').filter((line) => line.length > 0).length;
      return (originals[index] as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  });
  try {
    return { result: await run(), bytes, lines };
  } finally {
    streams.forEach((stream, index) => {
      stream.write = originals[index] as typeof stream.write;
    });
  }
}

/** One report the handler is timed on: its device's token and its JSON; `answered` once it is taken. */
export interface TimedReport {
  token: string;
  body: string;
  answered(): void;
}

/**
 * Times `runs` reports (after a few untimed ones) at the production log level (INFO), and counts
 * what the handler writes to stdout and stderr meanwhile. `report()` gives each report.
 */
export async function timeHandler(
  runs: number,
  report: () => Promise<TimedReport>,
): Promise<{ times: number[]; logBytes: number; logLines: number }> {
  const invoke = async ({ token, body, answered }: TimedReport) => {
    const event = reportEvent(token, body);
    const started = performance.now();
    const result = await reportsHandler(event, lambdaContext(event.requestContext.requestId));
    const ms = performance.now() - started;
    if (result.statusCode !== 202)
      throw new Error(`Handler answered ${result.statusCode}: ${result.body ?? ''}`);
    answered();
    return ms;
  };
  for (let run = 0; run < HANDLER_WARM_UP; run++) await invoke(await report());
  const previousLevel = logger.getLevelName();
  logger.setLogLevel('INFO');
  const measured = await capturingOutput(async () => {
    const times: number[] = [];
    for (let run = 0; run < runs; run++) times.push(await invoke(await report()));
    return times;
  }).finally(() => logger.setLogLevel(previousLevel));
  return { times: measured.result, logBytes: measured.bytes, logLines: measured.lines };
}

// ---- Log lines AWS writes per report, from their documented formats ----

/** Lambda's text-format platform lines for one traced invocation, with realistic values. */
export function platformLogLines(tracing: boolean): string[] {
  const requestId = '6bc28136-4f1a-4365-b021-0ce6b2e64ab0';
  return [
    `START RequestId: ${requestId} Version: $LATEST\n`,
    `END RequestId: ${requestId}\n`,
    `REPORT RequestId: ${requestId}\tDuration: 24.17 ms\tBilled Duration: 25 ms\tMemory Size: 512 MB\tMax Memory Used: 98 MB\t` +
      (tracing
        ? 'XRAY TraceId: 1-5e34a614-10bd1e52f1fb44f07bc535a1\tSegmentId: 07f5a2c52d1f6f85\tSampled: true\t'
        : '') +
      '\n',
  ];
}
