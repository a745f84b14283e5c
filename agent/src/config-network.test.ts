import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePrivateCa, type PrivateCa } from '../../test/support/private-ca';
import { ConfigError, maskProxyUrl, parseConfig, readCaCertificates, reportEndpoint } from './config';

/** agent-config.json's network fields (issue 26): a bare server address, proxy_url, ca_cert_file. */

const KEY = `sk_${'0123456789abcdef'.repeat(4)}`;
const json = (value: unknown) => JSON.stringify(value);
let ca: PrivateCa;
let file: string;

beforeAll(() => {
  ca = makePrivateCa();
  file = path.join(ca.folder, 'agent-config.json');
});
afterAll(() => ca.remove());

function configError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error instanceof Error ? error.message : '';
  }
  throw new Error('expected a ConfigError');
}

const settings = (fields: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) =>
  parseConfig(json({ endpoint: 'https://assets.example.com', api_key: KEY, ...fields }), file, env);

describe('endpoint', () => {
  it("takes the server's bare address (the MSI's SERVER_URL) as its report route", () => {
    expect(settings({}).endpoint).toBe('https://assets.example.com/api/agent/report');
    expect(settings({ endpoint: 'https://assets.example.com/' }).endpoint).toBe(
      'https://assets.example.com/api/agent/report',
    );
    expect(settings({ endpoint: 'http://localhost:3000' }).endpoint).toBe(
      'http://localhost:3000/api/agent/report',
    );
    expect(reportEndpoint('https://abc.lambda-url.eu-west-1.on.aws/api/agent/report')).toBe(
      'https://abc.lambda-url.eu-west-1.on.aws/api/agent/report',
    );
  });
  it('knows the new fields and still names unknown ones', () => {
    const config = settings({ proxy_url: 'http://proxy:8080', ca_cert_file: ca.caFile, proxy: 'x' });
    expect(config.warnings).toEqual([
      `${file}: ignoring unknown field(s) proxy (expected endpoint, api_key, proxy_url, ca_cert_file)`,
    ]);
  });
});

describe('proxy_url', () => {
  it('is read from the file, ITAA_PROXY_URL overriding it; a bare host:port means http', () => {
    expect(settings({ proxy_url: 'http://proxy.corp:8080' }).proxy).toEqual({
      url: 'http://proxy.corp:8080',
      source: `"proxy_url" in ${file}`,
      noProxy: null,
    });
    expect(settings({ proxy_url: 'proxy.corp:3128' }).proxy?.url).toBe('http://proxy.corp:3128');
    const overridden = settings(
      { proxy_url: 'http://proxy.corp:8080' },
      { ITAA_PROXY_URL: 'http://other:3128' },
    );
    expect(overridden.proxy).toMatchObject({
      url: 'http://other:3128',
      source: 'ITAA_PROXY_URL',
      noProxy: null,
    });
  });
  it('falls back to HTTPS_PROXY and NO_PROXY only when no proxy is configured', () => {
    const env = { HTTPS_PROXY: 'proxy.corp:8080', NO_PROXY: 'localhost,.corp.example' };
    expect(settings({}, env).proxy).toEqual({
      url: 'http://proxy.corp:8080',
      source: 'HTTPS_PROXY',
      noProxy: 'localhost,.corp.example',
    });
    expect(settings({}, { https_proxy: 'http://lower:1' }).proxy).toMatchObject({
      source: 'https_proxy',
      noProxy: '',
    });
    expect(settings({ proxy_url: 'http://proxy.corp:8080' }, env).proxy?.noProxy).toBeNull();
    expect(settings({}).proxy).toBeNull();
  });
  it('refuses what is not an http(s) URL without quoting it (it may hold a password)', () => {
    const message = configError(() => settings({ proxy_url: 'socks5://user:hunter2@proxy:1080' }));
    expect(message).toContain(`- "proxy_url" in ${file} must be the proxy's http(s) URL`);
    expect(message).not.toContain('hunter2');
    expect(configError(() => settings({}, { HTTPS_PROXY: 'ftp://x' }))).toContain('- HTTPS_PROXY must be');
    expect(configError(() => settings({ proxy_url: 8080 }))).toContain('"proxy_url" in');
  });
  it('is masked for the log', () => {
    expect(maskProxyUrl('http://svc-agent:s3cr%21t@proxy.corp:8080')).toBe('http://***@proxy.corp:8080');
    expect(maskProxyUrl('http://proxy.corp:8080')).toBe('http://proxy.corp:8080');
  });
});

describe('ca_cert_file', () => {
  it('reads the PEM certificates, a relative path being beside the configuration', () => {
    const config = settings({ ca_cert_file: 'ca.pem' });
    expect(config.caCertFile).toBe(ca.caFile);
    expect(config.caCertificates).toHaveLength(1);
    expect(config.caCertificates[0]).toContain('-----BEGIN CERTIFICATE-----');
  });
  it('takes a bundle of several certificates, and one DER certificate (a Windows .cer export)', () => {
    const bundle = path.join(ca.folder, 'bundle.pem');
    fs.writeFileSync(bundle, `# corporate roots\n${ca.caPem}\n${ca.serverCert}`);
    expect(settings({ ca_cert_file: bundle }).caCertificates).toHaveLength(2);
    const der = path.join(ca.folder, 'ca.cer');
    const base64 = ca.caPem.replace(/-----[A-Z ]+-----|\s/g, '');
    fs.writeFileSync(der, Buffer.from(base64, 'base64'));
    expect(readCaCertificates(der)).toEqual(readCaCertificates(ca.caFile));
  });
  it('lets ITAA_CA_CERT_FILE override the file', () => {
    const config = settings({ ca_cert_file: 'missing.pem' }, { ITAA_CA_CERT_FILE: ca.caFile });
    expect(config.caCertFile).toBe(ca.caFile);
  });
  it('names the file that does not exist or holds no certificate', () => {
    const missing = path.join(ca.folder, 'missing.pem');
    expect(configError(() => settings({ ca_cert_file: missing }))).toContain(
      `- "ca_cert_file" in ${file}: ${missing} does not exist`,
    );
    const key = path.join(ca.folder, 'server.key');
    expect(configError(() => settings({}, { ITAA_CA_CERT_FILE: key }))).toContain(
      `- ITAA_CA_CERT_FILE: ${key} holds no certificate: expected the CA's certificate in PEM`,
    );
    const broken = path.join(ca.folder, 'broken.pem');
    fs.writeFileSync(broken, '-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n');
    expect(configError(() => settings({ ca_cert_file: broken }))).toContain(
      `${broken} holds a PEM block that is not a readable certificate`,
    );
  });
});
