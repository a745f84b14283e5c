import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { localUpdateKeys, newPrivateKeyPem } from './update-keys';
import { publishAgentRelease, releaseFileOf, trustedRootJson } from './updates';

const folders: string[] = [];
function folder(): string {
  const made = fs.mkdtempSync(path.join(tmpdir(), 'itaa-publish-'));
  folders.push(made);
  return made;
}
afterEach(() => {
  for (const made of folders.splice(0)) fs.rmSync(made, { recursive: true, force: true });
});

function file(dir: string, name: string, content: string): string {
  const made = path.join(dir, name);
  fs.writeFileSync(made, content);
  return made;
}

const targetsOf = (outDir: string) =>
  JSON.parse(fs.readFileSync(path.join(outDir, 'updates/metadata/targets.json'), 'utf8')) as {
    signed: { version: number; targets: Record<string, { length: number; custom: unknown }> };
  };

describe('publishAgentRelease', () => {
  it('lists each release file as a signed target, and keeps earlier releases beside the new one', () => {
    const dir = folder();
    const keys = localUpdateKeys(dir);
    const first = publishAgentRelease({
      outDir: dir,
      version: '1.1.0',
      files: [
        file(dir, 'IT-Asset-Auditor-Agent.msi', 'msi 1.1'),
        file(dir, 'it-asset-auditor-agent-linux-x64', 'elf 1.1'),
      ],
      keys,
    });
    expect(first.targets).toEqual([
      '1.1.0/windows-x64/IT-Asset-Auditor-Agent.msi',
      '1.1.0/linux-x64/it-asset-auditor-agent-linux-x64',
    ]);
    const second = publishAgentRelease({
      outDir: dir,
      version: '1.2.0',
      files: [
        file(dir, 'IT-Asset-Auditor-Agent.msi', 'msi 1.2'),
        file(dir, 'it-asset-auditor-agent_1.2.0_amd64.deb', 'deb'),
      ],
      keys,
    });
    expect(second.listed).toEqual([
      '1.1.0/linux-x64/it-asset-auditor-agent-linux-x64',
      '1.1.0/windows-x64/IT-Asset-Auditor-Agent.msi',
      '1.2.0/linux-x64/it-asset-auditor-agent_1.2.0_amd64.deb',
      '1.2.0/windows-x64/IT-Asset-Auditor-Agent.msi',
    ]);
    const targets = targetsOf(dir);
    expect(targets.signed.version).toBe(2);
    expect(targets.signed.targets['1.2.0/windows-x64/IT-Asset-Auditor-Agent.msi']).toMatchObject({
      length: 7,
      custom: { version: '1.2.0', platform: 'windows-x64', kind: 'msi' },
    });
    expect(
      fs.readFileSync(path.join(dir, 'updates/targets/1.1.0/windows-x64/IT-Asset-Auditor-Agent.msi'), 'utf8'),
    ).toBe('msi 1.1');
    expect(fs.readFileSync(path.join(dir, 'updates/metadata/root.json'), 'utf8')).toBe(trustedRootJson(keys));
    expect(fs.existsSync(path.join(dir, 'updates/metadata/1.root.json'))).toBe(true);
  });

  it('refuses online keys that the root does not name, and files it cannot place', () => {
    const dir = folder();
    const keys = localUpdateKeys(dir);
    const stranger = { ...keys, online: { ...keys.online, targets: createPrivateKey(newPrivateKeyPem()) } };
    expect(() =>
      publishAgentRelease({
        outDir: dir,
        version: '1.0.0',
        files: [file(dir, 'x.msi', 'x')],
        keys: stranger,
      }),
    ).toThrow(/The targets key is not the one root.json/);
    expect(() => releaseFileOf('agent.zip')).toThrow(/Cannot tell the platform/);
    expect(releaseFileOf('/out/it-asset-auditor-agent_1.0.0_arm64.deb')).toMatchObject({
      platform: 'linux-arm64',
      kind: 'deb',
    });
  });

  it('keeps the local keys between runs, so agents built earlier keep trusting later releases', () => {
    const dir = folder();
    expect(trustedRootJson(localUpdateKeys(dir))).toBe(trustedRootJson(localUpdateKeys(dir)));
    expect(fs.statSync(path.join(dir, 'tuf/online-keys.json')).mode & 0o077).toBe(0);
    expect(fs.statSync(path.join(dir, 'tuf/root-key.pem')).mode & 0o077).toBe(0);
  });
});
