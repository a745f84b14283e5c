import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import type { AgentReportInput } from '../../shared/agent-data';
import { rawTableClient } from './table-commands';

/**
 * Agent reports through the gateway against the same bodies written straight to DynamoDB Local as
 * one item each (raw PutItem, same size, same pacing), one at a time and a few at a time.
 */

/** Each timed phase stops at whichever comes first, so the whole bench stays well under a minute. */
const PHASE_REPORTS = 500;
const PHASE_MS = 8_000;
/**
 * Untimed reports down each path first. DynamoDB Local's JVM compiles each operation's code as it
 * runs it: a report's GetItem, BatchGetItem and conditional UpdateItem ran at about half their
 * steady speed over the first 2,000 reports (the fleet's first
 * reports, before these, are part of its warm-up now), the raw PutItem's one operation much less so.
 */
const WARM_UP_REPORTS = 1_000;
export const PARALLEL = 4;

export interface Run {
  done: number;
  ms: number;
}

export const rate = (run: Run) => run.done / (run.ms / 1000);

/** Runs `task(i)` for i = 0, 1, … `parallel` at a time, until `count` done or `ms` passed. */
async function timed(
  count: number,
  ms: number,
  parallel: number,
  task: (index: number) => Promise<unknown>,
): Promise<Run> {
  const started = performance.now();
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count && performance.now() - started < ms) {
        await task(next++);
        done++;
      }
    }),
  );
  return { done, ms: performance.now() - started };
}

export interface Throughput {
  sequential: Run;
  rawSequential: Run;
  parallel: Run;
  rawParallel: Run;
}

/**
 * `sendReport(i)` sends report i through the gateway; `report(i)` is the body the raw PutItem writes
 * in its place, as machine i % `machines`'s item.
 */
export async function measureThroughput(
  machines: number,
  sendReport: (index: number) => Promise<unknown>,
  report: (index: number) => AgentReportInput,
): Promise<Throughput> {
  const raw = rawTableClient();
  const putItem = (index: number) =>
    raw.send(
      new PutItemCommand({
        TableName: process.env.TABLE_NAME,
        Item: {
          pk: { S: 'bench#raw-put' },
          sk: { S: `machine#${index % machines}` },
          report: { S: JSON.stringify(report(index)) },
        },
      }),
    );
  try {
    // Untimed: both paths once over first, so that neither is timed on a colder DynamoDB Local JVM.
    await timed(WARM_UP_REPORTS, 4 * PHASE_MS, PARALLEL, sendReport);
    await timed(WARM_UP_REPORTS, 4 * PHASE_MS, PARALLEL, putItem);

    // Timed, in the order gateway, raw, raw, gateway: DynamoDB Local's JVM keeps speeding up (and
    // the machine's slow patches come and go), which would otherwise favour whichever path runs
    // later. Each path's rate is over its two phases together.
    const abba = async (parallel: number) => {
      const gateway1 = await timed(PHASE_REPORTS, PHASE_MS, parallel, sendReport);
      const raw1 = await timed(PHASE_REPORTS, PHASE_MS, parallel, putItem);
      const raw2 = await timed(PHASE_REPORTS, PHASE_MS, parallel, putItem);
      const gateway2 = await timed(PHASE_REPORTS, PHASE_MS, parallel, sendReport);
      const both = (a: Run, b: Run): Run => ({ done: a.done + b.done, ms: a.ms + b.ms });
      return { gateway: both(gateway1, gateway2), raw: both(raw1, raw2) };
    };
    const { gateway: sequential, raw: rawSequential } = await abba(1);
    const { gateway: parallel, raw: rawParallel } = await abba(PARALLEL);
    return { sequential, rawSequential, parallel, rawParallel };
  } finally {
    raw.destroy();
  }
}
