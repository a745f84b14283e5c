import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildMsi, collectorFiles, MSI_REPO_FILES, msiTable } from './msi';
import { EXE_NAME, SERVICE_HOST_NAME } from './package';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-msi-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A staged folder as build.ts makes it, with small stand-ins for the executables. */
function stage(collectors: Record<string, string>): string {
  const staged = path.join(dir, `staged-${Object.keys(collectors).length}`);
  fs.mkdirSync(path.join(staged, 'collectors'), { recursive: true });
  for (const name of [EXE_NAME, SERVICE_HOST_NAME, 'README.txt'])
    fs.writeFileSync(path.join(staged, name), name);
  for (const name of MSI_REPO_FILES)
    fs.copyFileSync(path.join('agent/windows', name), path.join(staged, name));
  for (const [name, text] of Object.entries(collectors))
    fs.writeFileSync(path.join(staged, 'collectors', name), text);
  return staged;
}

describe('collectorFiles', () => {
  it('ships every file of the collectors folder but tests and notes', () => {
    const collectors = path.join(dir, 'collectors');
    fs.mkdirSync(collectors);
    for (const name of ['system.ps1', 'software.ps1', 'system.test.ts', 'README.md', 'common.psm1'])
      fs.writeFileSync(path.join(collectors, name), '');
    expect(collectorFiles(collectors)).toEqual(['common.psm1', 'software.ps1', 'system.ps1']);
    expect(collectorFiles(path.join(dir, 'none'))).toEqual([]);
  });
});

describe('buildMsi', () => {
  it('installs the collector scripts in collectors\\ beside the exe', () => {
    const staged = stage({
      'system.ps1': 'Get-CimInstance Win32_BIOS\r\n',
      'software.ps1': 'Get-ItemProperty x\r\n',
    });
    const msi = path.join(dir, 'with-collectors.msi');
    buildMsi({
      stagedDir: staged,
      collectors: ['software.ps1', 'system.ps1'],
      version: '2.0.1',
      helpLink: undefined,
      msiFile: msi,
      workDir: dir,
    });
    const files = msiTable(msi, 'File').map((row) => [row[1], row[2]]);
    expect(files).toEqual(
      expect.arrayContaining([
        ['Collector_system_ps1', 'system.ps1'],
        ['Collector_software_ps1', 'software.ps1'],
      ]),
    );
    const components = new Map(msiTable(msi, 'Component').map((row) => [row[0], row[2]]));
    expect(components.get('Collector_system_ps1')).toBe('CollectorsFolder');
    const folders = new Map(msiTable(msi, 'Directory').map((row) => [row[0], row.slice(1)]));
    expect(folders.get('CollectorsFolder')).toEqual(['INSTALLDIR', 'collectors']);
    // Without ITAA_AGENT_HELP_URL there is no help link rather than an empty one.
    expect(msiTable(msi, 'Property').map((row) => row[0])).not.toContain('ARPHELPLINK');
  });

  it('builds without collectors too', () => {
    const msi = path.join(dir, 'without.msi');
    buildMsi({
      stagedDir: stage({}),
      collectors: [],
      version: '2.0.1',
      helpLink: undefined,
      msiFile: msi,
      workDir: dir,
    });
    expect(msiTable(msi, 'Directory').map((row) => row[0])).not.toContain('CollectorsFolder');
  });

  it('refuses a help link that would break its SQL', () => {
    expect(() =>
      buildMsi({
        stagedDir: stage({}),
        collectors: [],
        version: '2.0.1',
        helpLink: "https://x.example/'; DROP TABLE `File`",
        msiFile: path.join(dir, 'bad.msi'),
        workDir: dir,
      }),
    ).toThrow(/help link/);
  });
});
