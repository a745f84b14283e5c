import { HARDWARE_PAGE_SIZE, hardwareListResponseSchema } from '../../shared/hardware';
import { expectTotal, importPart, importParts } from './import';
import { api, expectStatus, signUpCompany, type BenchStack, type Company } from './local-stack';
import { heading, median, millis, number, seconds } from './measures';
import type { Figure } from './report';
import { generateRows, type BenchRow } from './rows';
import {
  captureTableCommands,
  rawTableClient,
  replayTableCommands,
  type TableCommand,
} from './table-commands';

/**
 * GET /api/dashboard, the first page of GET /api/hardware (newest first, by status, by a column, in
 * a location) and a search: medians for a company of 100 assets and one of 100,000, and the gateway's time over the raw DynamoDB Local calls that serve
 * the same answer (caught from the handler and replayed, test/bench/table-commands.ts).
 */

const SMALL_COMPANY_ASSETS = 100;
const LARGE_COMPANY_ASSETS = 100_000;
const SEED_PARALLEL_PARTS = 3;
const WARM_UP_CALLS = 20;
export const MEASURED_CALLS = 200;
/** A model only one asset of the large company has, for the search figure. */
const NEEDLE_MODEL = 'Quokka-7731 Prototype';

// ---- Seeding the two companies ----

/** Imports rows through the API, a few parts at a time, printing progress every `every` rows. */
async function seed(stack: BenchStack, company: Company, rows: BenchRow[], every: number) {
  const parts = importParts(rows);
  const started = performance.now();
  let next = 0;
  let done = 0;
  let reported = 0;
  await Promise.all(
    Array.from({ length: Math.min(SEED_PARALLEL_PARTS, parts.length) }, async () => {
      while (next < parts.length) {
        const index = next++;
        await importPart(stack, company, parts[index]!);
        done += parts[index]!.rows.length;
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
export interface ReadTimes {
  gateway: number;
  raw: number;
}

/**
 * Times GET `path` for each company: warm-up calls, then `MEASURED_CALLS` rounds. Each round calls
 * the gateway for every company and replays, on a raw DynamoDB client, the table calls the handler
 * made for that company's answer (caught once, after the warm-up). Everything alternates so that a
 * slow patch of the machine hits all the figures alike.
 */
export async function readTimes(
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
): Figure[] {
  console.log(
    `${what}: A (${number(SMALL_COMPANY_ASSETS)} assets) median ${millis(a!.gateway)}, raw ${millis(a!.raw)}; ` +
      `B (${number(LARGE_COMPANY_ASSETS)} assets) median ${millis(b!.gateway)}, raw ${millis(b!.raw)}`,
  );
  return [
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
  ];
}

/** Seeds a company of 100 assets (A) and one of 100,000 (B), and times the reads on both. */
export async function measureReads(stack: BenchStack): Promise<Figure[]> {
  const { small, large } = await seedCompanies(stack);
  heading('API reads: a company of 100 assets (A) and one of 100,000 (B)');
  const companies = [small, large];
  const fullPage = (body: unknown) => {
    const page = hardwareListResponseSchema.parse(body);
    if (page.items.length !== HARDWARE_PAGE_SIZE)
      throw new Error(`A first page should hold ${HARDWARE_PAGE_SIZE} assets, got ${page.items.length}`);
  };
  // A location's page is full when it has a page's worth of assets (A's London office may not).
  const locationPage = (body: unknown) => {
    const page = hardwareListResponseSchema.parse(body);
    if (page.items.length !== Math.min(HARDWARE_PAGE_SIZE, page.total))
      throw new Error(
        `A location's first page should hold its assets, got ${page.items.length} of ${page.total}`,
      );
  };
  // One asset of B has the needle's model; A has none, so both searches read as far as a search may.
  const searchPath = `/api/hardware?q=${encodeURIComponent(NEEDLE_MODEL)}`;
  return [
    ...readFigures(
      'dashboard',
      await readTimes(stack, companies, '/api/dashboard', () => undefined),
      1.2,
      'its table calls',
    ),
    ...readFigures(
      'hardware list, first page',
      await readTimes(stack, companies, '/api/hardware', fullPage),
      1.5,
      'its table calls',
    ),
    ...readFigures(
      'hardware list, ?status=Active',
      await readTimes(stack, companies, '/api/hardware?status=Active', fullPage),
      undefined,
      'its table calls',
    ),
    // Issue 34: a column's order reads its index and the page's assets by key (one BatchGet); a
    // location's assets are one range of the location index.
    ...readFigures(
      'hardware list, ?sort=location',
      await readTimes(stack, companies, '/api/hardware?sort=location', fullPage),
      1.5,
      'its table calls',
    ),
    ...readFigures(
      'hardware list, ?location=London office',
      await readTimes(
        stack,
        companies,
        `/api/hardware?location=${encodeURIComponent('London office')}`,
        locationPage,
      ),
      1.5,
      'its table calls',
    ),
    ...readFigures(
      `search ?q=${NEEDLE_MODEL}`,
      await readTimes(stack, companies, searchPath, () => undefined),
      undefined,
      'its bounded filtered reads',
    ),
  ];
}
