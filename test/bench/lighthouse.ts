/**
 * Lighthouse on the signed-in web app: the dashboard and the Manual Hardware list (a full page of
 * assets), in Lighthouse's default mobile form factor with its default simulated throttling (the
 * budgets: performance, accessibility and best practices at least 95); then, printed without budget,
 * mobile with the CPU slowdown calibrated to this host as Lighthouse's docs describe (its 4× assumes
 * a faster host than most CI machines, so the calibrated run tells the page's cost from the host's),
 * and the desktop preset. Run it alone with `npx tsx test/bench/lighthouse.ts` (build the web
 * app first: `npm run build:web`, the local gateway serves web/dist); `npm run bench` can call
 * `measureLighthouse` on its own stack.
 *
 * Performance scores on a shared machine are noisy: each page and preset is measured
 * LIGHTHOUSE_RUNS times (3 by default) and each category reports its median. The audited tab shares
 * the signed-in browser's HTTP cache (disableStorageReset keeps it, with the session), so the app's
 * static files load as for a returning user. LIGHTHOUSE_JSON_DIR, when set, keeps every full report.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import lighthouse, { defaultConfig, desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { importPart } from './import';
import { pageFunctions } from './lighthouse-seam';
import { generateRows, toCsv } from './rows';
import { signUpCompany, startBenchStack, type BenchStack, type Company } from './local-stack';
import { reportTable, withinBudget, type Figure } from './report';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { freePort } from '../support/stack-process';

const SECTION = 'Web (Lighthouse)';
const ASSETS = 60;
const BUDGET = { op: '>=', limit: 95 } as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
type CategoryId = (typeof CATEGORIES)[number];
const CATEGORY_NAMES: Record<CategoryId, string> = {
  performance: 'performance',
  accessibility: 'accessibility',
  'best-practices': 'best practices',
};
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** When set, each run's full report is written there as JSON, to read the audits' details. */
const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;

interface PageUnderTest {
  name: string;
  path: string;
}
const PAGES: readonly PageUnderTest[] = [
  { name: 'Dashboard', path: '/' },
  { name: 'Hardware list', path: '/assets?tab=hardware' },
];

interface Preset {
  name: string;
  /** Undefined: Lighthouse's default config (mobile, simulated throttling at 4× CPU slowdown). */
  config: Config | undefined;
  budgeted: boolean;
}

/**
 * The CPU slowdown that makes this host Lighthouse's mid-tier phone. Lighthouse's default 4× assumes
 * a high-end desktop (BenchmarkIndex about 1,533) and it warns on hosts under 1,000 that scores will
 * suffer: "Calibrating the CPU slowdown" in its docs/throttling.md, whose calculator
 * (lighthouse-cpu-throttling-calculator) maps 1,300 → 3×, 800 → 2×, 150 → 1×, linearly between.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}

/**
 * The budgeted mobile run at Lighthouse's defaults (4× CPU slowdown whatever the host); then,
 * printed without budget, mobile at the slowdown calibrated for this host, and the desktop preset.
 */
function presets(cpuSlowdownMultiplier: number): Preset[] {
  const calibrated: Config = {
    extends: 'lighthouse:default',
    // Lighthouse's default throttling (its public default config carries it), with the calibrated CPU.
    settings: { throttling: { ...defaultConfig.settings?.throttling, cpuSlowdownMultiplier } },
  };
  return [
    { name: 'mobile', config: undefined, budgeted: true },
    { name: 'mobile, calibrated', config: calibrated, budgeted: false },
    { name: 'desktop', config: desktopConfig, budgeted: false },
  ];
}

