import { createRequire } from 'node:module';

/**
 * The one door into cognito-local's internals (issue 36; docs/decisions/0002-cognito-local-seam.md).
 * cognito-local is CommonJS without an exports map, and the local stack composes it in process
 * (./cognito.ts), patches its targets (./cognito-targets.ts, ./cognito-mfa-targets.ts,
 * ./cognito-session-targets.ts) and replaces its data store's engine (./cognito-store.ts): each of
 * those reaches cognito-local only through this file. The version is pinned exactly in package.json;
 * ./cognito-local-seam.test.ts fails on an upgrade that moves or reshapes anything listed below.
 */
export const COGNITO_LOCAL_VERSION = '5.3.0';

/** require() as cognito-local's own modules resolve: its lib/ files and its dependencies. */
export const requireFromCognitoLocal = createRequire(
  createRequire(import.meta.url).resolve('cognito-local/package.json'),
);

/** A module of cognito-local's lib/ folder. */
export const cognitoLocalLib = (module: string) => requireFromCognitoLocal(`./lib/${module}`);

/** Every internal this repo borrows, with the names it takes from each: what the contract test checks. */
export const BORROWED_INTERNALS: Record<string, string[]> = {
  'lib/targets/targets': ['Targets'],
  'lib/errors': [
    'CodeMismatchError',
    'CognitoError',
    'InvalidParameterError',
    'NotAuthorizedError',
    'UserNotFoundError',
  ],
  'lib/keys/cognitoLocal.private.json': ['pem'],
  'lib/services': ['DateClock', 'TriggersService', 'MessagesService'],
  'lib/services/cognitoService': ['CognitoServiceFactoryImpl'],
  'lib/services/lambda': ['LambdaService'],
  'lib/services/messageDelivery/messageDelivery': ['MessageDeliveryService'],
  'lib/services/otp': ['otp'],
  'lib/services/tokenGenerator': ['JwtTokenGenerator'],
  'lib/services/userPoolService': ['UserPoolServiceFactoryImpl'],
  'lib/services/dataStore/stormDb': ['StormDBDataStore'],
  'lib/server/config': ['DefaultConfig'],
  'lib/server/Router': ['Router'],
  'lib/server/server': ['createServer'],
  // Its dependencies, taken as it has them so the versions are the ones it was built with.
  stormdb: ['localFileEngine'],
  jsonwebtoken: ['sign', 'verify'],
  pino: [],
};

/** The targets cognito-local has that the patches wrap (the others they add: cognito-targets.ts). */
export const WRAPPED_TARGETS = ['InitiateAuth', 'RespondToAuthChallenge'];
