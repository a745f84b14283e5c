import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { afterEach, inject, vi } from 'vitest';
import type { HttpEvent, HttpHandler } from '../../functions/lib/http';
import type { Feature } from '../../functions/routes';
import { apiGatewayEvent, matchRoute } from '../../infra/local/http-event';
import { createJwtAuthorizer } from '../../infra/local/jwt-authorizer';
import { useFunctionEnv } from './api';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/rate-limits';
import { ORIGIN_SECRET_HEADER } from '../../functions/lib/origin-secret';
import {
  signUpCompanyAt,
  testClientAddress,
  type ApiOptions,
  type ApiResponse,
  type TestCompany,
} from './stack-client';

/**
 * The in-process harness: the middle level between pure rules and the whole stack. A call goes
 * straight to the feature's Lambda handler (functions/<feature>/index.ts, which dispatches by
 * route key), in this test's process, against the run's DynamoDB Local and cognito-local: no
 * gateway, no HTTP server, no browser. The event is the API Gateway v2 event the handler gets in
 * AWS, built from the route table, with the claims of a real Cognito access token that the local
 * JWT authorizer (API Gateway's stand-in) has verified, so the caller's profile, role and
 * subscription are checked by the same code as in production.
 *
 * Because the handler runs here, the test owns its clock (useHandlerClock below): it sets the `now`
 * every handler reads (functions/lib/http.ts), so a rule about time (an invitation's 7 days, today's
 * date) is asserted exactly, without sleeping or backdating. A token is verified once, when its
 * company signs in: on the test's clock, which must then be before the token's expiry (a fixed
 * date in the past is), or on the real one if the test moves its clock afterwards.
 *
 * callHandler takes the same path and options as api() in ./api, and answers in the same shape.
 */

const handlers = new Map<Feature, Promise<HttpHandler>>();

/** The feature's Lambda entry point, loaded once the functions' environment is set. */
function featureHandler(feature: Feature): Promise<HttpHandler> {
  let handler = handlers.get(feature);
  if (!handler) {
    useFunctionEnv();
    handler = import(`../../functions/${feature}/index.ts`).then(
      (module: { handler: HttpHandler }) => module.handler,
    );
    handlers.set(feature, handler);
  }
  return handler;
}

let authorize: ReturnType<typeof createJwtAuthorizer> | undefined;
/** Claims of the access tokens verified so far: each token is checked once, when first used. */
const verifiedClaims = new Map<string, JWTPayload>();

async function claimsOf(token: string): Promise<JWTPayload> {
  const known = verifiedClaims.get(token);
  if (known) return known;
  const env = inject('functionEnv');
  authorize ??= createJwtAuthorizer(env.COGNITO_ENDPOINT!, env.USER_POOL_ID!, env.USER_POOL_CLIENT_ID!);
  const claims = await authorize(`Bearer ${token}`);
  if (!claims) throw new Error('The harness calls a handler as API Gateway would: with a valid access token');
  verifiedClaims.set(token, claims);
  return claims;
}

let poolKeys: ReturnType<typeof createRemoteJWKSet> | undefined;

/**
 * The claims API Gateway's JWT authorizer passes on in AWS, which checks less than the local one:
 * the signature, issuer and expiry, and the audience, which is the token's aud when it has one (an
 * ID token's is the app client) and else its client_id. It never looks at token_use, so an ID
 * token of our client gets through to the function.
 */
export async function awsAuthorizerClaims(token: string): Promise<JWTPayload> {
  const env = inject('functionEnv');
  const issuer = `${env.COGNITO_ENDPOINT!}/${env.USER_POOL_ID!}`;
  poolKeys ??= createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const { payload } = await jwtVerify(token, poolKeys, { issuer });
  const audience = payload.aud === undefined ? [payload.client_id] : [payload.aud].flat();
  if (!audience.includes(env.USER_POOL_CLIENT_ID!)) throw new Error('API Gateway refuses the audience: 401');
  return payload;
}

type Claims = HttpEvent['requestContext']['authorizer']['jwt']['claims'];

