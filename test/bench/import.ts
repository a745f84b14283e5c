import { randomUUID } from 'node:crypto';
import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { ulid } from 'ulid';
import type { DashboardResponse } from '../../shared/api';
import type { ImportJob } from '../../shared/hardware-import-job';
import { config } from '../../functions/lib/config';
import { importJobs } from '../../functions/lib/table/items/import-jobs';
import { api, expectStatus, signUpCompany, type BenchStack, type Company } from './local-stack';
import { chunks, heading, number, seconds } from './measures';
import type { Figure } from './report';
import { generateRows, toCsv, type BenchRow } from './rows';
import {
  captureTableCommands,
  rawTableClient,
  replayTableCommands,
  type TableCommand,
} from './table-commands';

/**
 * The CSV import (issue 34: a file uploaded whole, imported by its job) of files of IMPORT_FILE_ROWS
 * rows, one after another, against the same DynamoDB calls replayed on a raw client: what the
 * gateway, the upload's handler, the Lambda stand-in's hop and the job add to DynamoDB Local's own
 * work. The job's end is watched on a raw client of its own, outside what is caught. Also the
 * helpers that import and check rows for the other phases (seeding the companies the reads are
 * timed on).
 */

const SECTION = 'Hardware import';
const IMPORT_ROWS = 10_000;
/** Rows per file: the import's unit of work, timed gateway, raw, raw, gateway. */
export const IMPORT_FILE_ROWS = 1_000;
/**
 * Untimed rows imported through the gateway and then replayed raw, before either is timed. DynamoDB
 * Local's JVM compiles its transaction path over the first few thousand items it writes, and runs it
 * about twice as slowly until then; DynamoDB has no such warm-up.
 */
const IMPORT_WARM_UP_ROWS = 5_000;
export const IMPORT_OVER_REPLAY_BUDGET = 1.1;
/** How often the job's item is read (raw, uncaught) to see it end. */
const JOB_WATCH_MS = 5;

/** One file: its rows and its CSV text, written before any timing starts. */
export interface ImportPart {
  rows: BenchRow[];
  csv: string;
}

/** The rows as files of IMPORT_FILE_ROWS rows. */
export function importParts(rows: BenchRow[]): ImportPart[] {
  return chunks(rows, IMPORT_FILE_ROWS).map((part) => ({ rows: part, csv: toCsv(part) }));
}

/**
 * Imports whose job's `success` is not the number of rows sent although no row failed. Each is
 * reported and makes the exit code 1; the bench goes on, because the dashboard's total (checked
 * after every import) shows whether the rows were really written.
 */
const miscounted: string[] = [];

export function miscountedImports(): readonly string[] {
  return miscounted;
}

let watcher: DynamoDBClient | undefined;

/** The job's item read on a raw client of the bench's own until it has finished: no call of it is caught. */
async function jobEnd(
  company: Company,
  jobId: string,
): Promise<{ status: string; success: number; failed: number }> {
  watcher ??= rawTableClient();
  const { pk, sk } = importJobs.key(company.organizationId, jobId);
  for (;;) {
    const { Item } = await watcher.send(
      new GetItemCommand({
        TableName: config().TABLE_NAME,
        Key: { pk: { S: pk }, sk: { S: sk } },
        ConsistentRead: true,
        ProjectionExpression: '#status, success, failed',
        ExpressionAttributeNames: { '#status': 'status' },
      }),
    );
    const job = Item ? unmarshall(Item) : {};
    if (job.status === 'done' || job.status === 'failed') {
      return { status: String(job.status), success: Number(job.success), failed: Number(job.failed) };
    }
    await new Promise((resolve) => setTimeout(resolve, JOB_WATCH_MS));
  }
}

/** Uploads one file and waits for its job; fails loudly unless every row was imported. */
export async function importPart(stack: BenchStack, company: Company, part: ImportPart): Promise<void> {
  const what = `Import of ${part.rows.length} rows for ${company.name}`;
  const upload = await api<ImportJob>(stack, '/api/hardware/import', {
    method: 'POST',
    token: company.accessToken,
    csv: part.csv,
  });
  const job = await jobEnd(company, expectStatus(upload, 202, what).id);
  if (job.status !== 'done' || job.failed !== 0) {
    throw new Error(`${what}: the job ended ${job.status}, success ${job.success}, failed ${job.failed}`);
  }
  if (job.success !== part.rows.length) {
    const problem = `${what}: the job says success ${job.success}, failed 0 for ${part.rows.length} rows sent`;
    if (miscounted.length === 0) {
      console.log(`!! CHECK FAILED: ${problem}. Going on: the dashboard total is checked after each import.`);
    }
    miscounted.push(problem);
  }
}

/** Fails unless the company's dashboard counts `total` assets. */
export async function expectTotal(stack: BenchStack, company: Company, total: number): Promise<void> {
  const dashboard = expectStatus(
    await api<DashboardResponse>(stack, '/api/dashboard', { token: company.accessToken }),
    200,
    `Dashboard of ${company.name}`,
  );
  if (dashboard.total_hardware !== total) {
    throw new Error(
      `${company.name} should hold ${total} assets, its dashboard says ${dashboard.total_hardware}`,
    );
  }
}

/** One file imported through the gateway and its job, its DynamoDB calls caught, and its wall time. */
async function importCaught(
  stack: BenchStack,
  company: Company,
  part: ImportPart,
): Promise<{ ms: number; commands: TableCommand[] }> {
  let ms = 0;
  const commands = await captureTableCommands(async () => {
    const started = performance.now();
    await importPart(stack, company, part);
    ms = performance.now() - started;
  });
  return { ms, commands };
}

