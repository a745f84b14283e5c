import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { AgentMachine, AgentSummary } from '../../shared/agent-data';
import { agentInstallation, runAgentOnce } from '../support/agent-program';
import { createKey } from '../support/agents';
import { api, baseUrl, signUpCompany, testClientAddress, type TestCompany } from '../support/api';
import { startConnectProxy, type ConnectProxy } from '../support/connect-proxy';
import { makePrivateCa, type PrivateCa } from '../support/private-ca';

/**
 * The Linux agent end to end as a company network has it (issue 26): the product behind an HTTPS
 * front whose certificate a private CA signed (a TLS-inspecting proxy's, or the company's own),
 * reached only through a CONNECT proxy. The real agent program enrols and reports to the local
 * stack through both, and its log names what stands in the way when a setting is missing.
 */

let ca: PrivateCa;
let front: https.Server;
let frontOrigin: string;
let proxy: ConnectProxy;
const frontRequests: string[] = [];

beforeAll(async () => {
  ca = makePrivateCa(['localhost', '127.0.0.1']);
  const gateway = new URL(baseUrl());
  // As CloudFront before the product: TLS here, the request passed on to the gateway as it came.
  front = https.createServer({ key: ca.serverKey, cert: ca.serverCert }, (request, response) => {
    frontRequests.push(`${request.method} ${request.url}`);
    const upstream = http.request(
      new URL(request.url ?? '/', gateway),
      {
        method: request.method,
        headers: { ...request.headers, host: gateway.host, 'x-forwarded-for': testClientAddress() },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  frontOrigin = `https://127.0.0.1:${(front.address() as AddressInfo).port}`;
  proxy = await startConnectProxy();
});
afterAll(async () => {
  await proxy.close();
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
  ca.remove();
});

/** A company with an agent key, and an installation folder holding the CA's certificate. */
async function setUp(): Promise<{ company: TestCompany; key: string; folder: string }> {
  const company = await signUpCompany();
  const { key } = await createKey(company);
  const installation = agentInstallation();
  onTestFinished(installation.remove);
  copyFileSync(ca.caFile, path.join(installation.folder, 'ca.pem'));
  return { company, key, folder: installation.folder };
}

async function machines(company: TestCompany): Promise<AgentSummary[]> {
  const listed = await api<{ items: AgentSummary[] }>('/api/agents', { token: company.accessToken });
  expect(listed.status).toBe(200);
  return listed.body.items;
}

describe('the Linux agent behind a proxy and a private CA', () => {
  it('enrols and reports through the CONNECT proxy, trusting the server with CA_CERT_FILE only', async () => {
    const { company, key, folder } = await setUp();
    // SERVER_URL as an admin types it: the server's bare address.
    const network = { endpoint: frontOrigin, proxy_url: proxy.url };

    const untrusted = await runAgentOnce(key, { folder }, { config: network });
    expect(untrusted.code, untrusted.output).toBe(1);
    expect(untrusted.output).toMatch(
      /Cannot reach https:\/\/127\.0\.0\.1:\d+\/api\/agent\/enroll: the server certificate of 127\.0\.0\.1 is not trusted \(\w+\): if a TLS-inspecting proxy or a private CA signs it, set CA_CERT_FILE/,
    );

    const connectsBefore = proxy.connects.length;
    const frontBefore = frontRequests.length;
    const trusted = await runAgentOnce(key, { folder }, { config: { ...network, ca_cert_file: 'ca.pem' } });
    expect(trusted.code, trusted.output).toBe(0);
    expect(trusted.output).toContain(
      `proxy ${proxy.url} ("proxy_url" in ${path.join(folder, 'agent-config.json')})`,
    );
    expect(trusted.output).toContain(`CA bundle ${path.join(folder, 'ca.pem')} (1 certificate(s))`);
    expect(trusted.output).toMatch(/Enrolled as device \w+/);
    // Every request went through the proxy's tunnel to the front, which passed it on.
    expect(new Set(proxy.connects.slice(connectsBefore))).toEqual(new Set([new URL(frontOrigin).host]));
    expect(frontRequests.slice(frontBefore)).toEqual(['POST /api/agent/enroll', 'POST /api/agent/report']);
    expect((await machines(company)).map((machine) => machine.hostname)).toEqual([hostname()]);
  }, 120_000);

  it('names a proxy that asks for credentials (HTTPS_PROXY), and reports with them in PROXY_URL', async () => {
    const { company, key, folder } = await setUp();
    const guarded = await startConnectProxy({
      credentials: { user: 'itaa-agent', password: 'Pr0xy-s3cret' },
    });
    onTestFinished(guarded.close);
    const config = { endpoint: frontOrigin, ca_cert_file: 'ca.pem' };

    const refused = await runAgentOnce(key, { folder }, { config, env: { HTTPS_PROXY: guarded.url } });
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toContain(
      `the proxy ${guarded.url} asks for credentials (407 Proxy Authentication Required): put them in PROXY_URL`,
    );
    expect(guarded.connects).toHaveLength(1);

    const withCredentials = `http://itaa-agent:Pr0xy-s3cret@127.0.0.1:${guarded.port}`;
    const accepted = await runAgentOnce(
      key,
      { folder },
      { config: { ...config, proxy_url: withCredentials } },
    );
    expect(accepted.code, accepted.output).toBe(0);
    expect(accepted.output).toContain(`proxy http://***@127.0.0.1:${guarded.port}`);
    expect(refused.output + accepted.output).not.toContain('Pr0xy-s3cret');
    expect(await machines(company)).toHaveLength(1);
  }, 120_000);

  it('reports a collector that failed by name, and the server keeps the previous list', async () => {
    const { company, key, folder } = await setUp();
    const config = { endpoint: frontOrigin, proxy_url: proxy.url, ca_cert_file: 'ca.pem' };
    const first = await runAgentOnce(key, { folder }, { config });
    expect(first.code, first.output).toBe(0);
    const [machine] = await machines(company);
    const detail = async () => {
      const answer = await api<AgentMachine>(`/api/agents/${encodeURIComponent(machine!.machine_id)}`, {
        token: company.accessToken,
      });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const programs = (await detail()).installed_software;
    expect(programs.length).toBeGreaterThan(0);

    // dpkg's database locked: dpkg-query exits 2, as it does then.
    const bin = path.join(folder, 'bin');
    mkdirSync(bin);
    writeFileSync(
      path.join(bin, 'dpkg-query'),
      '#!/bin/sh\necho "dpkg-query: error: dpkg frontend lock was locked by another process" >&2\nexit 2\n',
    );
    chmodSync(path.join(bin, 'dpkg-query'), 0o755);
    const failed = await runAgentOnce(
      key,
      { folder },
      { config, env: { PATH: `${bin}:${process.env.PATH}` } },
    );
    expect(failed.code, failed.output).toBe(0);
    const message =
      'dpkg-query exited with code 2: dpkg-query: error: dpkg frontend lock was locked by another process';
    expect(failed.output).toContain(
      `Not collected, the server keeps its previous installed_software: ${message}`,
    );

    const after = await detail();
    expect(after.installed_software).toEqual(programs);
    expect(after.stale_sections.installed_software?.error).toBe(message);
  }, 120_000);
});
