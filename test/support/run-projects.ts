import { spawnSync } from 'node:child_process';

/**
 * `npm test`: each vitest project named on the command line, one after another, then the time each
 * took (CI prints them, issue 36). One run per project, so a project's wall time is its own; every
 * project runs even when one before it failed, and the exit code says whether all passed.
 */
const projects = process.argv.slice(2);
if (projects.length === 0) {
  console.error('Name the vitest projects to run: tsx test/support/run-projects.ts unit integration');
  process.exit(2);
}

const results = projects.map((project) => {
  const started = Date.now();
  const run = spawnSync('npx', ['vitest', 'run', '--project', project], { stdio: 'inherit' });
  return { project, seconds: (Date.now() - started) / 1000, passed: run.status === 0 };
});

console.log('\nTest projects:');
for (const { project, seconds, passed } of results) {
  console.log(`  ${project.padEnd(12)} ${seconds.toFixed(1).padStart(7)} s  ${passed ? 'passed' : 'FAILED'}`);
}
process.exit(results.every(({ passed }) => passed) ? 0 : 1);
