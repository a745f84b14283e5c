import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { errors } from 'undici';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startConnectProxy } from '../../test/support/connect-proxy';
import { makePrivateCa, type PrivateCa } from '../../test/support/private-ca';
import type { ProxySetting } from './config';
import { agentFetch, agentPost, describeNetworkError, NetworkError, type NetworkSettings } from './network';

/**
 * The agent's fetch against real sockets: an HTTPS server whose certificate a private CA (made
 * with openssl now) signed, a real CONNECT proxy (the `proxy` package) that records its tunnels,
 * and proxies that refuse. No request is faked: what the log would say comes from undici's errors.
 */

let ca: PrivateCa;
let server: https.Server;
let origin: string;
const received: string[] = [];

async function listen(listening: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  return (listening.address() as AddressInfo).port;
}

beforeAll(async () => {
  ca = makePrivateCa(['localhost', '127.0.0.1']);
  server = https.createServer({ key: ca.serverKey, cert: ca.serverCert }, (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(body);
      response.writeHead(202, { 'content-type': 'application/json' }).end('{"received_at":"now"}');
    });
  });
  origin = `https://127.0.0.1:${await listen(server)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  ca.remove();
});

const configured = (url: string): ProxySetting => ({
  url,
  source: '"proxy_url" in agent-config.json',
  noProxy: null,
});
const trusting = (proxy: ProxySetting | null): NetworkSettings => ({
  proxy,
  caCertFile: ca.caFile,
  caCertificates: [ca.caPem],
});

function post(settings: NetworkSettings, url = `${origin}/api/agent/report`) {
  return agentFetch(settings)(url, { method: 'POST', body: '{"hostname":"FINANCE-PC-01"}' });
}

/** The message the agent would log for a request that got no answer. */
async function failure(settings: NetworkSettings, url?: string): Promise<string> {
  const error: unknown = await post(settings, url).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(NetworkError);
  return error instanceof Error ? error.message : '';
}

async function proxyAnswering(status: string): Promise<string> {
  const refusing = http.createServer();
  refusing.on('connect', (_request, socket: Socket) => socket.end(`HTTP/1.1 ${status}\r\n\r\n`));
  const port = await listen(refusing);
  onTestFinished(() => new Promise<void>((resolve) => refusing.close(() => resolve())));
  return `http://127.0.0.1:${port}`;
}

describe('agentFetch through a CONNECT proxy to a server of a private CA', () => {
  it('tunnels HTTPS through the proxy and trusts the server with the CA bundle only', async () => {
    const proxy = await startConnectProxy();
    onTestFinished(proxy.close);
    const response = await post(trusting(configured(proxy.url)));
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ received_at: 'now' });
    expect(received.at(-1)).toBe('{"hostname":"FINANCE-PC-01"}');
    expect(proxy.connects).toEqual([new URL(origin).host]);
  });

  it('still trusts the public roots beside the private CA, and goes direct without a proxy', async () => {
    const response = await post(trusting(null));
    expect(response.status).toBe(202);
  });

  it('names an untrusted server certificate and the setting that fixes it', async () => {
    const proxy = await startConnectProxy();
    onTestFinished(proxy.close);
    const message = await failure({ proxy: configured(proxy.url), caCertFile: null, caCertificates: [] });
    expect(message).toMatch(
      /^the server certificate of 127\.0\.0\.1 is not trusted \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\)/,
    );
    expect(message).toContain('if a TLS-inspecting proxy or a private CA signs it, set CA_CERT_FILE');
    expect(proxy.connects).toHaveLength(1);

    const other = makePrivateCa(['localhost']);
    onTestFinished(other.remove);
    const wrongCa = await failure({ proxy: null, caCertFile: other.caFile, caCertificates: [other.caPem] });
    expect(wrongCa).toContain(`(the CA in ${other.caFile} does not sign it)`);
  });

  it('names a certificate made for another host', async () => {
    const elsewhere = makePrivateCa(['assets.example.com']);
    onTestFinished(elsewhere.remove);
    const mismatched = https.createServer({ key: elsewhere.serverKey, cert: elsewhere.serverCert });
    const port = await listen(mismatched);
    onTestFinished(() => new Promise<void>((resolve) => mismatched.close(() => resolve())));
    const message = await failure(
      { proxy: null, caCertFile: elsewhere.caFile, caCertificates: [elsewhere.caPem] },
      `https://127.0.0.1:${port}/api/agent/report`,
    );
    expect(message).toMatch(
      /^the server certificate is not valid for 127\.0\.0\.1 \(ERR_TLS_CERT_ALTNAME_INVALID/,
    );
  });

  it('names a proxy that asks for credentials, and gets through with them in PROXY_URL', async () => {
    const proxy = await startConnectProxy({ credentials: { user: 'svc-agent', password: 's3cr3t!' } });
    onTestFinished(proxy.close);
    const message = await failure(trusting(configured(proxy.url)));
    expect(message).toBe(
      `the proxy ${proxy.url} asks for credentials (407 Proxy Authentication Required): put them in PROXY_URL (http://user:password@host:port)`,
    );
    const wrong = await failure(trusting(configured(`http://svc-agent:wrong@127.0.0.1:${proxy.port}`)));
    expect(wrong).toContain(
      `the proxy http://***@127.0.0.1:${proxy.port} refused the credentials in PROXY_URL`,
    );
    expect(wrong).not.toContain('wrong');
    const response = await post(trusting(configured(`http://svc-agent:s3cr3t%21@127.0.0.1:${proxy.port}`)));
    expect(response.status).toBe(202);
    expect(proxy.connects).toHaveLength(3);
  });

  it('names a proxy that forbids the tunnel', async () => {
    const proxyUrl = await proxyAnswering('403 Forbidden');
    const message = await failure(trusting(configured(proxyUrl)));
    expect(message).toBe(
      `the proxy ${proxyUrl} refused to connect to ${new URL(origin).host} (403 Forbidden): ask its administrator to allow ${new URL(origin).host}`,
    );
  });

  it('names a proxy that cannot be reached, by its address or its name', async () => {
    const closed = http.createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const down = await failure(trusting(configured(`http://127.0.0.1:${port}`)));
    expect(down).toBe(
      `the proxy http://127.0.0.1:${port} (from "proxy_url" in agent-config.json) cannot be reached: no connection (ECONNREFUSED); check PROXY_URL`,
    );
    const unknown = await failure(trusting(configured('http://proxy.corp.invalid:8080')));
    expect(unknown).toMatch(
      /^the proxy http:\/\/proxy\.corp\.invalid:8080 .*cannot be reached: its name proxy\.corp\.invalid does not resolve \((ENOTFOUND|EAI_AGAIN)\)/,
    );
  });

  it('honours HTTPS_PROXY and its NO_PROXY', async () => {
    const proxy = await startConnectProxy();
    onTestFinished(proxy.close);
    const fromEnvironment = (noProxy: string): ProxySetting => ({
      url: proxy.url,
      source: 'HTTPS_PROXY',
      noProxy,
    });
    expect((await post(trusting(fromEnvironment('')))).status).toBe(202);
    expect(proxy.connects).toHaveLength(1);
    expect((await post(trusting(fromEnvironment('example.com,127.0.0.1')))).status).toBe(202);
    expect(proxy.connects).toHaveLength(1);
    // HTTPS_PROXY is for https URLs: a plain http endpoint goes direct (a configured proxy_url takes it).
    const plain = http.createServer((_request, response) => response.writeHead(202).end());
    const port = await listen(plain);
    onTestFinished(() => new Promise<void>((resolve) => plain.close(() => resolve())));
    expect((await post(trusting(fromEnvironment('')), `http://127.0.0.1:${port}/`)).status).toBe(202);
    expect(proxy.connects).toHaveLength(1);
    expect((await post(trusting(configured(proxy.url)), `http://127.0.0.1:${port}/`)).status).toBe(202);
    expect(proxy.connects).toEqual([new URL(origin).host, `127.0.0.1:${port}`]);
  });
});

