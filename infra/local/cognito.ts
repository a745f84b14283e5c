import type { Server } from 'node:http';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolClientCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
  UpdateUserPoolClientCommand,
  type UserPoolClientType,
} from '@aws-sdk/client-cognito-identity-provider';
import { handler as customMessage } from '../../functions/auth/custom-message';
import { USER_POOL_SETTINGS } from '../user-pool-settings';
import { AtomicStormDbDataStoreFactory } from './cognito-store';
import { cognitoLocalParts, type TargetContext } from './cognito-local-seam';
import './cognito-targets';
import './cognito-mfa-targets';
import './cognito-session-targets';
import type { Outbox } from './outbox';

/**
 * cognito-local, composed in-process so that its data lives under .data/, its emails are written by
 * the product's CustomMessage trigger as in AWS and land in the local outbox, and its targets behave
 * as Cognito's do where the product relies on them (./cognito-targets).
 */
interface CognitoUserRecord {
  Username: string;
}
/** What cognito-local hands the sender: the code, and the trigger's subject and text when it wrote them. */
interface CognitoMessage {
  __code?: string;
  emailSubject?: string;
  emailMessage?: string;
}

/** The name the pool's CustomMessage trigger goes by, as a Lambda function's would. */
const CUSTOM_MESSAGE_FUNCTION = 'local-auth-custom-message';

/**
 * The Lambda client cognito-local invokes triggers through (aws-sdk v2's shape): it runs the
 * product's trigger handler in this process with the event cognito-local built.
 */
const inProcessLambda = {
  invoke: ({ FunctionName, Payload }: { FunctionName: string; Payload: string }) => ({
    promise: async () => {
      if (FunctionName !== CUSTOM_MESSAGE_FUNCTION) throw new Error(`No local function ${FunctionName}`);
      const answer = await customMessage(JSON.parse(Payload) as unknown);
      return { StatusCode: 200, Payload: JSON.stringify(answer) };
    },
  }),
};

class OutboxMessageSender {
  constructor(private readonly outbox: Outbox) {}
  async sendEmail(
    _ctx: TargetContext,
    _user: CognitoUserRecord,
    destination: string,
    message: CognitoMessage,
  ) {
    // Cognito's only emails here are password-reset codes (sign-up suppresses its invitation). A
    // message the trigger left unwritten is the pool's own template, as Cognito sends it.
    const template = USER_POOL_SETTINGS.passwordResetEmail;
    await this.outbox.send({
      to: destination,
      subject: message.emailSubject || template.subject,
      body: message.emailMessage || template.body.replace('{####}', message.__code ?? ''),
    });
  }
  async sendSms() {
    throw new Error('The local stack sends no SMS');
  }
}

export interface CognitoLocal {
  server: Server;
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
}

export async function startCognitoLocal(
  port: number,
  dataDir: string,
  outbox: Outbox,
): Promise<CognitoLocal> {
  const {
    pino,
    DateClock,
    TriggersService,
    MessagesService,
    CognitoServiceFactoryImpl,
    UserPoolServiceFactoryImpl,
    LambdaService,
    MessageDeliveryService,
    JwtTokenGenerator,
    otp,
    DefaultConfig,
    Router,
    createServer,
  } = cognitoLocalParts();
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'error' });
  const endpoint = `http://localhost:${port}`;
  const config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: [...USER_POOL_SETTINGS.usernameAttributes] },
    TokenConfig: { IssuerDomain: endpoint },
    ServerConfig: { port, hostname: '127.0.0.1', development: false, https: false },
  };
  const ctx: TargetContext = { logger };
  const clock = new DateClock();
  const dbDir = path.join(dataDir, 'db');
  const dataStoreFactory = new AtomicStormDbDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const lambda = new LambdaService({ CustomMessage: CUSTOM_MESSAGE_FUNCTION }, inProcessLambda);
  const triggers = new TriggersService(clock, cognito, lambda, null);
  const serviceSet = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(new OutboxMessageSender(outbox))),
    otp,
    tokenGenerator: new JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const server: Server = await createServer(
    Router(serviceSet),
    logger,
    config.ServerConfig,
    serviceSet,
  ).start();
  const { userPoolId, userPoolClientId } = await ensureUserPool(endpoint);
  return { server, endpoint, userPoolId, userPoolClientId };
}

/** The pool and its app client, created once from the same settings as the CDK Auth stack. */
async function ensureUserPool(endpoint: string): Promise<{ userPoolId: string; userPoolClientId: string }> {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
  let userPoolId = pools.UserPools?.find((pool) => pool.Name === USER_POOL_SETTINGS.poolName)?.Id;
  if (!userPoolId) {
    const created = await client.send(
      new CreateUserPoolCommand({
        PoolName: USER_POOL_SETTINGS.poolName,
        UsernameAttributes: [...USER_POOL_SETTINGS.usernameAttributes],
        AutoVerifiedAttributes: ['email'],
        Policies: {
          PasswordPolicy: {
            MinimumLength: USER_POOL_SETTINGS.passwordMinLength,
            RequireLowercase: false,
            RequireUppercase: false,
            RequireNumbers: false,
            RequireSymbols: false,
          },
        },
      }),
    );
    userPoolId = created.UserPool!.Id!;
  }
  // MFA as the Auth stack sets it, on every start so that a pool kept in .data/ follows too.
  await client.send(
    new SetUserPoolMfaConfigCommand({
      UserPoolId: userPoolId,
      MfaConfiguration: USER_POOL_SETTINGS.mfa.configuration,
      SoftwareTokenMfaConfiguration: { Enabled: USER_POOL_SETTINGS.mfa.totp },
    }),
  );
  const clients = await client.send(
    new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
  );
  let userPoolClientId = clients.UserPoolClients?.find(
    (candidate) => candidate.ClientName === USER_POOL_SETTINGS.clientName,
  )?.ClientId;
  const clientSettings: Pick<
    UserPoolClientType,
    'ExplicitAuthFlows' | 'PreventUserExistenceErrors' | 'WriteAttributes'
  > = {
    ExplicitAuthFlows: [
      'ALLOW_USER_SRP_AUTH',
      'ALLOW_USER_PASSWORD_AUTH',
      'ALLOW_REFRESH_TOKEN_AUTH',
      ...(USER_POOL_SETTINGS.adminPasswordAuth ? ['ALLOW_ADMIN_USER_PASSWORD_AUTH' as const] : []),
    ],
    PreventUserExistenceErrors: USER_POOL_SETTINGS.preventUserExistenceErrors ? 'ENABLED' : 'LEGACY',
    WriteAttributes: [...USER_POOL_SETTINGS.clientWriteAttributes],
  };
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: USER_POOL_SETTINGS.clientName,
        GenerateSecret: false,
        ...clientSettings,
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  } else {
    // A pool kept in .data/ from an earlier version follows the settings too.
    const { UserPoolClient: existing } = await client.send(
      new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId }),
    );
    const sameFlows =
      [...(existing?.ExplicitAuthFlows ?? [])].sort().join() ===
      [...(clientSettings.ExplicitAuthFlows ?? [])].sort().join();
    if (
      existing?.PreventUserExistenceErrors !== clientSettings.PreventUserExistenceErrors ||
      JSON.stringify(existing?.WriteAttributes ?? null) !== JSON.stringify(clientSettings.WriteAttributes) ||
      !sameFlows
    ) {
      await client.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientId: userPoolClientId,
          ...clientSettings,
        }),
      );
    }
  }
  return { userPoolId, userPoolClientId };
}
