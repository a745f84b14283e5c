import { ensureSuperAdmin } from '../../functions/auth/registration';
import { syncPlansFromStripe } from '../../functions/billing/sync-plans';
import { listActivePlans } from '../../functions/billing/plans';
import { cognitoHasTotpMfa, findCognitoUserSub } from '../../functions/lib/cognito';
import { JAVA_MISSING, javaAvailable } from './dynamodb';
import path from 'node:path';
import { REPO_ROOT, settingsFromEnv } from './settings';
import { startBanner } from './start-banner';
import { startLocalStack } from './stack';

/** `npm start`: the whole product on this machine, data kept under .data/ between runs. */
const DEFAULT_SUPER_ADMIN_EMAIL = 'admin@itassetauditor.local';
const DEFAULT_SUPER_ADMIN_PASSWORD = 'ChangeMe123!';

// Node 20 is the product's runtime until 2027; the AWS SDK's notice about that is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main() {
  if (!javaAvailable()) {
    console.error(JAVA_MISSING);
    process.exit(1);
  }
  const settings = settingsFromEnv();
  const stack = await startLocalStack(settings);
  const email = (process.env.SUPER_ADMIN_EMAIL ?? DEFAULT_SUPER_ADMIN_EMAIL).toLowerCase();
  const password = process.env.SUPER_ADMIN_PASSWORD ?? DEFAULT_SUPER_ADMIN_PASSWORD;
  const superAdmin = await ensureSuperAdmin(email, password, new Date());
  // A first start offers the sandbox's plans at once; later the super_admin syncs them in Billing.
  if ((await listActivePlans()).length === 0) await syncPlansFromStripe(new Date());

  const superAdminId = await findCognitoUserSub(email);
  console.log(
    startBanner({
      url: stack.url,
      stripeSandboxUrl: stack.stripeSandboxUrl,
      superAdmin: {
        email,
        password,
        created: superAdmin === 'created',
        mfaOn: superAdminId !== null && (await cognitoHasTotpMfa(superAdminId)),
      },
      dataDir: settings.dataDir,
    }),
  );

  // The agent installer, for Settings → Download Agent: built in the background when it is missing
  // or older than the agent's sources (its progress shows here, prefixed [agent]).
  const agent = await stack.agentPackage.status();
  if (agent.state === 'ready') console.log(`  Agent installer: ${path.relative(REPO_ROOT, agent.file)}\n`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
