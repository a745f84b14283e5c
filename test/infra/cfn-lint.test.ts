import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { App } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { WAF_REGION } from '../../infra/aws/waf-stack';
import { buildApp, cdkJsonContext, SYNTH_TIMEOUT_MS, TEST_ENV } from '../support/cdk-stacks';

/**
 * CloudFormation's own schema, as cfn-lint reads it, for every template the app synthesizes: CDK
 * lets through properties CloudFormation refuses at deploy time (a dashboard's Tags, issue 35).
 * cfn-lint is a Python tool installed on the build machines; where it is absent the check cannot
 * run, and says so in its name rather than passing in silence.
 */
function hasCfnLint(): boolean {
  try {
    execFileSync('cfn-lint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const findingsSchema = z.array(
  z.object({
    Level: z.string(),
    Message: z.string(),
    Rule: z.object({ Id: z.string() }),
    Location: z.object({ Path: z.array(z.union([z.string(), z.number()])).nullish() }).passthrough(),
    Filename: z.string(),
  }),
);

const run = promisify(execFile);

/** cfn-lint's findings (errors and warnings) for the templates; it exits non-zero when it finds any. */
async function lint(templates: string[]): Promise<z.infer<typeof findingsSchema>> {
  // The regions the app deploys to (TEST_ENV's and the WAF's), not the environment's: the local
  // stack's tests set AWS_REGION to 'local', which cfn-lint refuses.
  const regions = [TEST_ENV.region, WAF_REGION];
  const output = await run('cfn-lint', ['--format', 'json', '--regions', ...regions, '--', ...templates], {
    maxBuffer: 64 * 1024 * 1024,
  }).then(
    ({ stdout }) => stdout,
    (error: unknown) => {
      const stdout = z.object({ stdout: z.string() }).safeParse(error);
      if (stdout.success && stdout.data.stdout.trim().startsWith('[')) return stdout.data.stdout;
      throw error;
    },
  );
  return findingsSchema.parse(JSON.parse(output || '[]'));
}

const installed = hasCfnLint();

describe.skipIf(!installed)(
  installed ? 'cfn-lint' : 'cfn-lint (skipped: cfn-lint is not installed on this machine)',
  () => {
    it(
      'finds no error in any template the app synthesizes',
      async () => {
        const outdir = await mkdtemp(path.join(tmpdir(), 'itam-cfn-lint-'));
        try {
          const app = new App({ outdir, context: cdkJsonContext() });
          buildApp(app);
          app.synth();
          const templates = (await readdir(outdir))
            .filter((name) => name.endsWith('.template.json'))
            .map((name) => path.join(outdir, name));
          expect(templates.length).toBeGreaterThanOrEqual(6);
          const errors = (await lint(templates))
            .filter((finding) => finding.Level === 'Error')
            .map(
              (finding) =>
                `${path.basename(finding.Filename)} ${finding.Rule.Id} ${finding.Message} at ${(finding.Location.Path ?? []).join('/')}`,
            );
          expect(errors).toEqual([]);
        } finally {
          await rm(outdir, { recursive: true, force: true });
        }
      },
      SYNTH_TIMEOUT_MS * 2,
    );
  },
);
