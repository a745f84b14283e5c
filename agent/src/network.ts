import http from 'node:http';
import https from 'node:https';
import tls from 'node:tls';
import type { Dispatcher, fetch as UndiciFetch } from 'undici';
import * as z from 'zod';
import { maskProxyUrl, type AgentConfig, type ProxySetting } from './config';

/**
 * The agent's one way out to the network: with a proxy or a private CA configured, undici's fetch
 * with a dispatcher made from the configuration (a proxy, reached with CONNECT for https; the CA
 * trusted beside Node's own roots); without either, Node's own fetch. Failures are told in words
 * that name the cause, for the log an admin reads. Enrolment, reports and the self-update all go
 * through `agentFetch`, so they take the same path.
 *
 * The undici package is loaded only when a proxy or a CA needs it: loading it costs the resident
 * memory some 20 MB (measured with Node 20), on top of Node's built-in fetch, and most machines
 * have neither (the footprint budget is 80 MB). Enrolment and reports, the service's only traffic
 * between updates, go through `agentPost`: Node's own http/https unless a proxy is configured, as
 * the built-in fetch alone holds some 17 MB more of a Node 24 service's memory (the bench's idle RSS).
 */

export type NetworkSettings = Pick<AgentConfig, 'proxy' | 'caCertFile' | 'caCertificates'>;

/** A request that got no HTTP answer; the message says why, in an admin's words. */
export class NetworkError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** Whether these settings need undici's dispatchers: a proxy or a CA bundle. */
export function needsDispatcher(settings: NetworkSettings): boolean {
  return settings.proxy !== null || settings.caCertificates.length > 0;
}

/** The dispatcher for these settings: direct, through the configured proxy, or HTTPS_PROXY's (minding NO_PROXY). */
export async function agentDispatcher(settings: NetworkSettings): Promise<Dispatcher> {
  const { Agent, EnvHttpProxyAgent, ProxyAgent } = await import('undici');
  // Added to Node's roots, not instead of them: a public server stays trusted.
  const trust =
    settings.caCertificates.length > 0 ? { ca: [...tls.rootCertificates, ...settings.caCertificates] } : {};
  const { proxy } = settings;
  if (!proxy) return new Agent({ connect: trust });
  if (proxy.noProxy !== null) {
    // HTTPS_PROXY is for https URLs only, as curl reads it: an http endpoint goes direct.
    return new EnvHttpProxyAgent({
      httpProxy: '',
      httpsProxy: proxy.url,
      noProxy: proxy.noProxy,
      connect: trust,
      requestTls: trust,
      proxyTls: trust,
    });
  }
  // requestTls: the server's certificate, checked inside the tunnel; proxyTls: an https:// proxy's own.
  return new ProxyAgent({ uri: proxy.url, requestTls: trust, proxyTls: trust });
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** The agent sends JSON text and downloads files: a body is text or bytes. */
function requestBody(body: RequestInit['body']): string | Uint8Array | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof Uint8Array) return body;
  throw new TypeError('agentFetch sends a text or byte body only');
}

