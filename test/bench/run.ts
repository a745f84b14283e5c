/**
 * `npm run bench`: every figure of the product's budgets, measured on this machine and printed as
 * one table (and written to .bench/report.json). Exits 1 when a budget is broken or a check of an
 * answer failed (e.g. an import response whose success count is not the number of rows sent).
 *
 *   - Lambda bundles: each feature's bundle as the CDK builds it, its size, and a fresh Node's
 *     cold init of it against a bare `node -e ""` (test/bench/bundles.ts).
 *   - Web: the initial JavaScript of the built app (test/bench/web.ts).
 *   Then, against the whole local stack (DynamoDB Local, cognito-local, the gateway and the
 *   handlers, on free ports with a temporary data folder removed at the end):
 *   - Agent reports: throughput against raw PutItem, DynamoDB units from ConsumedCapacity, handler
 *     time (test/bench/agents.ts), and what they cost a month on AWS (test/bench/cost.ts).
 *   - CSV import throughput: 10,000 rows imported as the web app does (parts of IMPORT_PART_ROWS
 *     rows, one after another) against the same rows created one POST /api/hardware at a time.
 *   - GET /api/dashboard, the first page of GET /api/hardware and a search: medians for a company
 *     of 100 assets and one of 100,000, and the gateway's time over the raw DynamoDB Local calls
 *     that serve the same answer (caught from the handler and replayed, test/bench/table-commands.ts).
 *   - Lighthouse on the signed-in dashboard and hardware list (test/bench/lighthouse.ts).
 *
 * Figures that could drift with the machine's load are ratios measured in the same run. DynamoDB
 * Local is not DynamoDB: the absolute times say little about AWS, the ratios say how the code scales.
 */
import { randomUUID } from 'node:crypto';
import { ulid } from 'ulid';
import type { DashboardResponse } from '../../shared/api';
import { HARDWARE_PAGE_SIZE, type HardwareListResponse } from '../../shared/hardware';
import { IMPORT_PART_ROWS, type ImportResult } from '../../shared/hardware-import';
import {
  api,
  expectStatus,
  signUpCompany,
  withBenchStack,
  type BenchStack,
  type Company,
} from './local-stack';
import { generateRows, toCreateBody, toCsv, type BenchRow } from './rows';
import { measureAgentReports, removeCapacityMeter } from './agents';
import { measureBundles } from './bundles';
import { costFigures } from './cost';
import { measureLighthouse } from './lighthouse';
import { reportTable, withinBudget, writeReport, type Figure } from './report';
import {
  captureTableCommands,
  rawTableClient,
  replayTableCommands,
  type TableCommand,
} from './table-commands';
import { measureInitialJs } from './web';

const IMPORT_ROWS = 10_000;
const IMPORT_WARM_UP_ROWS = 3_000;
/** The one-request-at-a-time comparison stops here and computes its rate from the rows done. */
const SINGLE_BUDGET_MS = 120_000;
const SMALL_COMPANY_ASSETS = 100;
const LARGE_COMPANY_ASSETS = 100_000;
const SEED_PARALLEL_PARTS = 3;
const WARM_UP_CALLS = 20;
const MEASURED_CALLS = 200;
/** A model only one asset of the large company has, for the search figure. */
const NEEDLE_MODEL = 'Quokka-7731 Prototype';

const number = (value: number, digits = 0) =>
  value.toLocaleString('en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const seconds = (ms: number) => `${number(ms / 1000, 1)} s`;
const millis = (ms: number) => `${number(ms, 2)} ms`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, index) =>
    items.slice(index * size, (index + 1) * size),
  );
}

const figures: Figure[] = [];

function heading(title: string) {
  console.log(`\n== ${title} ==`);
}

/**
 * Import responses whose `success` is not the number of rows sent although no row failed. Each is
 * reported at once and makes the exit code 1; the bench goes on, because the dashboard's total
 * (checked after every import) shows whether the rows were really written.
 */
const miscounted: string[] = [];