/** The claims as API Gateway's JWT authorizer passes them on: strings, numbers, booleans, string lists. */
function asClaims(payload: JWTPayload): Claims {
  const claims: Claims = {};
  for (const [name, value] of Object.entries(payload)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      claims[name] = value;
    else if (Array.isArray(value)) claims[name] = value.map(String);
  }
  return claims;
}

function lambdaContext(feature: Feature, requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `harness-${feature}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:harness-${feature}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/harness-${feature}`,
    logStreamName: 'harness',
    getRemainingTimeInMillis: () => 29_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** The query as API Gateway hands it over: repeated names joined with commas. */

/** Calls the handler of the route `path` names, in this process, as API Gateway would. */
export async function callHandler<T = Record<string, unknown>>(
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T>> {
  const { status, body } = await callHandlerWithHeaders<T>(path, options);
  return { status, body };
}

/**
 * callHandler, with the token's claims as API Gateway's own JWT authorizer lets them through in AWS
 * (awsAuthorizerClaims), rather than as the local one does.
 */
export function callHandlerAsInAws<T = Record<string, unknown>>(
  path: string,
  options: ApiOptions = {},
): Promise<ApiResponse<T>> {
  return callHandlerWithHeaders<T>(path, options, awsAuthorizerClaims);
}

/**
 * How a call reaches the handler: through CloudFront (its origin secret and the viewer's address
 * added, as the test stack's gateway adds them), or straight at the API's execute-api endpoint
 * (issue 35): the headers exactly as the caller wrote them, from the connection `sourceIp`.
 */
export type HandlerReach = { via: 'cloudfront' } | { via: 'execute-api'; sourceIp: string };

/** callHandler, with the answer's headers (Retry-After). */
export async function callHandlerWithHeaders<T = Record<string, unknown>>(
  path: string,
  options: ApiOptions = {},
  authorizer: (token: string) => Promise<JWTPayload> = claimsOf,
  reach: HandlerReach = { via: 'cloudfront' },
): Promise<ApiResponse<T> & { headers: Record<string, string> }> {
  const method = options.method ?? 'GET';
  const url = new URL(path, 'http://harness.local');
  const matched = matchRoute(method, url.pathname);
  if (!matched || matched === 'malformed')
    throw new Error(`No route in functions/routes.ts for ${method} ${url.pathname}`);
  const { route } = matched;
  const claims = route.auth === 'user' ? asClaims(await authorizer(options.token ?? '')) : {};

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  // As the test stack's gateway does (stack-client.ts, testClientAddress): the client's address is
  // the one the call names, else one of its own.
  if (reach.via === 'cloudfront') {
    headers[VIEWER_ADDRESS_HEADER] = `${headers['x-forwarded-for'] ?? testClientAddress()}:0`;
    headers[ORIGIN_SECRET_HEADER] = inject('originSecret');
  }
  let body = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const requestId = randomUUID();
  const event = apiGatewayEvent({
    matched,
    url,
    headers,
    ...(body ? { body } : {}),
    claims,
    source: {
      name: 'harness',
      protocol: 'HTTP/1.1',
      sourceIp: reach.via === 'execute-api' ? reach.sourceIp : '127.0.0.1',
      userAgent: 'harness',
    },
    requestId,
  });

  const handler = await featureHandler(route.feature);
  const result = await handler(event, lambdaContext(route.feature, requestId));
  const text = result.body ?? '';
  const answered = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  return { status: result.statusCode ?? 200, body: (text ? JSON.parse(text) : null) as T, headers: answered };
}

/**
 * Signs a new company up through the auth feature's handler, signs its admin in with cognito-local,
 * and verifies the token at once, on the clock of that moment.
 */
export async function signUpCompanyInProcess(companyName = 'Acme Ltd'): Promise<TestCompany> {
  const target = { baseUrl: inject('baseUrl'), runtimeConfig: inject('runtimeConfig') };
  const company = await signUpCompanyAt(target, companyName, callHandler);
  await claimsOf(company.accessToken);
  return company;
}

/**
 * The handlers' clock, for one test file: clock.set() fakes Date alone (timers and I/O keep real
 * time, so DynamoDB Local and Cognito calls run as usual); each test ends on the real clock.
 */
export function useHandlerClock() {
  afterEach(() => {
    vi.useRealTimers();
  });
  return {
    set(isoTime: string) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(isoTime));
    },
  };
}
