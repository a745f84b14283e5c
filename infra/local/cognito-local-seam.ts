import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { JWK } from 'jose';

/**
 * Every piece of cognito-local's internals the local stack borrows, in one place
 * (docs/decisions/0002-cognito-local-seam.md). cognito-local's public entry only starts its own
 * server; the local stack composes it in-process instead (data under .data/, emails through the
 * product's trigger, targets brought closer to Cognito), so it reaches into `lib/` and into the
 * packages cognito-local depends on (stormdb, pino, jsonwebtoken). These are the internals of
 * cognito-local 5.3.0, which package.json pins exactly; ./cognito-local-seam.test.ts fails when the
 * installed release is another one or any shape below has moved.
 */
export const COGNITO_LOCAL_VERSION = '5.3.0';

// CommonJS without an exports map: its files and its own dependencies resolve from its folder.
const requireFromCognitoLocal = createRequire(
  createRequire(import.meta.url).resolve('cognito-local/package.json'),
);
const lib = (module: string): unknown => requireFromCognitoLocal(`./lib/${module}`);

export type Json = Record<string, unknown>;
export interface TargetContext {
  logger: unknown;
}
/** One API action of cognito-local (`lib/targets/targets.ts`'s Targets): services in, handler out. */
export type Target = (ctx: TargetContext, request: Json) => Promise<Json>;
export type TargetFactory = (services: CognitoLocalServices) => Target;
export interface UserPool {
  options: Json & { SoftwareTokenMfaConfiguration?: { Enabled?: boolean } };
  listUsers(
    ctx: TargetContext,
  ): Promise<Array<Json & { Attributes?: Array<{ Name: string; Value?: string }> }>>;
  getUserByUsername(ctx: TargetContext, username: string): Promise<Json | null>;
  saveUser(ctx: TargetContext, user: Json): Promise<void>;
}
export interface CognitoLocalServices {
  cognito: {
    getUserPool(ctx: TargetContext, userPoolId: string): Promise<UserPool>;
    getUserPoolForClientId(ctx: TargetContext, clientId: string): Promise<UserPool>;
    getAppClient(
      ctx: TargetContext,
      clientId: string,
    ): Promise<{
      PreventUserExistenceErrors?: string;
      WriteAttributes?: string[];
      ExplicitAuthFlows?: string[];
    } | null>;
  };
}
type CognitoErrorClass = new (message?: string) => Error;

/** The target table, one object per process: patching it changes what the server answers. */
export const targets = (lib('targets/targets') as { Targets: Record<string, TargetFactory> }).Targets;

/** `lib/errors`: Cognito's errors, each with its `code` (e.g. NotAuthorizedException). */
export const errors = lib('errors') as Record<string, CognitoErrorClass> & {
  CognitoError: new (code: string, message: string) => Error;
};

/** The key cognito-local signs every token with (its public half is the pool's JWKS). */
export const signingKey = lib('keys/cognitoLocal.private.json') as {
  pem: string;
  jwk: JWK;
};

/** The jsonwebtoken cognito-local signs with: tokens re-signed here match its own. */
export const jwt = requireFromCognitoLocal('jsonwebtoken') as {
  sign(payload: Json, key: string, options: { algorithm: 'RS256'; keyid: string }): string;
};

/** cognito-local's user-pool files: StormDB with its file engine, and the data store over it. */
export interface StormDbInstance {
  default(defaults: Json): StormDbInstance;
  save(): Promise<void>;
}
export interface LocalFileEngine {
  path: string;
  serialize(data: unknown): string;
  write(data: unknown): Promise<void> | null;
}
export type LocalFileEngineClass = new (
  path: string,
  options: { async: boolean; serialize(value: unknown): string; deserialize(text: string): unknown },
) => LocalFileEngine;
export const StormDB = requireFromCognitoLocal('stormdb') as (new (
  engine: LocalFileEngine,
) => StormDbInstance) & { localFileEngine: LocalFileEngineClass };
export const { StormDBDataStore } = lib('services/dataStore/stormDb') as {
  StormDBDataStore: new (db: StormDbInstance) => unknown;
};

/** What cognito-local's server is assembled from (what its own `lib/bin/start` does, in its order). */
export interface CognitoLocalParts {
  pino: (options: { level: string }) => unknown;
  DateClock: new () => unknown;
  CognitoServiceFactoryImpl: new (
    dataDirectory: string,
    dataStoreFactory: unknown,
    userPoolServiceFactory: unknown,
  ) => { create(ctx: TargetContext, userPoolDefaults: Json): Promise<unknown> };
  UserPoolServiceFactoryImpl: new (clock: unknown, dataStoreFactory: unknown) => unknown;
  LambdaService: new (functions: Record<string, string>, lambdaClient: unknown) => unknown;
  TriggersService: new (clock: unknown, cognito: unknown, lambda: unknown, crypto: unknown) => unknown;
  MessagesService: new (triggers: unknown, messageDelivery: unknown) => unknown;
  MessageDeliveryService: new (sender: unknown) => unknown;
  JwtTokenGenerator: new (clock: unknown, triggers: unknown, tokenConfig: Json) => unknown;
  otp: () => string;
  DefaultConfig: Json;
  Router: (services: Json) => unknown;
  createServer: (
    router: unknown,
    logger: unknown,
    options: Json,
    services: Json,
  ) => { start(): Promise<Server> };
}

/** The named exports of one of cognito-local's modules. */
const partsOf = <K extends keyof CognitoLocalParts>(module: string) =>
  lib(module) as Pick<CognitoLocalParts, K>;

/** Loaded when a stack starts, not when a module merely imports this one. */
export function cognitoLocalParts(): CognitoLocalParts {
  const { DateClock, TriggersService, MessagesService } = partsOf<
    'DateClock' | 'TriggersService' | 'MessagesService'
  >('services');
  return {
    pino: requireFromCognitoLocal('pino') as CognitoLocalParts['pino'],
    DateClock,
    TriggersService,
    MessagesService,
    CognitoServiceFactoryImpl:
      partsOf<'CognitoServiceFactoryImpl'>('services/cognitoService').CognitoServiceFactoryImpl,
    UserPoolServiceFactoryImpl:
      partsOf<'UserPoolServiceFactoryImpl'>('services/userPoolService').UserPoolServiceFactoryImpl,
    LambdaService: partsOf<'LambdaService'>('services/lambda').LambdaService,
    MessageDeliveryService: partsOf<'MessageDeliveryService'>('services/messageDelivery/messageDelivery')
      .MessageDeliveryService,
    JwtTokenGenerator: partsOf<'JwtTokenGenerator'>('services/tokenGenerator').JwtTokenGenerator,
    otp: partsOf<'otp'>('services/otp').otp,
    DefaultConfig: partsOf<'DefaultConfig'>('server/config').DefaultConfig,
    Router: partsOf<'Router'>('server/Router').Router,
    createServer: partsOf<'createServer'>('server/server').createServer,
  };
}
