import { mkdtemp, readdir, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from './config';
import {
  CONFIGURE_EXIT,
  mergeSettings,
  parseConfigureArgs,
  parseInstallSettings,
  runConfigure,
  UNSET_VALUE,
} from './install-config';

const KEY = `sk_${'0123456789abcdef'.repeat(4)}`;
const OTHER_KEY = `sk_${'fedcba9876543210'.repeat(4)}`;
const ENDPOINT = 'https://assets.example.com/api/agent/report';

describe('parseInstallSettings', () => {
  it('reads SERVER_URL|ENROLL_KEY|PROXY_URL|CA_CERT_FILE, an empty or (unset) field being not given', () => {
    expect(parseInstallSettings(`${ENDPOINT}|${KEY}|${UNSET_VALUE}|\n`)).toEqual({
      endpoint: ENDPOINT,
      apiKey: KEY,
    });
    expect(parseInstallSettings(`(unset)|(unset)|http://proxy:8080| C:\\ca\\root.pem `)).toEqual({
      proxyUrl: 'http://proxy:8080',
      caCertFile: 'C:\\ca\\root.pem',
    });
  });

  it('refuses anything but four fields', () => {
    expect(() => parseInstallSettings(`${ENDPOINT}|${KEY}`)).toThrow(/4 fields/);
    expect(() => parseInstallSettings(`${ENDPOINT}|${KEY}|a|b|c`)).toThrow(ConfigError);
  });
});

describe('mergeSettings', () => {
  it('needs the server and the key on a first install, naming what is missing', () => {
    expect(() => mergeSettings(null, { endpoint: ENDPOINT })).toThrow(/needs ENROLL_KEY/);
    expect(() => mergeSettings(null, { proxyUrl: 'http://p:1' })).toThrow(/SERVER_URL and ENROLL_KEY/);
    expect(() => mergeSettings(null, {})).toThrow(/No configuration to write/);
  });

  it('keeps the file when nothing is given, and its other fields when some are', () => {
    const existing = { endpoint: ENDPOINT, api_key: KEY, proxy_url: 'http://old:1' };
    expect(mergeSettings(existing, {})).toBeNull();
    expect(mergeSettings(existing, { apiKey: OTHER_KEY })).toEqual({ ...existing, api_key: OTHER_KEY });
    expect(mergeSettings(existing, { caCertFile: '/ca.pem' })).toEqual({
      ...existing,
      ca_cert_file: '/ca.pem',
    });
  });
});

describe('parseConfigureArgs', () => {
  it('takes exactly one of --stdin and --remove, and an optional --config', () => {
    expect(parseConfigureArgs(['--stdin', '--config', 'c.json'])).toEqual({
      mode: 'stdin',
      config: 'c.json',
    });
    expect(parseConfigureArgs(['--remove'])).toEqual({ mode: 'remove', config: undefined });
    expect(() => parseConfigureArgs([])).toThrow(/exactly one/);
    expect(() => parseConfigureArgs(['--stdin', '--remove'])).toThrow(/exactly one/);
    expect(() => parseConfigureArgs(['--stdin', '--key', KEY])).toThrow(ConfigError);
  });
});

describe('runConfigure', () => {
  let dir: string;
  let file: string;
  let lines: string[];
  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agent-configure-'));
    file = path.join(dir, 'agent-config.json');
    lines = [];
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const configure = (input: string, argv: string[] = ['--stdin'], extra: object = {}) =>
    runConfigure(argv, {
      defaultFile: file,
      stdin: Readable.from([input]),
      out: (line) => lines.push(line),
      ...extra,
    });

  it('writes agent-config.json with mode 0600 from standard input and never prints the key', async () => {
    expect(await configure(`${ENDPOINT}|${KEY}|(unset)|(unset)`)).toBe(CONFIGURE_EXIT.ok);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ endpoint: ENDPOINT, api_key: KEY });
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(lines.join('\n')).toContain('sk_0123456…');
    expect(lines.join('\n')).not.toContain(KEY);
    expect(await readdir(dir)).toEqual(['agent-config.json']);
  });

  it('keeps the file byte for byte on an upgrade without settings, and merges a new key', async () => {
    await configure(`${ENDPOINT}|${KEY}|http://proxy:8080|(unset)`);
    const before = await readFile(file, 'utf8');
    expect(await configure('(unset)|(unset)|(unset)|(unset)')).toBe(CONFIGURE_EXIT.ok);
    expect(await readFile(file, 'utf8')).toBe(before);
    expect(lines.at(-1)).toMatch(/^Keeping /);
    await configure(`(unset)|${OTHER_KEY}|(unset)|(unset)`);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      endpoint: ENDPOINT,
      api_key: OTHER_KEY,
      proxy_url: 'http://proxy:8080',
    });
  });

  it('refuses a configuration the agent would refuse, writing nothing', async () => {
    expect(await configure(`${ENDPOINT}|sk_short|(unset)|(unset)`)).toBe(CONFIGURE_EXIT.invalid);
    expect(lines.join('\n')).toMatch(/api_key/);
    expect(lines.join('\n')).not.toContain('sk_short');
    expect(await readdir(dir)).toEqual([]);
    expect(await configure('(unset)|(unset)|(unset)|(unset)')).toBe(CONFIGURE_EXIT.invalid);
  });

  it('on Windows restricts the still empty file before the key is written into it', async () => {
    const restricted: { file: string; size: number }[] = [];
    const restrict = async (target: string) => {
      restricted.push({ file: target, size: (await stat(target)).size });
    };
    const code = await configure(`${ENDPOINT}|${KEY}|(unset)|(unset)`, ['--stdin'], {
      platform: 'win32',
      restrict,
    });
    expect(code).toBe(CONFIGURE_EXIT.ok);
    expect(restricted).toEqual([{ file: `${file}.tmp`, size: 0 }]);
    expect(JSON.parse(await readFile(file, 'utf8')).api_key).toBe(KEY);
  });

  it('leaves no file behind when the file cannot be restricted', async () => {
    const restrict = async () => {
      throw new Error('icacls exited with code 5');
    };
    const code = await configure(`${ENDPOINT}|${KEY}|(unset)|(unset)`, ['--stdin'], {
      platform: 'win32',
      restrict,
    });
    expect(code).toBe(CONFIGURE_EXIT.failed);
    expect(lines.at(-1)).toMatch(/icacls exited with code 5/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('--remove deletes the configuration and the state beside it, nothing else', async () => {
    await configure(`${ENDPOINT}|${KEY}|(unset)|(unset)`);
    for (const name of [
      'agent-device.json',
      'agent.log',
      'agent.log.1',
      'agent-machine-id',
      'ITAssetAuditorAgent.exe',
    ])
      await writeFile(path.join(dir, name), 'x');
    await mkdir(path.join(dir, 'logs'));
    await writeFile(path.join(dir, 'logs', 'ITAssetAuditorService.out.log'), 'x');
    await mkdir(path.join(dir, 'updates', 'metadata'), { recursive: true });
    await writeFile(path.join(dir, 'update-pending.json'), '{}');
    expect(await configure('', ['--remove'])).toBe(CONFIGURE_EXIT.ok);
    expect(await readdir(dir)).toEqual(['ITAssetAuditorAgent.exe']);
  });

  it("--remove on Windows also deletes the self-update's scheduled tasks (a due rollback would reinstall)", async () => {
    const deleted: string[] = [];
    const deleteTask = async (name: string) => {
      deleted.push(name);
    };
    await configure('', ['--remove'], { platform: 'win32', deleteTask });
    expect(deleted).toEqual(['IT Asset Auditor Agent update', 'IT Asset Auditor Agent rollback']);
    deleted.length = 0;
    await configure('', ['--remove'], { platform: 'linux', deleteTask });
    expect(deleted).toEqual([]);
  });
});
