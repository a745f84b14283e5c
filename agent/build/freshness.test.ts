import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { agentPackageState, currentAgentPackageState, isAgentSource } from './freshness';

describe('agentPackageState', () => {
  it('is missing without a zip', () => {
    expect(agentPackageState(null, [1_000])).toBe('missing');
    expect(agentPackageState(null, [])).toBe('missing');
  });

  it('is stale when any source changed after the zip was built', () => {
    expect(agentPackageState(5_000, [1_000, 5_001, 2_000])).toBe('stale');
  });

  it('is fresh when the zip is as new as every source or newer', () => {
    expect(agentPackageState(5_000, [1_000, 5_000, 2_000])).toBe('fresh');
    expect(agentPackageState(5_000, [])).toBe('fresh');
  });
});

describe('isAgentSource', () => {
  it('takes the code, scripts and build inputs, not the tests or the readme', () => {
    expect(isAgentSource('agent/src/collect.ts')).toBe(true);
    expect(isAgentSource('agent/windows/install.ps1')).toBe(true);
    expect(isAgentSource('agent/build/README.txt')).toBe(true);
    expect(isAgentSource('shared/agent-data.ts')).toBe(true);
    expect(isAgentSource('agent/src/collect.test.ts')).toBe(false);
    expect(isAgentSource('agent/README.md')).toBe(false);
  });
});

describe('currentAgentPackageState', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('reads the zip and the sources from the disk', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'agent-freshness-'));
    const source = path.join(root, 'agent/src/main.ts');
    const test = path.join(root, 'agent/src/main.test.ts');
    const zip = path.join(root, 'dist/agent/IT-Asset-Auditor-Agent.zip');
    for (const file of [source, test, path.join(root, 'shared/agent-data.ts'), zip]) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, '');
    }
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
    await utimes(path.join(root, 'shared/agent-data.ts'), at(0), at(0));
    await utimes(source, at(10), at(10));
    await utimes(zip, at(20), at(20));
    // A test edited after the build does not make the package stale.
    await utimes(test, at(30), at(30));
    expect(await currentAgentPackageState(zip, root)).toBe('fresh');

    await utimes(source, at(40), at(40));
    expect(await currentAgentPackageState(zip, root)).toBe('stale');
    await rm(zip);
    expect(await currentAgentPackageState(zip, root)).toBe('missing');
  });
});