/** Sends one import part as the web app does and fails loudly unless every row was imported. */
async function importPart(stack: BenchStack, company: Company, rows: BenchRow[], firstRow: number) {
  const what = `Import of rows ${firstRow}–${firstRow + rows.length - 1} for ${company.name}`;
  const response = await api<ImportResult>(stack, `/api/hardware/import?first_row=${firstRow}`, {
    method: 'POST',
    token: company.accessToken,
    csv: toCsv(rows),
  });
  const result = expectStatus(response, 200, what);
  if (result.failed !== 0 || result.errors.length > 0) {
    throw new Error(
      `${what}: success ${result.success}, failed ${result.failed}: ${JSON.stringify(result.errors.slice(0, 5))}`,
    );
  }
  if (result.success !== rows.length) {
    const problem = `${what}: the response says success ${result.success}, failed 0 for ${rows.length} rows sent`;
    if (miscounted.length === 0) {
      console.log(`!! CHECK FAILED: ${problem}. Going on: the dashboard total is checked after each import.`);
    }
    miscounted.push(problem);
  }
  return result;
}

/** Imports rows as the web app sends a large file: parts of IMPORT_PART_ROWS, one after another. */
async function importInParts(stack: BenchStack, company: Company, rows: BenchRow[]) {
  const parts = chunks(rows, IMPORT_PART_ROWS);
  let success = 0;
  let failed = 0;
  for (const [index, part] of parts.entries()) {
    const result = await importPart(stack, company, part, index * IMPORT_PART_ROWS + 2);
    success += result.success;
    failed += result.failed;
  }
  return { parts: parts.length, success, failed };
}

