import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import path from 'node:path';
import { decodeJwt } from 'jose';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { USER_POOL_SETTINGS } from '../user-pool-settings';
import { AtomicStormDbDataStoreFactory } from './cognito-store';
import type { Outbox } from './outbox';

/**
 * cognito-local, composed in-process so that its data lives under .data/, its emails land in the
 * local outbox, and the two targets aws-amplify needs but cognito-local lacks are added to its
 * target table. cognito-local is CommonJS without an exports map; we reach into its modules.
 */
const requireFromCognitoLocal = createRequire(
  createRequire(import.meta.url).resolve('cognito-local/package.json'),
);
const lib = (module: string) => requireFromCognitoLocal(`./lib/${module}`);

type Json = Record<string, unknown>;
interface TargetContext {
  logger: unknown;
}
type Target = (ctx: TargetContext, request: Json) => Promise<Json>;
type TargetFactory = (services: CognitoLocalServices) => Target;
interface UserPool {
  listUsers(
    ctx: TargetContext,
  ): Promise<Array<Json & { Attributes?: Array<{ Name: string; Value?: string }> }>>;
  saveUser(ctx: TargetContext, user: Json): Promise<void>;
}
interface CognitoLocalServices {
  cognito: { getUserPoolForClientId(ctx: TargetContext, clientId: string): Promise<UserPool> };
}
interface CognitoUserRecord {
  Username: string;
}
interface CognitoMessage {
  __code?: string;
}

const targets = lib('targets/targets').Targets as Record<string, TargetFactory>;

/** aws-amplify ≥ 6.15.4 refreshes with GetTokensFromRefreshToken: the same as REFRESH_TOKEN_AUTH. */
targets.GetTokensFromRefreshToken ??= (services) => async (ctx, request) => {
  const initiateAuth = targets.InitiateAuth!(services);
  const result = await initiateAuth(ctx, {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: request.ClientId,
    AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
  });
  return { AuthenticationResult: result.AuthenticationResult };
};

/** GlobalSignOut: every refresh token of the access token's user stops working. */
targets.GlobalSignOut ??= (services) => async (ctx, request) => {
  const claims = decodeJwt(String(request.AccessToken));
  const userPool = await services.cognito.getUserPoolForClientId(ctx, String(claims.client_id));
  const users = await userPool.listUsers(ctx);
  const user = users.find((candidate) =>
    candidate.Attributes?.some((a) => a.Name === 'sub' && a.Value === claims.sub),
  );
  if (user) await userPool.saveUser(ctx, { ...user, RefreshTokens: [] });
  return {};
};

class OutboxMessageSender {
  constructor(private readonly outbox: Outbox) {}
  async sendEmail(
    _ctx: TargetContext,
    _user: CognitoUserRecord,
    destination: string,
    message: CognitoMessage,
  ) {
    // Cognito's only emails here are password-reset codes (sign-up suppresses its invitation).
    const template = USER_POOL_SETTINGS.passwordResetEmail;
    await this.outbox.send({
      to: destination,
      subject: template.subject,
      body: template.body.replace('{####}', message.__code ?? ''),
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
  const pino = requireFromCognitoLocal('pino');
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'error' });
  const services = lib('services');
  const { CognitoServiceFactoryImpl } = lib('services/cognitoService');
  const { MessageDeliveryService } = lib('services/messageDelivery/messageDelivery');
  const { otp } = lib('services/otp');
  const { JwtTokenGenerator } = lib('services/tokenGenerator');
  const { UserPoolServiceFactoryImpl } = lib('services/userPoolService');
  const { DefaultConfig } = lib('server/config');
  const { Router } = lib('server/Router');
  const { createServer } = lib('server/server');

  const endpoint = `http://localhost:${port}`;
  const config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: [...USER_POOL_SETTINGS.usernameAttributes] },
    TokenConfig: { IssuerDomain: endpoint },
    ServerConfig: { port, hostname: '127.0.0.1', development: false, https: false },
  };
  const ctx = { logger };
  const clock = new services.DateClock();
  const dbDir = path.join(dataDir, 'db');
  const dataStoreFactory = new AtomicStormDbDataStoreFactory(dbDir);
  const cognito = await new CognitoServiceFactoryImpl(
    dbDir,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new services.TriggersService(clock, cognito, { enabled: () => false }, null);
  const serviceSet = {
    clock,
    cognito,
    config,
    messages: new services.MessagesService(
      triggers,
      new MessageDeliveryService(new OutboxMessageSender(outbox)),
    ),
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
  const clients = await client.send(
    new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
  );
  let userPoolClientId = clients.UserPoolClients?.find(
    (candidate) => candidate.ClientName === USER_POOL_SETTINGS.clientName,
  )?.ClientId;
  if (!userPoolClientId) {
    const created = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: USER_POOL_SETTINGS.clientName,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    userPoolClientId = created.UserPoolClient!.ClientId!;
  }
  return { userPoolId, userPoolClientId };
}
