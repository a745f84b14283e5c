import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLogger } from './logger';
import {
  installMsi,
  msiTaskXml,
  replaceProgram,
  restoreProgram,
  runRollbackWatchdog,
  taskTime,
  WINDOWS_ROLLBACK_TASK,
  WINDOWS_UPDATE_TASK,
} from './update-install';
import { UpdateState } from './update-state';

function folder(): string {
  const made = fs.mkdtempSync(path.join(tmpdir(), 'itaa-install-'));
  onTestFinished(() => fs.rmSync(made, { recursive: true, force: true }));
  return made;
}

describe('Linux: replacing the program file', () => {
  it('puts the new program in place with the old mode, keeps the old one, and restores it', () => {
    const dir = folder();
    const program = path.join(dir, 'it-asset-auditor-agent-linux-x64');
    fs.writeFileSync(program, 'old', { mode: 0o750 });
    const downloaded = path.join(dir, 'download');
    fs.writeFileSync(downloaded, 'new', { mode: 0o600 });
    const previous = replaceProgram(program, downloaded);
    expect(fs.readFileSync(program, 'utf8')).toBe('new');
    expect(fs.statSync(program).mode & 0o777).toBe(0o750);
    expect(fs.readFileSync(previous, 'utf8')).toBe('old');
    restoreProgram(program, previous);
    expect(fs.readFileSync(program, 'utf8')).toBe('old');
  });

  it('the watchdog restores the previous program once the rollback time passes, and marks the version', async () => {
    const dir = folder();
    const program = path.join(dir, 'agent.cjs');
    fs.writeFileSync(program, 'new');
    fs.writeFileSync(`${program}.previous`, 'old');
    const state = new UpdateState(dir);
    let now = Date.parse('2026-11-26T08:00:00Z');
    state.setPending({
      from: '1.0.0',
      to: '1.1.0',
      started_at: new Date(now).toISOString(),
      rollback_at: new Date(now + 15 * 60_000).toISOString(),
      platform: 'linux-x64',
      program,
      previous: `${program}.previous`,
      previous_msi: null,
      watchdog_pid: process.pid,
      pid: null,
    });
    const lines: string[] = [];
    const console = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = createLogger({ file: null, console });
    const outcome = await runRollbackWatchdog({
      state,
      log,
      now: () => new Date(now),
      sleep: async (ms) => {
        now += ms;
      },
    });
    expect(outcome).toBe('rolled-back');
    expect(fs.readFileSync(program, 'utf8')).toBe('old');
    expect(state.pending()).toBeNull();
    expect(state.refused()).toMatchObject({ version: '1.1.0' });
    expect(lines.join('')).toContain('Rolled back to 1.0.0');
  });
});

describe('Windows: the MSI through Task Scheduler', () => {
  it('writes a one-time SYSTEM task at a time every locale reads alike', () => {
    const xml = msiTaskXml(
      'C:\\ProgramData\\a&b\\IT-Asset-Auditor-Agent.msi',
      new Date('2026-11-26T08:15:00Z'),
      'C:\\l.log',
    );
    expect(xml).toContain('<UserId>S-1-5-18</UserId>');
    expect(xml).toContain('/i "C:\\ProgramData\\a&amp;b\\IT-Asset-Auditor-Agent.msi" /qn /norestart');
    expect(taskTime(new Date('2026-11-26T08:15:00Z'))).toMatch(/^2026-11-26T\d\d:\d\d:00[+-]\d\d:\d\d$/);
  });

  it('registers the rollback before starting the upgrade', async () => {
    const dir = folder();
    const calls: string[] = [];
    await installMsi({
      msi: 'new.msi',
      previousMsi: 'old.msi',
      rollbackAt: new Date(),
      dir,
      run: async (command, args) => void calls.push(`${command} ${args.slice(0, 3).join(' ')}`),
    });
    expect(calls).toEqual([
      `schtasks.exe /Create /TN ${WINDOWS_ROLLBACK_TASK}`,
      `schtasks.exe /Create /TN ${WINDOWS_UPDATE_TASK}`,
      `schtasks.exe /Run /TN ${WINDOWS_UPDATE_TASK}`,
    ]);
    const taskXml = (task: string) => fs.readFileSync(path.join(dir, `${task.replaceAll(' ', '-')}.xml`));
    const rollback = taskXml(WINDOWS_ROLLBACK_TASK);
    expect(rollback.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
    // The MSI refuses an older version unless the rollback asks for the downgrade; the update does not.
    expect(rollback.subarray(2).toString('utf16le')).toContain(
      '/i "old.msi" /qn /norestart ALLOW_DOWNGRADE=1',
    );
    expect(taskXml(WINDOWS_UPDATE_TASK).subarray(2).toString('utf16le')).not.toContain('ALLOW_DOWNGRADE');
  });
});
