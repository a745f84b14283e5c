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

interface GatewayImport {
  company: Company;
  ms: number;
  success: number;
  /** The handler's DynamoDB calls, as sent. */
  commands: TableCommand[];
}

/** Imports the parts, one after another, into a new company, its DynamoDB calls caught. */
async function importThroughGateway(
  stack: BenchStack,
  name: string,
  parts: ImportPart[],
): Promise<GatewayImport> {
  const company = await signUpCompany(stack, name);
  let ms = 0;
  let success = 0;
  const commands = await captureTableCommands(async () => {
    const started = performance.now();
    for (const part of parts) success += (await importPart(stack, company, part)).success;
    ms = performance.now() - started;
  });
  const rows = parts.reduce((sum, part) => sum + part.rows.length, 0);
  await expectTotal(stack, company, rows);
  return { company, ms, success, commands };
}

/**
 * Replays an import's DynamoDB calls on the raw client, in the handler's order and concurrency, into
 * a new organisation's partition (organisation id and transaction tokens renewed, so that every
 * write is new and none is answered as a retry). Returns the replay's wall time.
 */
async function replayRaw(raw: DynamoDBClient, from: GatewayImport): Promise<number> {
  const organizationId = ulid();
  const { organizationId: original } = from.company;
  const retarget = (text: string) =>
    text
      .replaceAll(original, organizationId)
      .replaceAll(original.toLowerCase(), organizationId.toLowerCase());
  const replayed = from.commands.map((command) => {
    const input = JSON.parse(retarget(JSON.stringify(command.input))) as Record<string, unknown>;
    if (input.ClientRequestToken) input.ClientRequestToken = randomUUID();
    return { ...command, input };
  });
  const started = performance.now();
  await replayTableCommands(raw, replayed);
  return performance.now() - started;
}

export async function measureImport(stack: BenchStack): Promise<Figure[]> {
  heading(`CSV import (${number(IMPORT_ROWS)} rows) against its DynamoDB calls replayed raw`);
  const parts = importParts(generateRows(IMPORT_ROWS, { identifiers: true }));
  const raw = rawTableClient();
  try {
    // Untimed: both paths once over first, so that neither is timed on a colder JVM.
    const warmUp = importParts(generateRows(IMPORT_WARM_UP_ROWS, { identifiers: true, seed: 99 }));
    await replayRaw(raw, await importThroughGateway(stack, 'Bench Import Warm-up Ltd', warmUp));

    // Timed in the order gateway, raw, raw, gateway: DynamoDB Local keeps speeding up (and the
    // machine's slow patches come and go), which would otherwise favour whichever path runs later.
    // Both gateway imports have their calls caught, so that catching costs both alike.
    const first = await importThroughGateway(stack, 'Bench Import Ltd', parts);
    const raw1 = await replayRaw(raw, first);
    const raw2 = await replayRaw(raw, first);
    const second = await importThroughGateway(stack, 'Bench Import Again Ltd', parts);

    const gatewayMs = first.ms + second.ms;
    const rawMs = raw1 + raw2;
    const rate = (2 * IMPORT_ROWS) / (gatewayMs / 1000);
    const transactions = first.commands.filter(({ name }) => name === 'TransactWriteItemsCommand').length;
    console.log(
      `through the gateway: ${parts.length} parts of ${number(IMPORT_PART_ROWS)} rows, one after another, twice: ` +
        `the responses say success ${number(first.success)} and ${number(second.success)}, the dashboards count ${number(IMPORT_ROWS)} each; ` +
        `${seconds(first.ms)} and ${seconds(second.ms)}, ${number(rate)} rows/s`,
    );
    console.log(
      `replayed raw (${first.commands.length} calls, ${transactions} of them transactions): ${seconds(raw1)} and ${seconds(raw2)}`,
    );
    return [
      {
        section: SECTION,
        name: 'CSV import throughput',
        value: Math.round(rate),
        unit: 'rows/s',
        detail: `${number(IMPORT_ROWS)} rows with serial number and asset tag, parts of ${number(IMPORT_PART_ROWS)}, imported twice: ${seconds(first.ms)} and ${seconds(second.ms)}; DynamoDB Local runs one transaction at a time`,
      },
      {
        section: SECTION,
        name: 'CSV import ÷ its DynamoDB calls replayed raw',
        value: gatewayMs / rawMs,
        unit: '×',
        budget: { op: '<=', limit: IMPORT_OVER_REPLAY_BUDGET },
        detail: `gateway, raw, raw, gateway: ${seconds(first.ms)} + ${seconds(second.ms)} through the gateway vs ${seconds(raw1)} + ${seconds(raw2)} for the first import's ${first.commands.length} calls (${transactions} transactions) on a raw DynamoDBClient, after ${number(IMPORT_WARM_UP_ROWS)} untimed rows down both paths`,
      },
    ];
  } finally {
    raw.destroy();
  }
}
