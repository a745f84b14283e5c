import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { addNagChecks } from '../../infra/aws/nag';
import { createStacks } from '../../infra/aws/stacks';
import { CERTIFICATE_ARN_CONTEXT_KEY, DOMAIN_NAME_CONTEXT_KEY } from '../../infra/aws/web-stack';
import { MAIL_FROM_CONTEXT_KEY } from '../../infra/aws/function';
import { cdkJsonContext, SYNTH_TIMEOUT_MS, TEST_ENV } from '../support/cdk-stacks';

interface ValidationReport {
  pluginReports: { violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[] }[];
}

/** Synthesizes with the AwsSolutions pack; the findings nobody acknowledged, as 'rule | path'. */
async function unacknowledgedFindings(build: (app: App) => void): Promise<string[]> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'itam-nag-'));
  try {
    const app = new App({ outdir, context: cdkJsonContext() });
    build(app);
    addNagChecks(app);
    let failed = false;
    try {
      app.synth();
    } catch {
      failed = true;
    }
    const report = await readFile(path.join(outdir, 'validation-report.json'), 'utf8').catch(() => null);
    const findings = report
      ? (JSON.parse(report) as ValidationReport).pluginReports.flatMap((plugin) =>
          plugin.violations.flatMap((violation) =>
            violation.violatingConstructs.map(
              (construct) => `${violation.ruleName} | ${construct.constructPath}`,
            ),
          ),
        )
      : [];
    if (failed && findings.length === 0) throw new Error('Synth failed without a validation report');
    return findings;
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

describe('cdk-nag (AwsSolutions)', () => {
  it(
    'finds nothing unacknowledged in the whole app',
    async () => {
      expect(await unacknowledgedFindings((app) => createStacks(app, { env: TEST_ENV }))).toEqual([]);
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    'finds nothing unacknowledged in a known account and region, with an own domain and SES email',
    async () => {
      const findings = await unacknowledgedFindings((app) => {
        app.node.setContext(DOMAIN_NAME_CONTEXT_KEY, 'assets.example.com');
        app.node.setContext(
          CERTIFICATE_ARN_CONTEXT_KEY,
          'arn:aws:acm:us-east-1:111111111111:certificate/abc',
        );
        app.node.setContext(MAIL_FROM_CONTEXT_KEY, 'IT Asset Auditor <no-reply@example.com>');
        createStacks(app, { stage: 'prod', env: { account: '111111111111', region: 'eu-west-2' } });
      });
      expect(findings).toEqual([]);
    },
    SYNTH_TIMEOUT_MS,
  );

  it('does report what is not acknowledged', async () => {
    const findings = await unacknowledgedFindings((app) => {
      new Bucket(new Stack(app, 'Careless'), 'Open');
    });
    expect(findings).toEqual(
      expect.arrayContaining([expect.stringMatching(/^AwsSolutions-S1 \| Careless\/Open/)]),
    );
  });
});