/** Lighthouse's BenchmarkIndex of this host (what a report shows as "CPU/Memory Power"), median of 5. */
async function hostBenchmarkIndex(context: BrowserContext): Promise<number> {
  const values: number[] = [];
  for (let run = 0; run < 5; run++) {
    const page = await context.newPage();
    values.push(await page.evaluate<number>(`(${pageFunctions.computeBenchmarkIndex.toString()})()`));
    await page.close();
  }
  return median(values);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function seedHardware(stack: BenchStack, company: Company): Promise<void> {
  const rows = generateRows(ASSETS, { identifiers: true });
  await importPart(stack, company, { rows, csv: toCsv(rows) });
}

/**
 * Signs in through the app's form in the browser's default context: the tab Lighthouse opens is
 * in that context too, so it finds Amplify's tokens in localStorage (disableStorageReset keeps them).
 */
async function signIn(context: BrowserContext, stack: BenchStack, company: Company): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}/`);
  await page.getByLabel('Email', { exact: true }).fill(company.email);
  await page.getByLabel('Password', { exact: true }).fill(company.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor({ timeout: 30_000 });
  await page.close();
}

/**
 * Audits of a category below 0.9 (Lighthouse's "passed" line), not informative. `scored`: only those
 * that weigh in the category's score (for performance, the metrics; its other audits are advice).
 */
function failingAudits(lhr: Result, category: CategoryId, scored: boolean): string[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => !scored || ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((audit): audit is NonNullable<typeof audit> => audit !== undefined)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 0.9 &&
        !['informative', 'notApplicable', 'manual'].includes(audit.scoreDisplayMode),
    )
    .map((audit) => audit.id);
}

function printFailures(lhr: Result, label: string): void {
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    const score = Math.round((lhr.categories[category]?.score ?? 0) * 100);
    lines.push(`  ${CATEGORY_NAMES[category]}: ${score}`);
    const scored = new Set(failingAudits(lhr, category, true));
    for (const id of failingAudits(lhr, category, false)) {
      const audit = lhr.audits[id]!;
      const shown = audit.displayValue ? ` (${audit.displayValue})` : '';
      const kind = scored.has(id) ? 'scored' : 'advice';
      lines.push(`    - ${id}: ${audit.title}${shown} [score ${audit.score}, ${kind}]`);
    }
  }
  console.log(`[lighthouse] ${label}\n${lines.join('\n')}`);
}

async function runLighthouse(url: string, port: number, preset: Preset): Promise<Result> {
  const flags: Flags = {
    port,
    // The session is the tokens the sign-in left in localStorage.
    disableStorageReset: true,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  };
  const result = await lighthouse(url, flags, preset.config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) {
    throw new Error(
      `Lighthouse failed on ${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
    );
  }
  return result.lhr;
}

/** Signs the company in, seeds it with a page of hardware, and measures each page in each preset. */
export async function measureLighthouse(stack: BenchStack, company: Company): Promise<Figure[]> {
  await seedHardware(stack, company);
  const port = await freePort();
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'lighthouse-chromium-'));
  // A persistent context is the browser's default one, where Lighthouse opens its tab.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  const figures: Figure[] = [];
  try {
    await signIn(context, stack, company);
    const benchmarkIndex = await hostBenchmarkIndex(context);
    const cpuSlowdown = calibratedCpuSlowdown(benchmarkIndex);
    figures.push({
      section: SECTION,
      name: 'host CPU (Lighthouse BenchmarkIndex)',
      value: Math.round(benchmarkIndex),
      unit: 'index',
      detail: `calibrated mobile runs throttle the CPU ${cpuSlowdown.toFixed(2)}× (Lighthouse's 4× assumes about 1,533; it warns under 1,000)`,
    });
    for (const preset of presets(cpuSlowdown)) {
      for (const page of PAGES) {
        const runs: Result[] = [];
        for (let run = 1; run <= RUNS; run++) {
          const lhr = await runLighthouse(`${stack.baseUrl}${page.path}`, port, preset);
          printFailures(lhr, `${page.name}, ${preset.name}, run ${run}/${RUNS}`);
          if (JSON_DIR) {
            await mkdir(JSON_DIR, { recursive: true });
            const file = `${`${page.name}-${preset.name}`.toLowerCase().replace(/\W+/g, '-')}-${run}.json`;
            await writeFile(path.join(JSON_DIR, file), JSON.stringify(lhr));
          }
          runs.push(lhr);
        }
        for (const category of CATEGORIES) {
          const scores = runs.map((lhr) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
          const value = median(scores);
          const byScore = scores.map((score, index) => ({ score, index })).sort((a, b) => a.score - b.score);
          const medianRun = runs[byScore[Math.floor(byScore.length / 2)]!.index]!;
          const failing = failingAudits(medianRun, category, true);
          figures.push({
            section: SECTION,
            name: `${page.name} ${CATEGORY_NAMES[category]} (${preset.name})`,
            value,
            unit: 'score',
            ...(preset.budgeted ? { budget: BUDGET } : {}),
            detail:
              `median of ${RUNS} (${scores.join(', ')}); ` +
              (failing.length ? `failing: ${failing.join(', ')}` : 'no failing audit'),
          });
        }
      }
    }
  } finally {
    await context.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
  return figures;
}

async function main(): Promise<number> {
  const stack = await startBenchStack();
  try {
    const company = await signUpCompany(stack, `Lighthouse ${Date.now()}`);
    const figures = await measureLighthouse(stack, company);
    console.log(`\n${reportTable(figures)}`);
    for (const figure of figures) console.log(`  ${figure.name}: ${figure.detail ?? ''}`);
    return figures.some((figure) => withinBudget(figure) === false) ? 1 : 0;
  } finally {
    await stack.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
