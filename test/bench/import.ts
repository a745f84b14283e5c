import { randomUUID } from 'node:crypto';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ulid } from 'ulid';
import type { DashboardResponse } from '../../shared/api';
import { IMPORT_PART_ROWS, type ImportResult } from '../../shared/hardware-import';
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
 * The CSV import as the web app sends a large file (parts of IMPORT_PART_ROWS rows, one after
 * another), against the same DynamoDB calls replayed on a raw client: what the gateway and the
 * handler add to DynamoDB Local's own work. Also the helpers that import and check rows for the
 * other phases (seeding the companies the reads are timed on).
 */

const SECTION = 'Hardware import';
const IMPORT_ROWS = 10_000;
/**
 * Untimed rows imported through the gateway and then replayed raw, before either is timed. DynamoDB
 * Local's JVM compiles its transaction path over the first few thousand items it writes, and runs it
 * about twice as slowly until then; DynamoDB has no such warm-up.
 */
const IMPORT_WARM_UP_ROWS = 5_000;
export const IMPORT_OVER_REPLAY_BUDGET = 1.1;

/** One part of a file as the web app sends it: its rows, its first row's number, its CSV text. */
export interface ImportPart {
  rows: BenchRow[];
  firstRow: number;
  csv: string;
}

/** The parts of a file, their CSV written before any timing starts. */
export function importParts(rows: BenchRow[]): ImportPart[] {
  return chunks(rows, IMPORT_PART_ROWS).map((part, index) => ({
    rows: part,
    // Row 1 is the header line.
    firstRow: index * IMPORT_PART_ROWS + 2,
    csv: toCsv(part),
  }));
}

/**
 * Import responses whose `success` is not the number of rows sent although no row failed. Each is
 * reported and makes the exit code 1; the bench goes on, because the dashboard's total (checked
 * after every import) shows whether the rows were really written.
 */
const miscounted: string[] = [];

export function miscountedImports(): readonly string[] {
  return miscounted;
}

/** Sends one part and fails loudly unless every row was imported. */
export async function importPart(
  stack: BenchStack,
  company: Company,
  part: ImportPart,
): Promise<ImportResult> {
  const what = `Import of rows ${part.firstRow}–${part.firstRow + part.rows.length - 1} for ${company.name}`;
  const response = await api<ImportResult>(stack, `/api/hardware/import?first_row=${part.firstRow}`, {
    method: 'POST',
    token: company.accessToken,
    csv: part.csv,
  });
  const result = expectStatus(response, 200, what);
  if (result.failed !== 0 || result.errors.length > 0) {
    throw new Error(
      `${what}: success ${result.success}, failed ${result.failed}: ${JSON.stringify(result.errors.slice(0, 5))}`,
    );
  }
  if (result.success !== part.rows.length) {
    const problem = `${what}: the response says success ${result.success}, failed 0 for ${part.rows.length} rows sent`;
    if (miscounted.length === 0) {
      console.log(`!! CHECK FAILED: ${problem}. Going on: the dashboard total is checked after each import.`);
    }
    miscounted.push(problem);
  }
  return result;
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

/** One part imported through the gateway, its DynamoDB calls caught, and its wall time. */
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
 * Replays a part's DynamoDB calls on the raw client, in the handler's order and concurrency, into
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
 * organisations, part by part, in the order gateway, raw, raw, gateway: DynamoDB Local keeps
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
      `through the gateway, twice, in parts of ${number(IMPORT_PART_ROWS)} rows (each part's success checked, the dashboards count ${number(IMPORT_ROWS)} each): ${imports}, ${number(rate)} rows/s`,
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
        detail: `${number(IMPORT_ROWS)} rows with serial number and asset tag, parts of ${number(IMPORT_PART_ROWS)} one after another, imported twice: ${imports}; DynamoDB Local runs one transaction at a time`,
      },
      {
        section: SECTION,
        name: 'CSV import ÷ its DynamoDB calls replayed raw',
        value: (gateway1 + gateway2) / (raw1 + raw2),
        unit: '×',
        budget: { op: '<=', limit: IMPORT_OVER_REPLAY_BUDGET },
        detail: `part by part, gateway, raw, raw, gateway: ${seconds(gateway1)} + ${seconds(gateway2)} through the gateway vs ${seconds(raw1)} + ${seconds(raw2)} for the first import's ${times.calls} calls (${times.transactions} transactions) on a raw DynamoDBClient, after ${number(IMPORT_WARM_UP_ROWS)} untimed rows down both paths`,
      },
    ];
  } finally {
    raw.destroy();
  }
}
