import { configDefaults, defineConfig } from 'vitest/config';

// Node 20 is the product's runtime until 2027; the AWS SDK's notice about that is noise in test output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
// The functions' logger takes its level when first imported, which in the tests' global setup is
// before the local stack sets it: quiet from the start.
process.env.POWERTOOLS_LOG_LEVEL ??= 'CRITICAL';

/**
 * unit: pure rules beside their modules, nothing built or spawned (under a minute). components: the
 * web app's shared components in jsdom under Testing Library. packaging: the
 * agent as it ships, built for real (SEA, MSI, .deb) and run as a process. handlers: the features'
 * Lambda handlers called in process, files in parallel. integration (with e2e): the seams over HTTP
 * and the browser, one file at a time. Each of the two starts one local stack per run on free ports
 * with a fresh data folder (test/support/global-setup.ts). infra: CDK template assertions. `npm test` runs the projects one by
 * one and prints each one's time (test/support/run-projects.ts).
 */
const PACKAGING = ['agent/build/release.test.ts', 'agent/src/service-stop.test.ts'];
export default defineConfig({
  // @shared/* (tsconfig.json's paths), as the web app's build resolves it; every project extends this.
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'agent/**/*.test.ts',
            'web/**/*.test.ts',
            'infra/local/**/*.test.ts',
            'test/bench/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...PACKAGING],
        },
      },
      {
        extends: true,
        // The web app's shared components under Testing Library, each file in jsdom (its first line):
        // a DOM and React's renders are not pure, so they are not in unit.
        test: { name: 'components', include: ['web/**/*.test.tsx'] },
      },
      {
        extends: true,
        test: { name: 'packaging', include: PACKAGING, testTimeout: 300_000 },
      },
      {
        extends: true,
        // The handlers in process (test/support/handlers.ts), each file with organisations of its own:
        // files run side by side. They wait on DynamoDB Local and cognito-local more than they compute,
        // so more workers than cores.
        test: {
          name: 'handlers',
          include: ['test/handlers/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          // Side by side, a file's calls queue behind the others' at DynamoDB Local's one transaction at a time.
          testTimeout: 90_000,
          hookTimeout: 60_000,
          maxWorkers: 3,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts', 'test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        // npm run test:reliability: the product attacked as a bad day in production would (issue 9).
        test: {
          name: 'reliability',
          include: ['test/reliability/**/*.test.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: { name: 'infra', include: ['test/infra/**/*.test.ts'], testTimeout: 120_000 },
      },
    ],
  },
});
