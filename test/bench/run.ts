/**
 * Benchmarks of the hardware inventory against the whole local stack (DynamoDB Local, cognito-local,
 * the gateway and the handlers, all on loopback), started here on free ports with a temporary data
 * folder that is removed at the end. Run it with `npm run bench` (needs Java, as `npm start` does;
 * it takes several minutes). It prints, each measured in one run:
 *
 *   1. CSV import throughput: 10,000 rows imported as the web app does (parts of IMPORT_PART_ROWS
 *      rows, one after another) against the same rows created one POST /api/hardware at a time.
 *   2. GET /api/dashboard: median time for a company of 100 assets and one of 100,000.
 *   3. GET /api/hardware first page: the same two companies (plus a status filter and a search).
 *
 * and a summary with the goals. The figures are reported, not asserted: the exit code is 0 when the
 * bench completed, whatever the figures, and non-zero when something failed: an API call, or a check
 * of its answer (e.g. an import response whose success count is not the number of rows sent).
 * DynamoDB Local is not DynamoDB: the absolute times say little about AWS, the ratios say how the
 * code scales.
 */
import type { DashboardResponse } from '../../shared/api';
import type { HardwareListResponse } from '../../shared/hardware';
import { IMPORT_PART_ROWS, type ImportResult } from '../../shared/hardware-import';
import {
  api,
  expectStatus,
  signUpCompany,
  startBenchStack,
  type BenchStack,
  type Company,
} from './local-stack';
import { generateRows, toCreateBody, toCsv, type BenchRow } from './rows';

const IMPORT_ROWS = 10_000;
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

