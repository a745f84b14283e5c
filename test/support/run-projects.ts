import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import * as z from 'zod';

/**
 * `npm test`: each vitest project named on the command line, one after another, then the time each
 * took (CI prints them, issue 36). One run per project, so a project's wall time is its own; every
 * project runs even when one before it failed, and the exit code says whether all passed.
 *
 * CI keeps only the end of the output, so the failures are repeated last, after the times: each
 * failed test's file, name and the first lines of its error, read from vitest's JSON report.
 */
const projects = process.argv.slice(2);
if (projects.length === 0) {
  console.error('Name the vitest projects to run: tsx test/support/run-projects.ts unit integration');
  process.exit(2);
}

const jsonReport = z.object({
  testResults: z.array(
    z.object({
      name: z.string(),
      status: z.string(),
      message: z.string(),
      assertionResults: z.array(
        z.object({
          fullName: z.string(),
          status: z.string(),
          failureMessages: z.array(z.string()).nullable(),
        }),
      ),
    }),
  ),
});

const reports = mkdtempSync(join(tmpdir(), 'vitest-reports-'));
const results = projects.map((project) => {
  const started = Date.now();
  const outputFile = join(reports, `${project}.json`);
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { stdio: 'inherit' },
  );
  return {
    project,
    seconds: (Date.now() - started) / 1000,
    passed: run.status === 0,
    failures: failuresIn(outputFile),
  };
});
rmSync(reports, { recursive: true, force: true });

/** The first lines of an error, stack frames left out: enough to say what broke. */
function headOf(message: string): string {
  const lines = message.split('\n').filter((line) => !/^\s*at /.test(line));
  return lines.slice(0, 6).join('\n      ');
}

function failuresIn(outputFile: string): string[] {
  let text: string;
  try {
    text = readFileSync(outputFile, 'utf8');
  } catch {
    return ['(vitest wrote no report: it stopped before the tests ran; its output above says why)'];
  }
  const report = jsonReport.parse(JSON.parse(text));
  return report.testResults.flatMap((file) => {
    const where = relative(process.cwd(), file.name);
    const failedTests = file.assertionResults
      .filter(({ status }) => status === 'failed')
      .map(
        ({ fullName, failureMessages }) =>
          `${where} > ${fullName}\n      ${headOf(failureMessages?.join('\n') ?? '')}`,
      );
    if (failedTests.length > 0) return failedTests;
    return file.status === 'failed' ? [`${where}\n      ${headOf(file.message)}`] : [];
  });
}

console.log('\nTest projects:');
for (const { project, seconds, passed } of results) {
  console.log(`  ${project.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s  ${passed ? 'passed' : 'FAILED'}`);
}
for (const { project, passed, failures } of results) {
  if (passed) continue;
  console.log(`\nFailed in ${project}:`);
  for (const failure of failures) console.log(`  ${failure}`);
}
process.exit(results.every(({ passed }) => passed) ? 0 : 1);
