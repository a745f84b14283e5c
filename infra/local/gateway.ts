import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'aws-lambda';
import { AGENT_BUNDLE_FILE_NAME } from '../../shared/agent-data';
import { AGENT_BUNDLE_BUILDING_CODE } from '../../shared/agent-download';
import type { RuntimeConfig } from '../../shared/runtime-config';
import { RUNTIME_CONFIG_PATH } from '../../shared/runtime-config';
import type { HttpHandler, HttpResult } from '../../functions/lib/http';
import { VIEWER_ADDRESS_HEADER } from '../../functions/lib/rate-limits';
import { ORIGIN_SECRET_HEADER } from '../../functions/lib/origin-secret';
import { handleSecretsManager, LOCAL_SECRETS_MANAGER_PATH, type LocalSecrets } from './secrets-manager';
import { type Feature } from '../../functions/routes';
import { apiGatewayEvent, decodedOrNull, matchRoute } from './http-event';
import { AGENT_PACKAGE_MESSAGES, type AgentPackage } from './agent-package';
import type { JwtAuthorizer } from './jwt-authorizer';
import { renderOutboxPage, type Outbox } from './outbox';
import { handleSesSendEmail, LOCAL_SES_SEND_EMAIL_PATH } from './ses';
import { LOCAL_LAMBDA_PREFIX, localLambdaContext, type LocalLambda } from './lambda';
import { readBodyUpTo } from './request-body';
import { functionSettings } from '../function-settings';
import { cognitoOrigin, securityHeaders } from '../security-headers';

/**
 * The local stand-in for API Gateway + CloudFront: one HTTP server that serves the built SPA and
 * dispatches /api/* through the route table to the same feature Lambdas AWS runs, after the same
 * JWT checks, with CloudFront's security headers on every answer (infra/security-headers.ts).
 */
export interface GatewayOptions {
  port: number;
  webDistDir: string;
  /** The agent installer zip: the local stand-in for the agent-bundles bucket, built when needed. */
  agentPackage: AgentPackage;
  /** The agent updates' TUF repository (metadata/, targets/): the bucket's updates/ prefix locally. */
  agentUpdatesDir: string;
  runtimeConfig: RuntimeConfig;
  authorize: JwtAuthorizer;
  outbox: Outbox;
  /** The Lambda stand-in, which runs the functions the product invokes by name (the import's job). */
  lambda: LocalLambda;
  /**
   * Whose address the API sees as the client's (issue 25's per-client limits): the connection's, as
   * CloudFront does; or, for test runs that play many clients over loopback, the first address of
   * X-Forwarded-For the caller sent. Never the latter for a stack people use.
   */
  viewerAddressFrom?: 'connection' | 'x-forwarded-for';
  /**
   * The Secrets Manager stand-in (served at LOCAL_SECRETS_MANAGER_PATH) and the origin secret's
   * name in it: as CloudFront's origin custom header, every /api/* request gets the secret's
   * current value (issue 35), replacing any the client sent.
   */
  secrets: LocalSecrets;
  originSecretName: string;
}

/** Where the local store serves the agent installer (the functions' AGENT_BUNDLE_URL). */
export const LOCAL_AGENT_BUNDLE_PATH = `/dev/agent/${AGENT_BUNDLE_FILE_NAME}`;

/** Where the local store serves the agent updates (the functions' AGENT_UPDATES_URL, with the origin). */
export const LOCAL_AGENT_UPDATES_PATH = '/dev/agent/updates';

/** API Gateway's payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

const featureHandlers = new Map<Feature, Promise<HttpHandler>>();

function featureHandler(feature: Feature): Promise<HttpHandler> {
  let handler = featureHandlers.get(feature);
  if (!handler) {
    handler = import(`../../functions/${feature}/index.ts`).then(
      (module: { handler: HttpHandler }) => module.handler,
    );
    featureHandlers.set(feature, handler);
  }
  return handler;
}

function lambdaContext(feature: Feature, requestId: string): Context {
  return localLambdaContext(`local-${feature}`, functionSettings(feature), requestId);
}

/**
 * Invocations running at once. In AWS every invocation has a sandbox, a CPU share and a time limit
 * of its own; here they all share this process and DynamoDB Local. A thousand agents reporting at
 * once, all started together, would each run for the time the whole thousand take, and every one
 * would hit its time limit while waiting for the CPU. Beyond this many, a request waits for a free
 * "sandbox", and its function's clock starts when it gets one, as it would in AWS.
 */
export const CONCURRENT_INVOCATIONS = 24;