interface Goal {
  figure: string;
  measured: string;
  goal: string;
  pass: boolean;
}
const goals: Goal[] = [];

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

  const batchCompany = await signUpCompany(stack, 'Bench Import Ltd');
  const parts = chunks(rows, IMPORT_PART_ROWS);
  let success = 0;
  let failed = 0;
  const started = performance.now();
  for (const [index, part] of parts.entries()) {
    const result = await importPart(stack, batchCompany, part, index * IMPORT_PART_ROWS + 2);
    success += result.success;
    failed += result.failed;
  }
  const batchMs = performance.now() - started;
  await expectTotal(stack, batchCompany, IMPORT_ROWS);
  const batchRate = IMPORT_ROWS / (batchMs / 1000);
  console.log(
    `batch import: ${parts.length} parts of ${number(IMPORT_PART_ROWS)} rows, one after another: the responses say success ${number(success)}, failed ${failed}; the dashboard counts ${number(IMPORT_ROWS)} assets` +
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

  goals.push(
    {
      figure: 'CSV import throughput',
      measured: `${number(batchRate)} rows/s`,
      goal: '≥ 1,000 rows/s',
      pass: batchRate >= 1000,
    },
    {
      figure: `batch ÷ single (single on ${number(done)} rows)`,
      measured: `${number(ratio, 1)}×`,
      goal: '≥ 20×',
      pass: ratio >= 20,
    },
  );
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

/**
 * Median times of GET `path` for each company: warm-up calls, then `MEASURED_CALLS` sequential calls
 * each, alternating between the companies so that a slow patch of the machine hits both alike.
 */
async function medians(
  stack: BenchStack,
  companies: Company[],
  path: string,
  check: (body: unknown) => void,
) {
  const call = async (company: Company) => {
    const response = await api(stack, path, { token: company.accessToken });
    check(expectStatus(response, 200, `GET ${path} for ${company.name}`));
    return response.ms;
  };
  for (let index = 0; index < WARM_UP_CALLS; index++) for (const company of companies) await call(company);
  const times: number[][] = companies.map(() => []);
  for (let index = 0; index < MEASURED_CALLS; index++) {
    for (const [which, company] of companies.entries()) times[which]!.push(await call(company));
  }
  return times.map(median);
}

async function dashboardTimes(stack: BenchStack, small: Company, large: Company) {
  heading('2. Dashboard response time (GET /api/dashboard)');
  const [a, b] = await medians(stack, [small, large], '/api/dashboard', () => undefined);
  const ratio = b! / a!;
  console.log(`A (${number(SMALL_COMPANY_ASSETS)} assets): median ${millis(a!)} of ${MEASURED_CALLS} calls`);
  console.log(`B (${number(LARGE_COMPANY_ASSETS)} assets): median ${millis(b!)} of ${MEASURED_CALLS} calls`);
  console.log(`B ÷ A: ${number(ratio, 2)}`);
  goals.push({ figure: 'dashboard B ÷ A', measured: number(ratio, 2), goal: '≤ 1.2', pass: ratio <= 1.2 });
}

const fullPage = (body: unknown) => {
  const page = body as HardwareListResponse;
  if (page.items.length !== 25)
    throw new Error(`A first page should hold 25 assets, got ${page.items.length}`);
};

async function listTimes(stack: BenchStack, small: Company, large: Company) {
  heading('3. First page of the hardware list (GET /api/hardware)');
  const [a, b] = await medians(stack, [small, large], '/api/hardware', fullPage);
  const ratio = b! / a!;
  console.log(`A (${number(SMALL_COMPANY_ASSETS)} assets): median ${millis(a!)} of ${MEASURED_CALLS} calls`);
  console.log(`B (${number(LARGE_COMPANY_ASSETS)} assets): median ${millis(b!)} of ${MEASURED_CALLS} calls`);
  console.log(`B ÷ A: ${number(ratio, 2)}`);
  goals.push({
    figure: 'hardware list B ÷ A',
    measured: number(ratio, 2),
    goal: '≤ 1.5',
    pass: ratio <= 1.5,
  });

  const [statusA, statusB] = await medians(stack, [small, large], '/api/hardware?status=Active', fullPage);
  console.log(
    `informational: ?status=Active first page: A median ${millis(statusA!)}, B median ${millis(statusB!)} (B ÷ A ${number(statusB! / statusA!, 2)})`,
  );

  const search = await api<HardwareListResponse>(
    stack,
    `/api/hardware?q=${encodeURIComponent(NEEDLE_MODEL)}`,
    { token: large.accessToken },
  );
  const page = expectStatus(search, 200, 'Search in B');
  console.log(
    `informational: ?q=${NEEDLE_MODEL} (one matching asset in B, mid-inventory): one first-page request ${millis(search.ms)}, ` +
      `${page.items.length} item(s), next_cursor ${page.next_cursor ? 'set (bounded read, more to look through)' : 'null'}`,
  );
}

function printSummary() {
  heading('Summary');
  const header = { figure: 'figure', measured: 'measured', goal: 'goal', result: 'result' };
  const rows = [header, ...goals.map((goal) => ({ ...goal, result: goal.pass ? 'PASS' : 'MISS' }))];
  const width = (key: keyof typeof header) => Math.max(...rows.map((row) => row[key].length));
  const line = (row: typeof header) =>
    (['figure', 'measured', 'goal', 'result'] as const).map((key) => row[key].padEnd(width(key))).join(' | ');
  console.log(line(header));
  console.log(
    (['figure', 'measured', 'goal', 'result'] as const).map((key) => '-'.repeat(width(key))).join('-|-'),
  );
  for (const row of rows.slice(1)) console.log(line(row));
  if (miscounted.length > 0) {
    console.log(
      `\nCHECK FAILED: ${miscounted.length} import response(s) said success < rows sent (failed 0) although the dashboard counted every row, e.g.\n  ${miscounted.slice(0, 3).join('\n  ')}`,
    );
  }
}

async function main(): Promise<number> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const benchStarted = performance.now();
  console.log('Starting the local stack (DynamoDB Local, cognito-local, gateway) on free ports…');
  const stack = await startBenchStack();
  let stopping: Promise<void> | null = null;
  const stop = () => (stopping ??= stack.stop());
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the local stack…`);
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    console.log(`local stack at ${stack.baseUrl}`);
    await importThroughput(stack);
    const { small, large } = await seedCompanies(stack);
    await dashboardTimes(stack, small, large);
    await listTimes(stack, small, large);
    printSummary();
    console.log(`\nbench completed in ${seconds(performance.now() - benchStarted)}`);
    return miscounted.length > 0 ? 1 : 0;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('\nThe bench failed:', error);
    process.exit(1);
  },
);
