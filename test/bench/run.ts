/**
 * `npm run bench`: every figure of the product's budgets, measured on this machine and printed as
 * one table (and written to .bench/report.json). Exits 1 when a budget is broken or a check of an
 * answer failed (e.g. an import response whose success count is not the number of rows sent).
 *
 *   - Lambda bundles: each feature's bundle as the CDK builds it, its size (printed, no budget), and
 *     a fresh Node's cold init of it against a bare `node -e ""` (test/bench/bundles.ts).
 *   - Web: the initial JavaScript of the built app (test/bench/web.ts).
 *   Then, against the whole local stack (DynamoDB Local, cognito-local, the gateway and the
 *   handlers, on free ports with a temporary data folder removed at the end):
 *   - Agent reports from enrolled devices: throughput against raw PutItem, DynamoDB units from
 *     ConsumedCapacity, handler time (test/bench/agents.ts), and what they cost a month on AWS
 *     (test/bench/cost.ts); an unknown device token refused with a 4 MB body against a 2-byte one
 *     (test/bench/agent-rejection.ts); a forged flood at the agents' function URL, its refusal against a
 *     genuine report (test/bench/forged-flood.ts, issue 35).
 *   - CSV import: 10,000 rows imported in files of IMPORT_FILE_ROWS rows, one after another, each
 *     uploaded and imported by its job as the web app's are, its rows/s (no budget: DynamoDB Local runs one transaction at a time), and its
 *     time against its own DynamoDB calls replayed on a raw client (test/bench/import.ts).
 *   - GET /api/dashboard, the first page of GET /api/hardware and a search: medians for a company
 *     of 100 assets and one of 100,000, and the gateway's time over the raw DynamoDB Local calls
 *     that serve the same answer (caught from the handler and replayed, test/bench/reads.ts).
 *   - The fleet's first page, the dashboard and a fleet search for an organisation of 100 machines
 *     and one of 100,000, and against their raw DynamoDB Local calls (test/bench/fleet.ts).
 *   - The software inventory: "which machines have program X" and its first page, for 100 machines
 *     and 10,000 × 150 programs (test/bench/software.ts).
 *   - Lighthouse on the signed-in dashboard and hardware list (test/bench/lighthouse.ts).
 *   - The agent's footprint: its idle RSS after its first report, and a Linux collection's time
 *     (test/bench/agent-footprint.ts; `--agent-program "<command line>"` picks the program measured).
 *
 * Figures that could drift with the machine's load are ratios measured in the same run. DynamoDB
 * Local is not DynamoDB: the absolute times say little about AWS, the ratios say how the code scales.
 */
import { agentProgram, measureAgentFootprint } from './agent-footprint';
import { measureUnknownTokenRefusal } from './agent-rejection';
import { measureForgedFlood } from './forged-flood';
import { measureAgentReports } from './agents';
import { measureBundles } from './bundles';
import { costFigures } from './cost';
import { measureFleetReads } from './fleet';
import { measureImport, miscountedImports } from './import';
import { measureLighthouse } from './lighthouse';
import { signUpCompany, withBenchStack } from './local-stack';
import { heading, seconds } from './measures';
import { measureReads } from './reads';
import { measureSoftwareReads } from './software';
import { reportTable, withinBudget, writeReport, type Figure } from './report';
import { measureInitialJs } from './web';

/**
 * `npm run bench -- --only agents,reads` measures the named parts only (bundles, web, agents,
 * rejection, flood, import, reads, fleet, software, lighthouse, agent), for working on one budget; the whole bench is the
 * figure of record.
 */
const only = (() => {
  const index = process.argv.indexOf('--only');
  return index < 0 ? null : new Set(process.argv[index + 1]?.split(',') ?? []);
})();
const wanted = (part: string) => only === null || only.has(part);

async function main(): Promise<number> {
  const startedAt = new Date();
  const benchStarted = performance.now();
  const figures: Figure[] = [];

  if (wanted('bundles')) {
    heading('Lambda bundles (built as the CDK builds them) and their cold init');
    figures.push(...(await measureBundles()));
  }
  if (wanted('web')) {
    heading('Web: initial JavaScript of the built app');
    figures.push(...(await measureInitialJs()));
  }

  await withBenchStack(async (stack) => {
    if (wanted('agents')) {
      heading('Agent reports and their monthly cost');
      const agents = await measureAgentReports(stack, await signUpCompany(stack, 'Bench Agents Ltd'));
      figures.push(...agents.figures, ...costFigures(agents.inputs));
    }
    if (wanted('rejection')) figures.push(...(await measureUnknownTokenRefusal(stack)));
    if (wanted('flood'))
      figures.push(...(await measureForgedFlood(await signUpCompany(stack, 'Bench Flood Ltd'))));
    if (wanted('import')) figures.push(...(await measureImport(stack)));
    if (wanted('reads')) figures.push(...(await measureReads(stack)));
    if (wanted('fleet')) figures.push(...(await measureFleetReads(stack)));
    if (wanted('software')) figures.push(...(await measureSoftwareReads(stack)));
    if (wanted('lighthouse')) {
      heading('Lighthouse: the signed-in dashboard and hardware list');
      figures.push(...(await measureLighthouse(stack, await signUpCompany(stack, 'Bench Lighthouse Ltd'))));
    }
    if (wanted('agent')) {
      heading("The agent's footprint: idle memory and a Linux collection");
      const program = await agentProgram(process.argv, process.env);
      figures.push(
        ...(await measureAgentFootprint(stack, await signUpCompany(stack, 'Bench Agent Ltd'), program)),
      );
    }
  });

  heading('Report');
  console.log(reportTable(figures));
  for (const figure of figures.filter((each) => each.detail))
    console.log(`  ${figure.name}: ${figure.detail}`);
  console.log(`\nwritten to ${await writeReport(figures, startedAt)}`);
  const broken = figures.filter((figure) => withinBudget(figure) === false);
  if (broken.length > 0)
    console.log(`\n${broken.length} budget(s) broken: ${broken.map((figure) => figure.name).join('; ')}`);
  const miscounted = miscountedImports();
  if (miscounted.length > 0) {
    console.log(
      `\nCHECK FAILED: ${miscounted.length} import job(s) said success < rows sent (failed 0) although the dashboard counted every row, e.g.\n  ${miscounted.slice(0, 3).join('\n  ')}`,
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