/** undici's response body as the global ReadableStream `typeof fetch` promises, still streamed. */
function globalStream(
  body: {
    getReader(): {
      read(): Promise<{ done: boolean; value?: unknown }>;
      cancel(reason?: unknown): Promise<void>;
    };
  } | null,
) {
  if (!body) return null;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else if (value instanceof Uint8Array) controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * A fetch for the agent: `typeof fetch`, so send.ts, delivery.ts and the updater take it as they
 * would the global one. A failure without an HTTP answer is thrown as a NetworkError naming its
 * cause; an abort or timeout of the caller's signal is thrown unchanged.
 */
export function agentFetch(settings: NetworkSettings): typeof fetch {
  let undici: Promise<{ undiciFetch: typeof UndiciFetch; dispatcher: Dispatcher }> | null = null;
  const withDispatcher = async (url: string, init: RequestInit | undefined): Promise<Response> => {
    undici ??= Promise.all([import('undici'), agentDispatcher(settings)]).then(([module, dispatcher]) => ({
      undiciFetch: module.fetch,
      dispatcher,
    }));
    const { undiciFetch, dispatcher } = await undici;
    const response = await undiciFetch(url, {
      method: init?.method,
      headers: [...new Headers(init?.headers)],
      body: requestBody(init?.body),
      signal: init?.signal,
      redirect: init?.redirect,
      dispatcher,
    });
    // These statuses carry no body, and Response refuses one for them.
    const bodiless = [204, 205, 304].includes(response.status);
    return new Response(bodiless ? null : globalStream(response.body), {
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
    });
  };
  const direct = !needsDispatcher(settings);
  return async (input, init) => {
    const url = urlOf(input);
    try {
      return direct ? await fetch(input, init) : await withDispatcher(url, init);
    } catch (error) {
      if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
        throw error;
      throw new NetworkError(describeNetworkError(error, url, settings), { cause: error });
    }
  };
}

// Lenient field by field: a DOMException's code is a number, and must not hide its cause.
const errorShape = z
  .object({
    code: z.string().optional().catch(undefined),
    message: z.string().optional().catch(undefined),
    hostname: z.string().optional().catch(undefined),
    address: z.string().optional().catch(undefined),
    port: z.number().optional().catch(undefined),
    cause: z.unknown().optional(),
    errors: z.array(z.unknown()).optional().catch(undefined),
  })
  .loose();
type ErrorShape = z.infer<typeof errorShape>;

/** The error and its causes (undici wraps the socket's error in `cause`; happy eyeballs in `errors`). */
function causeChain(error: unknown, depth = 0): ErrorShape[] {
  const shape = errorShape.safeParse(error);
  if (!shape.success || depth > 8) return [];
  const nested = [shape.data.cause, ...(shape.data.errors ?? [])].filter((each) => each !== undefined);
  return [shape.data, ...nested.flatMap((each) => causeChain(each, depth + 1))];
}

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'ECONNRESET']);
const NAME_UNKNOWN = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NONAME']);
const CONNECT_TIMEOUT = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT']);
const ANSWER_TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** What the proxy answered to CONNECT, when it refused the tunnel. */
function proxyRefusal(status: number, proxy: string, target: string, hasCredentials: boolean): string {
  if (status === 407) {
    return hasCredentials
      ? `the proxy ${proxy} refused the credentials in PROXY_URL (407 Proxy Authentication Required): check the user name and password`
      : `the proxy ${proxy} asks for credentials (407 Proxy Authentication Required): put them in PROXY_URL (http://user:password@host:port)`;
  }
  if (status === 403) {
    return `the proxy ${proxy} refused to connect to ${target} (403 Forbidden): ask its administrator to allow ${target}`;
  }
  return `the proxy ${proxy} could not open a tunnel to ${target} (it answered ${status} to CONNECT)`;
}

/** Whether a socket error is about the proxy's own host (the proxy is down, or its name is wrong). */
function isAboutProxy(shape: ErrorShape, proxyUrl: URL): boolean {
  const host = proxyUrl.hostname.replace(/^\[|\]$/g, '');
  const port = Number(proxyUrl.port || (proxyUrl.protocol === 'https:' ? 443 : 80));
  if (shape.hostname !== undefined) return shape.hostname === host;
  if (shape.port !== undefined)
    return (
      shape.port === port && (shape.address === undefined || shape.address === host || host === 'localhost')
    );
  // undici's connect timeout names only "attempted address: host:port" in its message.
  return (shape.message ?? '').includes(`${host}:${port}`);
}

/**
 * Why a request got no HTTP answer, naming the cause and what to do: the proxy unreachable or
 * refusing the tunnel (407, 403), the server's certificate not trusted or not for this host, a
 * name that does not resolve, a refused connection, a timeout.
 */
