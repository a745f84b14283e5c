import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, maskApiKey, parseConfig, resolveConfigFile } from './config';

const KEY = `sk_${'0123456789abcdef'.repeat(4)}`;
const OTHER_KEY = `sk_${'f'.repeat(64)}`;
const FILE = '/opt/itaa/agent-config.json';
const ENDPOINT = 'https://assets.example.com/api/agent/report';
const json = (value: unknown) => JSON.stringify(value);

function configError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('resolveConfigFile', () => {
  const base = { execPath: '/opt/itaa/agent', cwd: '/home/admin' };
  it('uses --config, relative to the working directory', () => {
    expect(resolveConfigFile({ ...base, isSingleExecutable: true, configArg: 'conf/a.json' })).toBe(
      '/home/admin/conf/a.json',
    );
  });
  it('looks beside the single executable', () => {
    expect(resolveConfigFile({ ...base, isSingleExecutable: true })).toBe('/opt/itaa/agent-config.json');
  });
  it('looks in the working directory when run with Node', () => {
    expect(resolveConfigFile({ ...base, isSingleExecutable: false })).toBe('/home/admin/agent-config.json');
  });
});

describe('parseConfig', () => {
  it('reads the file', () => {
    const config = parseConfig(json({ endpoint: ENDPOINT, api_key: KEY }), FILE, {});
    expect(config).toEqual({
      endpoint: ENDPOINT,
      apiKey: KEY,
      proxy: null,
      caCertFile: null,
      caCertificates: [],
      file: FILE,
      dir: '/opt/itaa',
      warnings: [],
    });
  });
  it('lets ITAA_ENDPOINT and ITAA_API_KEY override the file', () => {
    const config = parseConfig(
      json({ endpoint: 'https://old.example.com/api/agent/report', api_key: KEY }),
      FILE,
      {
        ITAA_ENDPOINT: ' http://localhost:3000/api/agent/report ',
        ITAA_API_KEY: OTHER_KEY,
      },
    );
    expect(config.endpoint).toBe('http://localhost:3000/api/agent/report');
    expect(config.apiKey).toBe(OTHER_KEY);
    expect(config.warnings).toEqual([]);
  });
  it('overrides one field and keeps the other from the file', () => {
    const config = parseConfig(json({ endpoint: ENDPOINT, api_key: KEY }), FILE, { ITAA_API_KEY: OTHER_KEY });
    expect(config).toMatchObject({ endpoint: ENDPOINT, apiKey: OTHER_KEY });
  });
  it('works from the environment alone', () => {
    const config = parseConfig(null, FILE, { ITAA_ENDPOINT: ENDPOINT, ITAA_API_KEY: KEY });
    expect(config).toMatchObject({ endpoint: ENDPOINT, apiKey: KEY });
  });
  it('ignores empty environment variables', () => {
    const config = parseConfig(json({ endpoint: ENDPOINT, api_key: KEY }), FILE, {
      ITAA_ENDPOINT: '',
      ITAA_API_KEY: '  ',
    });
    expect(config).toMatchObject({ endpoint: ENDPOINT, apiKey: KEY });
  });
  it('accepts a file saved with a byte order mark (Notepad)', () => {
    expect(parseConfig(`\uFEFF${json({ endpoint: ENDPOINT, api_key: KEY })}`, FILE, {}).apiKey).toBe(KEY);
  });
  it('says how to configure when there is nothing at all', () => {
    const message = configError(() => parseConfig(null, FILE, {}));
    expect(message).toContain(`No configuration: ${FILE} does not exist`);
    expect(message).toContain('ITAA_ENDPOINT');
  });
  it('names a malformed key and where it came from', () => {
    const message = configError(() => parseConfig(json({ endpoint: ENDPOINT, api_key: 'sk_ABC' }), FILE, {}));
    expect(message).toContain(
      `"api_key" in ${FILE} must be "sk_" followed by 64 lower-case hexadecimal characters`,
    );
    const fromEnv = configError(() =>
      parseConfig(json({ endpoint: ENDPOINT, api_key: KEY }), FILE, { ITAA_API_KEY: KEY.toUpperCase() }),
    );
    expect(fromEnv).toContain('ITAA_API_KEY must be "sk_"');
  });
  it('refuses an endpoint that is not an http(s) URL', () => {
    for (const endpoint of ['assets.example.com/api/agent/report', 'ftp://assets.example.com/report', 42]) {
      const message = configError(() => parseConfig(json({ endpoint, api_key: KEY }), FILE, {}));
      expect(message).toMatch(/"endpoint" in .* must be/);
    }
  });
  it('lists every problem at once, with the unknown fields that may explain them', () => {
    const message = configError(() => parseConfig(json({ url: ENDPOINT, apiKey: KEY }), FILE, {}));
    expect(message).toContain('endpoint is missing');
    expect(message).toContain('api_key is missing');
    expect(message).toContain('unknown field(s) url, apiKey');
  });
  it('refuses invalid JSON and a file that is not an object', () => {
    expect(configError(() => parseConfig('{ "endpoint": ', FILE, {}))).toContain(`${FILE} is not valid JSON`);
    expect(configError(() => parseConfig('["a"]', FILE, {}))).toContain('must hold a JSON object');
  });
  it('warns about plain http beyond this machine, not for localhost', () => {
    const remote = parseConfig(
      json({ endpoint: 'http://assets.example.com/api/agent/report', api_key: KEY }),
      FILE,
      {},
    );
    expect(remote.warnings.join()).toContain('plain http');
    const local = parseConfig(
      json({ endpoint: 'http://127.0.0.1:3000/api/agent/report', api_key: KEY }),
      FILE,
      {},
    );
    expect(local.warnings).toEqual([]);
  });
});

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itaa-config-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const location = (configArg?: string) => ({
    configArg,
    isSingleExecutable: false,
    execPath: '/usr/bin/node',
    cwd: dir,
  });

  it('reads agent-config.json from the working directory', () => {
    fs.writeFileSync(path.join(dir, 'agent-config.json'), json({ endpoint: ENDPOINT, api_key: KEY }));
    expect(loadConfig(location(), {})).toMatchObject({ endpoint: ENDPOINT, apiKey: KEY, dir });
  });
  it('falls back to the environment when the default file is absent', () => {
    expect(loadConfig(location(), { ITAA_ENDPOINT: ENDPOINT, ITAA_API_KEY: KEY })).toMatchObject({
      apiKey: KEY,
    });
  });
  it('insists on a file named with --config', () => {
    const message = configError(() =>
      loadConfig(location('missing.json'), { ITAA_ENDPOINT: ENDPOINT, ITAA_API_KEY: KEY }),
    );
    expect(message).toBe(`Config file not found: ${path.join(dir, 'missing.json')}`);
  });
});

describe('maskApiKey', () => {
  it('never shows the whole key', () => {
    expect(maskApiKey(KEY)).toBe('sk_0123456…');
    expect(maskApiKey(KEY)).not.toContain(KEY.slice(10));
  });
});