describe('describeNetworkError', () => {
  const direct: NetworkSettings = { proxy: null, caCertFile: null, caCertificates: [] };
  it.each([
    ["Node's own fetch (no proxy, no CA)", () => direct],
    ["undici's, with the CA bundle", () => trusting(null)],
  ])('names a server name that does not resolve and a refused connection: %s', async (_, settingsOf) => {
    const usable = settingsOf();
    const dns = await failure(usable, 'https://assets.example.invalid/api/agent/report');
    expect(dns).toMatch(
      /^the server name assets\.example\.invalid does not resolve \((ENOTFOUND|EAI_AGAIN)\)/,
    );
    const closed = http.createServer();
    const port = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(usable, `https://127.0.0.1:${port}/api/agent/report`)).toBe(
      `127.0.0.1:${port} refused the connection (ECONNREFUSED): check the endpoint's address and port`,
    );
  });
  it("names undici's timeouts: no connection, and no answer", () => {
    const connect = new TypeError('fetch failed', { cause: new errors.ConnectTimeoutError() });
    expect(describeNetworkError(connect, 'https://assets.example.com/api/agent/report')).toBe(
      'no connection to assets.example.com in time (UND_ERR_CONNECT_TIMEOUT): a firewall may drop it; set PROXY_URL if the network needs a proxy',
    );
    const headers = new TypeError('fetch failed', { cause: new errors.HeadersTimeoutError() });
    expect(describeNetworkError(headers, 'https://assets.example.com/')).toBe(
      'assets.example.com took the connection but did not answer in time (UND_ERR_HEADERS_TIMEOUT)',
    );
  });
});

describe("agentPost: enrolment and reports, on Node's http/https unless a proxy is set", () => {
  const report = (settings: NetworkSettings, url = `${origin}/api/agent/report`) =>
    agentPost(settings)(url, {
      headers: { 'content-type': 'application/json' },
      body: '{"hostname":"HR-LAPTOP-07"}',
      timeoutMs: 5_000,
    });

  it('trusts the private CA beside the public roots without undici, and names an untrusted server', async () => {
    const answer = await report(trusting(null));
    expect(answer).toMatchObject({ status: 202, text: '{"received_at":"now"}', retryAfter: null });
    expect(received.at(-1)).toBe('{"hostname":"HR-LAPTOP-07"}');

    const refused: unknown = await report({ proxy: null, caCertFile: null, caCertificates: [] }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(NetworkError);
    expect(refused instanceof Error ? refused.message : '').toContain(
      'the server certificate of 127.0.0.1 is not trusted',
    );
  });

  it('goes through the configured proxy with CONNECT', async () => {
    const proxy = await startConnectProxy();
    onTestFinished(proxy.close);
    expect((await report(trusting(configured(proxy.url)))).status).toBe(202);
    expect(proxy.connects).toEqual([new URL(origin).host]);
  });

  it('gives up after its timeout with a TimeoutError', async () => {
    const silent = http.createServer(() => undefined);
    const port = await listen(silent);
    onTestFinished(() => {
      silent.closeAllConnections();
      return new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const started = Date.now();
    const error: unknown = await agentPost(trusting(null))(`http://127.0.0.1:${port}/api/agent/report`, {
      headers: {},
      body: '{}',
      timeoutMs: 300,
    }).catch((thrown: unknown) => thrown);
    expect(error instanceof Error ? error.name : error).toBe('TimeoutError');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
