import { App, Tags } from 'aws-cdk-lib';
import { join } from 'node:path';
import { assertAgentReleasePublishable } from '../../agent/build/release-manifest';
import { addNagChecks } from './nag';
import { REPO_ROOT } from './paths';
import { createStacks } from './stacks';

const app = new App();

try {
  const { stage } = createStacks(app, {
    env: {
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION ?? process.env.AWS_REGION,
    },
  });
  // A production stage never publishes an agent installer built unsigned (agent/build/signing.ts).
  assertAgentReleasePublishable(join(REPO_ROOT, 'dist', 'agent'), stage);
} catch (error) {
  // A configuration problem (web not built, a feature without its entry): say what to do, no stack trace.
  console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
Tags.of(app).add('project', 'it-asset-auditor');
// cdk-nag's AwsSolutions pack: a synth (and so a deploy) with an unacknowledged finding fails.
addNagChecks(app);

app.synth();