/**
 * Replays a file's DynamoDB calls on the raw client, in the handlers' order and concurrency, into
 * another organisation's partition (organisation id and transaction tokens renewed, so that every
 * write is new and none is answered as a retry). Returns the replay's wall time.
 */
async function replayRaw(
  raw: DynamoDBClient,
  commands: TableCommand[],
  from: string,
  to: string,
): Promise<number> {
  const retarget = (text: string) =>
    text.replaceAll(from, to).replaceAll(from.toLowerCase(), to.toLowerCase());
  const replayed = commands.map((command) => {
    const input = JSON.parse(retarget(JSON.stringify(command.input))) as Record<string, unknown>;
    if (input.ClientRequestToken) input.ClientRequestToken = randomUUID();
    return { ...command, input };
  });
  const started = performance.now();
  await replayTableCommands(raw, replayed);
  return performance.now() - started;
}

interface ImportTimes {
  /** The two imports through the gateway, each into a company of its own. */
  gateway: [number, number];
  /** The first import's calls replayed raw twice, each into an organisation of its own. */
  raw: [number, number];
  calls: number;
  transactions: number;
}

/**
 * Imports the rows into two new companies and replays the first's calls raw into two new
 * organisations, file by file, in the order gateway, raw, raw, gateway: DynamoDB Local keeps
 * speeding up or slowing down as its JVM compiles and its table grows (and the machine's slow
 * patches come and go), which would otherwise favour one path. Both gateway imports have their
 * calls caught, so that catching costs both alike.
 */
async function importAndReplay(
  stack: BenchStack,
  raw: DynamoDBClient,
  rows: BenchRow[],
  name: string,
): Promise<ImportTimes> {
  const first = await signUpCompany(stack, name);
  const second = await signUpCompany(stack, `${name} (again)`);
  const replayInto = [ulid(), ulid()] as const;
  const times: ImportTimes = { gateway: [0, 0], raw: [0, 0], calls: 0, transactions: 0 };
  for (const part of importParts(rows)) {
    const caught = await importCaught(stack, first, part);
    times.gateway[0] += caught.ms;
    times.raw[0] += await replayRaw(raw, caught.commands, first.organizationId, replayInto[0]);
    times.raw[1] += await replayRaw(raw, caught.commands, first.organizationId, replayInto[1]);
    times.gateway[1] += (await importCaught(stack, second, part)).ms;
    times.calls += caught.commands.length;
    times.transactions += caught.commands.filter(({ name }) => name === 'TransactWriteItemsCommand').length;
  }
  await expectTotal(stack, first, rows.length);
  await expectTotal(stack, second, rows.length);
  return times;
}

export async function measureImport(stack: BenchStack): Promise<Figure[]> {
  heading(`CSV import (${number(IMPORT_ROWS)} rows) against its DynamoDB calls replayed raw`);
  const raw = rawTableClient();
  try {
    // Untimed: both paths over the warm-up rows first, so that neither is timed on a colder JVM.
    await importAndReplay(
      stack,
      raw,
      generateRows(IMPORT_WARM_UP_ROWS, { identifiers: true, seed: 99 }),
      'Bench Import Warm-up Ltd',
    );
    const times = await importAndReplay(
      stack,
      raw,
      generateRows(IMPORT_ROWS, { identifiers: true }),
      'Bench Import Ltd',
    );
    const [gateway1, gateway2] = times.gateway;
    const [raw1, raw2] = times.raw;
    const rate = (2 * IMPORT_ROWS) / ((gateway1 + gateway2) / 1000);
    const imports = `${seconds(gateway1)} and ${seconds(gateway2)}`;
    console.log(
      `through the gateway, twice, in files of ${number(IMPORT_FILE_ROWS)} rows, each uploaded and imported by its job (each job's success checked, the dashboards count ${number(IMPORT_ROWS)} each): ${imports}, ${number(rate)} rows/s`,
    );
    console.log(
      `the first import's ${times.calls} calls (${times.transactions} transactions) replayed raw, twice: ${seconds(raw1)} and ${seconds(raw2)}`,
    );
    return [
      {
        section: SECTION,
        name: 'CSV import throughput',
        value: Math.round(rate),
        unit: 'rows/s',
        detail: `${number(IMPORT_ROWS)} rows with serial number and asset tag, files of ${number(IMPORT_FILE_ROWS)} one after another (upload to the job's end), imported twice: ${imports}; DynamoDB Local runs one transaction at a time`,
      },
      {
        section: SECTION,
        name: 'CSV import ÷ its DynamoDB calls replayed raw',
        value: (gateway1 + gateway2) / (raw1 + raw2),
        unit: '×',
        budget: { op: '<=', limit: IMPORT_OVER_REPLAY_BUDGET },
        detail: `file by file (upload, the Lambda stand-in's hop, the job), gateway, raw, raw, gateway: ${seconds(gateway1)} + ${seconds(gateway2)} through the gateway vs ${seconds(raw1)} + ${seconds(raw2)} for the first import's ${times.calls} calls (${times.transactions} transactions) on a raw DynamoDBClient, after ${number(IMPORT_WARM_UP_ROWS)} untimed rows down both paths`,
      },
    ];
  } finally {
    raw.destroy();
    watcher?.destroy();
    watcher = undefined;
  }
}