/** A counting semaphore: runs at most `limit` tasks at once, the others in arrival order. */
export function invocationLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await task();
    } finally {
      // The slot passes straight to the next waiter, so `running` stays counted for it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const invoke = invocationLimiter(CONCURRENT_INVOCATIONS);

function sendJson(res: ServerResponse, statusCode: number, body: unknown) {
  res.writeHead(statusCode, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function apiError(res: ServerResponse, statusCode: number, code: string, message: string, details?: unknown) {
  sendJson(res, statusCode, { error: { code, message, ...(details === undefined ? {} : { details }) } });
}

/** The request's body, or null past MAX_BODY_BYTES (API Gateway's limit). */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return readBodyUpTo(req, MAX_BODY_BYTES);
}

/** The viewer's address and port, as CloudFront writes them (IPv6 without brackets). */
function viewerAddress(req: IncomingMessage, options: GatewayOptions): string {
  const forwarded = req.headers['x-forwarded-for'];
  const claimed = typeof forwarded === 'string' ? forwarded.split(',')[0]?.trim() : undefined;
  const address =
    options.viewerAddressFrom === 'x-forwarded-for' && claimed && isIP(claimed)
      ? claimed
      : (req.socket.remoteAddress ?? '127.0.0.1');
  return `${address}:${req.socket.remotePort ?? 0}`;
}

const isTextual = (contentType: string | undefined) =>
  !contentType || /^text\/|json|xml|x-www-form-urlencoded/i.test(contentType);

async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, options: GatewayOptions) {
  const method = req.method ?? 'GET';
  const matched = matchRoute(method, url.pathname);
  if (!matched) return apiError(res, 404, 'not_found', `No route ${method} ${url.pathname}`);
  if (matched === 'malformed') return apiError(res, 400, 'invalid_path', 'The path is not validly encoded');
  const { route } = matched;

  let claims: Record<string, string | number | boolean | string[]> = {};
  if (route.auth === 'user') {
    const payload = await options.authorize(req.headers.authorization);
    if (!payload) return apiError(res, 401, 'unauthorized', 'Sign in to continue');
    claims = payload as typeof claims;
  }

  const raw = await readBody(req);
  if (raw === null) return apiError(res, 413, 'payload_too_large', 'The request is larger than 10 MB');
  const textual = isTextual(req.headers['content-type']);
  const requestId = randomUUID();
  const headers = Object.fromEntries(
    Object.entries(req.headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(',') : (value ?? ''),
    ]),
  );
  // CloudFront tells the API the viewer's address in this header, whatever the viewer sent in it.
  headers[VIEWER_ADDRESS_HEADER] = viewerAddress(req, options);
  // CloudFront's origin custom header: the proof that the request came this way.
  const originSecret = options.secrets.value(options.originSecretName);
  if (originSecret) headers[ORIGIN_SECRET_HEADER] = originSecret;
  else delete headers[ORIGIN_SECRET_HEADER];
  const event = apiGatewayEvent({
    matched,
    url,
    headers,
    ...(raw.length ? { body: raw.toString(textual ? 'utf8' : 'base64') } : {}),
    isBase64Encoded: raw.length > 0 && !textual,
    claims,
    source: {
      name: 'local',
      protocol: `HTTP/${req.httpVersion}`,
      sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      userAgent: req.headers['user-agent'] ?? '',
    },
    requestId,
  });

  const handler = await featureHandler(route.feature);
  const result: HttpResult = await invoke(() => handler(event, lambdaContext(route.feature, requestId)));
  const body = result.body ?? '';
  res.writeHead(result.statusCode ?? 200, {
    ...(result.headers as Record<string, string> | undefined),
    ...(result.cookies?.length ? { 'set-cookie': result.cookies } : {}),
  });
  res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * The agent zip, as the agent-bundles bucket serves it through a presigned URL: an attachment. While
 * the local stack builds it (it was missing or older than the agent's sources), a 503 says so.
 */
async function serveAgentBundle(req: IncomingMessage, res: ServerResponse, agentPackage: AgentPackage) {
  const status = await agentPackage.status();
  const size = status.state === 'ready' ? (await stat(status.file).catch(() => null))?.size : undefined;
  if (status.state !== 'ready' || size === undefined) {
    res.setHeader('retry-after', '15');
    return status.state === 'failed'
      ? apiError(res, 503, 'agent_bundle_failed', AGENT_PACKAGE_MESSAGES.failed(status.reason))
      : apiError(
          res,
          503,
          AGENT_BUNDLE_BUILDING_CODE,
          AGENT_PACKAGE_MESSAGES.building,
          status.state === 'building' ? status.progress : { step: null, elapsed_seconds: 0 },
        );
  }
  res.writeHead(200, {
    'content-type': 'application/zip',
    'content-length': String(size),
    'content-disposition': `attachment; filename="${AGENT_BUNDLE_FILE_NAME}"`,
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(status.file).pipe(res);
}

/**
 * A file of the agent updates' repository, as the bucket serves it to a presigned URL: the bytes as
 * stored. The updates route (functions/agent-reports/updates.ts) checked the device and the path.
 */
async function serveAgentUpdate(req: IncomingMessage, res: ServerResponse, url: URL, dir: string) {
  const relative = decodedOrNull(url.pathname.slice(LOCAL_AGENT_UPDATES_PATH.length + 1));
  const file = relative === null ? null : path.resolve(dir, relative);
  const size = file?.startsWith(dir + path.sep) ? await stat(file).catch(() => null) : null;
  if (!file || !size?.isFile()) return apiError(res, 404, 'not_found', 'No such update file');
  res.writeHead(200, {
    'content-type': file.endsWith('.json') ? 'application/json' : 'application/octet-stream',
    'content-length': String(size.size),
    'cache-control': 'no-store',
  });
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

/** Text files CloudFront compresses for browsers that accept it; the gateway does the same. */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt']);
/** Gzipped hashed assets: they never change under one name, so each is compressed once. */
const gzippedAssets = new Map<string, Buffer>();

function gzipped(file: string, content: Buffer, immutable: boolean): Buffer {
  if (!immutable) return gzipSync(content);
  let body = gzippedAssets.get(file);
  if (!body) gzippedAssets.set(file, (body = gzipSync(content)));
  return body;
}

async function serveStatic(req: IncomingMessage, res: ServerResponse, url: URL, webDistDir: string) {
  const requested = path.normalize(path.join(webDistDir, decodedOrNull(url.pathname) ?? '/'));
  const inside = requested.startsWith(webDistDir + path.sep);
  const isFile = inside && (await stat(requested).catch(() => null))?.isFile();
  // The SPA's own routes (/settings, /reset-password …) all load index.html, as CloudFront does.
  const file = isFile ? requested : path.join(webDistDir, 'index.html');
  const content = await readFile(file).catch(() => null);
  if (!content) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The web app is not built. Run: npm run build:web');
    return;
  }
  const immutable = file.includes(`${path.sep}assets${path.sep}`);
  const compress =
    COMPRESSIBLE.has(path.extname(file)) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  res.writeHead(200, {
    'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
    ...(compress ? { 'content-encoding': 'gzip' } : {}),
  });
  res.end(compress ? gzipped(file, content, immutable) : content);
}

export function startGateway(options: GatewayOptions): Promise<Server> {
  const { region, userPoolEndpoint } = options.runtimeConfig;
  const headers = Object.entries(securityHeaders(cognitoOrigin(region, userPoolEndpoint)));
  const server = http.createServer((req, res) => {
    // As CloudFront's response headers policy does, on every answer: the app, the API, the dev pages.
    for (const [name, value] of headers) res.setHeader(name, value);
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const work = async () => {
      if (url.pathname.startsWith('/api/')) return handleApi(req, res, url, options);
      if (url.pathname === RUNTIME_CONFIG_PATH) return sendJson(res, 200, options.runtimeConfig);
      if (url.pathname === LOCAL_AGENT_BUNDLE_PATH) return serveAgentBundle(req, res, options.agentPackage);
      if (url.pathname.startsWith(`${LOCAL_AGENT_UPDATES_PATH}/`))
        return serveAgentUpdate(req, res, url, path.resolve(options.agentUpdatesDir));
      if (url.pathname === LOCAL_SES_SEND_EMAIL_PATH && req.method === 'POST') {
        const raw = await readBody(req);
        if (raw === null) return sendJson(res, 413, { message: 'The request is larger than 10 MB' });
        return handleSesSendEmail(raw.toString('utf8'), res, options.outbox);
      }
      // The SDK posts its JSON calls to the endpoint's path with a '/' added.
      if (url.pathname.replace(/\/$/, '') === LOCAL_SECRETS_MANAGER_PATH && req.method === 'POST')
        return handleSecretsManager(req, res, options.secrets);
      if (url.pathname.startsWith(LOCAL_LAMBDA_PREFIX)) return options.lambda.handleInvoke(req, res, url);
      if (url.pathname === '/dev/outbox.json') return sendJson(res, 200, await options.outbox.list());
      if (url.pathname === '/dev/outbox') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(renderOutboxPage(await options.outbox.list()));
      }
      return serveStatic(req, res, url, options.webDistDir);
    };
    work().catch((error: unknown) => {
      console.error('[gateway]', error);
      if (!res.headersSent)
        apiError(res, 500, 'internal', 'Something went wrong on our side. Please try again.');
      else res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve(server));
  });
}