async function expectTotal(stack: BenchStack, company: Company, total: number) {
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

// ---- 1. CSV import throughput ----

async function importThroughput(stack: BenchStack) {
  heading(`1. CSV import throughput (${number(IMPORT_ROWS)} rows)`);
  const rows = generateRows(IMPORT_ROWS, { identifiers: true });

  // Untimed: DynamoDB Local's JVM compiles its transaction path during the first thousands of
  // items, and runs it about twice as slowly until then. DynamoDB has no such warm-up, and the
  // single requests below run on a warm JVM, so the batch import should too.
  await importInParts(
    stack,
    await signUpCompany(stack, 'Bench Import Warm-up Ltd'),
    generateRows(IMPORT_WARM_UP_ROWS, { identifiers: true, seed: 99 }),
  );

  const batchCompany = await signUpCompany(stack, 'Bench Import Ltd');
  const started = performance.now();
  const { parts, success, failed } = await importInParts(stack, batchCompany, rows);
  const batchMs = performance.now() - started;
  await expectTotal(stack, batchCompany, IMPORT_ROWS);
  const batchRate = IMPORT_ROWS / (batchMs / 1000);
  console.log(
    `batch import: ${parts} parts of ${number(IMPORT_PART_ROWS)} rows, one after another: the responses say success ${number(success)}, failed ${failed}; the dashboard counts ${number(IMPORT_ROWS)} assets` +
      (success === IMPORT_ROWS ? '' : ' (CHECK FAILED: success should be 10,000)'),
  );
  console.log(`batch import: ${seconds(batchMs)} total, ${number(batchRate)} rows/s`);

  const singleCompany = await signUpCompany(stack, 'Bench Single Ltd');
  let done = 0;
  const singleStarted = performance.now();
  for (const row of rows) {
    if (performance.now() - singleStarted >= SINGLE_BUDGET_MS) break;
    const response = await api(stack, '/api/hardware', {
      method: 'POST',
      token: singleCompany.accessToken,
      json: toCreateBody(row),
    });
    expectStatus(response, 201, `Creating row ${done + 2} alone`);
    done++;
  }
  const singleMs = performance.now() - singleStarted;
  await expectTotal(stack, singleCompany, done);
  const singleRate = done / (singleMs / 1000);
  console.log(
    `single requests: ${number(done)} of ${number(IMPORT_ROWS)} rows` +
      (done < IMPORT_ROWS ? ` (stopped at the ${seconds(SINGLE_BUDGET_MS)} budget)` : ' (all of them)') +
      ` in ${seconds(singleMs)}, ${number(singleRate, 1)} rows/s`,
  );
  const ratio = batchRate / singleRate;
  console.log(`batch ÷ single: ${number(ratio, 1)}×`);

  const replay = await importAgainstItsReplay(stack, rows);
  console.log(
    `the same import again, its DynamoDB calls caught: ${seconds(replay.gatewayMs)}; replayed raw: ${seconds(replay.rawMs)} (${replay.transactions} transactions)`,
  );

  figures.push(
    {
      section: 'Hardware import',
      name: 'CSV import throughput',
      value: Math.round(batchRate),
      unit: 'rows/s',
      budget: { op: '>=', limit: 1000 },
      detail: `${number(IMPORT_ROWS)} rows with serial number and asset tag, parts of ${number(IMPORT_PART_ROWS)}`,
    },
    {
      section: 'Hardware import',
      name: 'batch import ÷ one POST per row',
      value: ratio,
      unit: '×',
      budget: { op: '>=', limit: 20 },
      detail: `one POST per row on ${number(done)} rows: ${number(singleRate, 1)} rows/s`,
    },
    {
      section: 'Hardware import',
      name: 'CSV import ÷ its DynamoDB calls replayed raw',
      value: replay.gatewayMs / replay.rawMs,
      unit: '×',
      detail: `${seconds(replay.gatewayMs)} through the gateway vs ${seconds(replay.rawMs)} for its ${replay.transactions} transactions and other calls on a raw client: DynamoDB Local runs one transaction at a time`,
    },
  );
}

/**
 * What the import costs beyond DynamoDB Local's own work: the same rows imported into another
 * company with the handler's DynamoDB calls caught, then those calls replayed on a raw client, in
 * the handler's order and concurrency, into a new organisation's partition (organisation id and
 * transaction tokens renewed, so that every write is new and none is answered as a retry).
 */
async function importAgainstItsReplay(stack: BenchStack, rows: BenchRow[]) {
  const company = await signUpCompany(stack, 'Bench Import Replay Ltd');
  let gatewayMs = 0;
  const commands = await captureTableCommands(async () => {
    const started = performance.now();
    await importInParts(stack, company, rows);
    gatewayMs = performance.now() - started;
  });
  const organizationId = ulid();
  const retarget = (text: string) =>
    text
      .replaceAll(company.organizationId, organizationId)
      .replaceAll(company.organizationId.toLowerCase(), organizationId.toLowerCase());
  const replayed = commands.map((command) => {
    const input = JSON.parse(retarget(JSON.stringify(command.input))) as Record<string, unknown>;
    if (input.ClientRequestToken) input.ClientRequestToken = randomUUID();
    return { ...command, input };
  });
  const raw = rawTableClient();
  const started = performance.now();
  await replayTableCommands(raw, replayed);
  const rawMs = performance.now() - started;
  raw.destroy();
  const transactions = commands.filter(({ name }) => name === 'TransactWriteItemsCommand').length;
  return { gatewayMs, rawMs, transactions };
}

// ---- Seeding the two companies of figures 2 and 3 ----

/** Imports rows through the API, a few parts at a time, printing progress every `every` rows. */
async function seed(stack: BenchStack, company: Company, rows: BenchRow[], every: number) {
  const parts = chunks(rows, IMPORT_PART_ROWS);
  const started = performance.now();
  let next = 0;
  let done = 0;
  let reported = 0;
  await Promise.all(
    Array.from({ length: Math.min(SEED_PARALLEL_PARTS, parts.length) }, async () => {
      while (next < parts.length) {
        const index = next++;
        await importPart(stack, company, parts[index]!, index * IMPORT_PART_ROWS + 2);
        done += parts[index]!.length;
        while (done >= reported + every) {
          reported += every;
          const elapsed = performance.now() - started;
          console.log(
            `  ${company.name}: ${number(reported)} / ${number(rows.length)} rows, ${seconds(elapsed)}, ${number(reported / (elapsed / 1000))} rows/s`,
          );
        }
      }
    }),
  );
  const ms = performance.now() - started;
  await expectTotal(stack, company, rows.length);
  console.log(
    `seeded ${company.name}: ${number(rows.length)} assets in ${seconds(ms)} (${number(rows.length / (ms / 1000))} rows/s, no serial numbers or asset tags, ${SEED_PARALLEL_PARTS} parts at a time)`,
  );
}

async function seedCompanies(stack: BenchStack) {
  heading(
    `Seeding: company A with ${number(SMALL_COMPANY_ASSETS)} assets, B with ${number(LARGE_COMPANY_ASSETS)}`,
  );
  const small = await signUpCompany(stack, 'Bench Small Ltd (A)');
  const large = await signUpCompany(stack, 'Bench Large Ltd (B)');
  await seed(stack, small, generateRows(SMALL_COMPANY_ASSETS, { identifiers: false, seed: 1 }), 10_000);
  const largeRows = generateRows(LARGE_COMPANY_ASSETS, { identifiers: false, seed: 2 });
  // One asset in the middle of B's inventory is the only one the search figure can match.
  largeRows[LARGE_COMPANY_ASSETS / 2]!.model = NEEDLE_MODEL;
  await seed(stack, large, largeRows, 10_000);
  return { small, large };
}

// ---- Timing reads ----

/** Median wall times, in ms, of the reads of one API call: through the gateway and replayed raw. */
interface ReadTimes {
  gateway: number;
  raw: number;
}

/**
 * Times GET `path` for each company: warm-up calls, then `MEASURED_CALLS` rounds. Each round calls
 * the gateway for every company and replays, on a raw DynamoDB client, the table calls the handler
 * made for that company's answer (caught once, after the warm-up). Everything alternates so that a
 * slow patch of the machine hits all the figures alike.
 */
async function readTimes(
  stack: BenchStack,
  companies: Company[],
  path: string,
  check: (body: unknown) => void,
): Promise<ReadTimes[]> {
  const call = async (company: Company) => {
    const response = await api(stack, path, { token: company.accessToken });
    check(expectStatus(response, 200, `GET ${path} for ${company.name}`));
    return response.ms;
  };
  for (let index = 0; index < WARM_UP_CALLS; index++) for (const company of companies) await call(company);
  const tableCalls: TableCommand[][] = [];
  for (const company of companies) {
    tableCalls.push(
      await captureTableCommands(async () => {
        await call(company);
      }),
    );
  }
  const raw = rawTableClient();
  const replay = async (commands: TableCommand[]) => {
    const started = performance.now();
    await replayTableCommands(raw, commands);
    return performance.now() - started;
  };
  for (const commands of tableCalls)
    for (let index = 0; index < WARM_UP_CALLS; index++) await replay(commands);
  const gateway: number[][] = companies.map(() => []);
  const replayed: number[][] = companies.map(() => []);
  for (let index = 0; index < MEASURED_CALLS; index++) {
    for (const [which, company] of companies.entries()) {
      gateway[which]!.push(await call(company));
      replayed[which]!.push(await replay(tableCalls[which]!));
    }
  }
  raw.destroy();
  return companies.map((_, which) => ({ gateway: median(gateway[which]!), raw: median(replayed[which]!) }));
}

const GATEWAY_OVER_RAW_BUDGET = 1.5;

/** The figures of one read: B ÷ A (when it has a budget) and B's gateway ÷ raw. */
function readFigures(
  what: string,
  [a, b]: ReadTimes[],
  sizeBudget: number | undefined,
  commandsNote: string,
): void {
  console.log(
    `${what}: A (${number(SMALL_COMPANY_ASSETS)} assets) median ${millis(a!.gateway)}, raw ${millis(a!.raw)}; ` +
      `B (${number(LARGE_COMPANY_ASSETS)} assets) median ${millis(b!.gateway)}, raw ${millis(b!.raw)}`,
  );
  figures.push(
    {
      section: `API at ${number(LARGE_COMPANY_ASSETS)} assets`,
      name: `${what}: ${number(LARGE_COMPANY_ASSETS)} ÷ ${number(SMALL_COMPANY_ASSETS)} assets`,
      value: b!.gateway / a!.gateway,
      unit: '×',
      ...(sizeBudget === undefined ? {} : { budget: { op: '<=' as const, limit: sizeBudget } }),
      detail: `medians of ${MEASURED_CALLS}: ${millis(b!.gateway)} vs ${millis(a!.gateway)}`,
    },
    {
      section: `API at ${number(LARGE_COMPANY_ASSETS)} assets`,
      name: `${what}: gateway ÷ raw DynamoDB Local`,
      value: b!.gateway / b!.raw,
      unit: '×',
      budget: { op: '<=', limit: GATEWAY_OVER_RAW_BUDGET },
      detail: `medians of ${MEASURED_CALLS}: ${millis(b!.gateway)} vs ${millis(b!.raw)} for ${commandsNote}`,
    },
  );
}

async function apiTimes(stack: BenchStack, small: Company, large: Company) {
  heading('API reads: a company of 100 assets (A) and one of 100,000 (B)');
  readFigures(
    'dashboard',
    await readTimes(stack, [small, large], '/api/dashboard', () => undefined),
    1.2,
    'its table calls',
  );

  const fullPage = (body: unknown) => {
    const page = body as HardwareListResponse;
    if (page.items.length !== HARDWARE_PAGE_SIZE)
      throw new Error(`A first page should hold ${HARDWARE_PAGE_SIZE} assets, got ${page.items.length}`);
  };
  readFigures(
    'hardware list, first page',
    await readTimes(stack, [small, large], '/api/hardware', fullPage),
    1.5,
    'its table calls',
  );
  readFigures(
    'hardware list, ?status=Active',
    await readTimes(stack, [small, large], '/api/hardware?status=Active', fullPage),
    undefined,
    'its table calls',
  );

  // One asset of B has the needle's model; A has none, so both searches read as far as a search may.
  const searchPath = `/api/hardware?q=${encodeURIComponent(NEEDLE_MODEL)}`;
  readFigures(
    `search ?q=${NEEDLE_MODEL}`,
    await readTimes(stack, [small, large], searchPath, () => undefined),
    undefined,
    'its bounded filtered reads',
  );
}

// ---- The report ----

async function main(): Promise<number> {
  const startedAt = new Date();
  const benchStarted = performance.now();

  heading('Lambda bundles (built as the CDK builds them) and their cold init');
  figures.push(...(await measureBundles()));
  heading('Web: initial JavaScript of the built app');
  figures.push(...(await measureInitialJs()));

  await withBenchStack(async (stack) => {
    heading('Agent reports and their monthly cost');
    const agents = await measureAgentReports(stack, await signUpCompany(stack, 'Bench Agents Ltd'));
    removeCapacityMeter();
    figures.push(...agents.figures, ...costFigures(agents.inputs));
    await importThroughput(stack);
    const { small, large } = await seedCompanies(stack);
    await apiTimes(stack, small, large);
    heading('Lighthouse: the signed-in dashboard and hardware list');
    figures.push(...(await measureLighthouse(stack, await signUpCompany(stack, 'Bench Lighthouse Ltd'))));
  });

  heading('Report');
  console.log(reportTable(figures));
  for (const figure of figures.filter((each) => each.detail))
    console.log(`  ${figure.name}: ${figure.detail}`);
  console.log(`\nwritten to ${await writeReport(figures, startedAt)}`);
  const broken = figures.filter((figure) => withinBudget(figure) === false);
  if (broken.length > 0)
    console.log(`\n${broken.length} budget(s) broken: ${broken.map((figure) => figure.name).join('; ')}`);
  if (miscounted.length > 0) {
    console.log(
      `\nCHECK FAILED: ${miscounted.length} import response(s) said success < rows sent (failed 0) although the dashboard counted every row, e.g.\n  ${miscounted.slice(0, 3).join('\n  ')}`,
    );
  }
  console.log(`\nbench completed in ${seconds(performance.now() - benchStarted)}`);
  return broken.length > 0 || miscounted.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('\nThe bench failed:', error);
    process.exit(1);
  },
);