export function describeNetworkError(
  error: unknown,
  url: string,
  settings: Pick<NetworkSettings, 'proxy' | 'caCertFile'> = { proxy: null, caCertFile: null },
): string {
  const chain = causeChain(error);
  const target = new URL(url);
  const host = target.hostname;
  const proxy: ProxySetting | null = settings.proxy;
  const proxyUrl = proxy ? new URL(proxy.url) : null;
  const proxyName = proxy ? maskProxyUrl(proxy.url) : '';
  const find = (codes: Set<string>) =>
    chain.find((shape) => shape.code !== undefined && codes.has(shape.code));

  const tunnel = chain.map((shape) => /Proxy response \((\d+)\)/.exec(shape.message ?? '')).find(Boolean);
  if (tunnel && proxyUrl) {
    const port = target.port || (target.protocol === 'https:' ? '443' : '80');
    return proxyRefusal(
      Number(tunnel[1]),
      proxyName,
      `${host}:${port}`,
      Boolean(proxyUrl.username || proxyUrl.password),
    );
  }
  const untrusted = find(UNTRUSTED);
  if (untrusted) {
    const already = settings.caCertFile ? ` (the CA in ${settings.caCertFile} does not sign it)` : '';
    return `the server certificate of ${host} is not trusted (${untrusted.code})${already}: if a TLS-inspecting proxy or a private CA signs it, set CA_CERT_FILE to that CA's certificate`;
  }
  const altName = find(new Set(['ERR_TLS_CERT_ALTNAME_INVALID']));
  if (altName) {
    return `the server certificate is not valid for ${host} (${altName.code}: ${altName.message ?? ''}): check the host name in the endpoint`;
  }
  const expired = find(new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']));
  if (expired)
    return `the server certificate of ${host} is out of its validity dates (${expired.code}): check this machine's clock`;
  if (proxyUrl) {
    const proxyDown = chain.find(
      (shape) =>
        shape.code !== undefined &&
        (UNREACHABLE.has(shape.code) || NAME_UNKNOWN.has(shape.code) || CONNECT_TIMEOUT.has(shape.code)) &&
        isAboutProxy(shape, proxyUrl),
    );
    if (proxyDown?.code) {
      const why = NAME_UNKNOWN.has(proxyDown.code)
        ? `its name ${proxyUrl.hostname} does not resolve`
        : 'no connection';
      return `the proxy ${proxyName} (from ${proxy?.source}) cannot be reached: ${why} (${proxyDown.code}); check PROXY_URL`;
    }
  }
  const unknownName = find(NAME_UNKNOWN);
  if (unknownName)
    return `the server name ${host} does not resolve (${unknownName.code}): check the endpoint and this machine's DNS`;
  const timeout = find(CONNECT_TIMEOUT);
  if (timeout)
    return `no connection to ${host} in time (${timeout.code}): a firewall may drop it${proxy ? '' : '; set PROXY_URL if the network needs a proxy'}`;
  const slow = find(ANSWER_TIMEOUT);
  if (slow) return `${host} took the connection but did not answer in time (${slow.code})`;
  const refused = find(new Set(['ECONNREFUSED']));
  if (refused)
    return `${target.host} refused the connection (ECONNREFUSED): check the endpoint's address and port`;
  const reset = find(new Set(['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']));
  if (reset) {
    return `the connection to ${host} was cut (${reset.code})${proxy ? '' : ': a proxy or firewall may require PROXY_URL'}`;
  }
  const innermost = chain.at(-1);
  return innermost?.code ?? innermost?.message ?? String(error);
}

/** The answer to a POST: what send.ts reads of it. */
export interface PostAnswer {
  status: number;
  statusText: string;
  text: string;
  retryAfter: string | null;
}

/** A JSON POST (enrolment, a report). Throws a NetworkError naming the cause, or a TimeoutError. */
export type AgentPost = (
  url: string,
  request: { headers: Record<string, string>; body: string; timeoutMs: number },
) => Promise<PostAnswer>;

/** POSTs with a fetch (the one through a proxy; a test's). */
export function fetchPost(fetchImpl: typeof fetch): AgentPost {
  return async (url, { headers, body, timeoutMs }) => {
    const response = await fetchImpl(url, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text().catch(() => '');
    return {
      status: response.status,
      statusText: response.statusText,
      text,
      retryAfter: response.headers.get('retry-after'),
    };
  };
}

/** POSTs with Node's http/https, trusting the CA bundle beside Node's roots. */
function directPost(settings: NetworkSettings): AgentPost {
  const ca =
    settings.caCertificates.length > 0 ? [...tls.rootCertificates, ...settings.caCertificates] : undefined;
  return (url, { headers, body, timeoutMs }) =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const signal = AbortSignal.timeout(timeoutMs);
      const fail = (error: unknown) =>
        reject(
          signal.aborted
            ? signal.reason
            : new NetworkError(describeNetworkError(error, url, settings), { cause: error }),
        );
      const options = {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        signal,
      };
      const answer = (response: http.IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            statusText: response.statusMessage ?? '',
            text: Buffer.concat(chunks).toString('utf8'),
            retryAfter: retryAfter ?? null,
          });
        });
      };
      const request =
        target.protocol === 'https:'
          ? https.request(target, { ...options, ca }, answer)
          : http.request(target, options, answer);
      request.on('error', fail);
      request.end(body);
    });
}

/**
 * How the service posts: through the configured proxy (agentFetch's undici, or the one given to share
 * its connections), else directly with Node's http/https.
 */
export function agentPost(settings: NetworkSettings, proxied?: typeof fetch): AgentPost {
  return settings.proxy ? fetchPost(proxied ?? agentFetch(settings)) : directPost(settings);
}
