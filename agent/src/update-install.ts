import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from './logger';
import { isAlive, type PendingUpdate, type UpdateState } from './update-state';

/**
 * Installing a verified update, and undoing it.
 *
 * Linux: the new program is written beside the running one and renamed over it (the running process
 * keeps its open file), the old one kept as `<program>.previous`; a watchdog run from that previous
 * program, detached, puts it back when the new version has not reported in time, also when the new
 * one crashes at start. The service then restarts: the agent exits with EXIT_FOR_UPDATE and systemd
 * starts it again (the unit needs Restart=always and KillMode=process, so that the watchdog outlives
 * the old process).
 *
 * Windows: msiexec runs from a Task Scheduler task as SYSTEM (a child of the service would be ended
 * with it when the upgrade stops the service), and a second task, due at the rollback time,
 * reinstalls the previous MSI. The new version deletes that task after its first accepted report.
 */
export const EXIT_FOR_UPDATE = 75;
export const WATCHDOG_FLAG = '--rollback-watchdog';
export const WINDOWS_UPDATE_TASK = 'IT Asset Auditor Agent update';
export const WINDOWS_ROLLBACK_TASK = 'IT Asset Auditor Agent rollback';

function copyWithMode(from: string, to: string, mode: number): void {
  fs.rmSync(to, { force: true });
  fs.copyFileSync(from, to);
  fs.chmodSync(to, mode);
}

/** Puts the new program in place, keeping the old one as `<program>.previous`. */
export function replaceProgram(programFile: string, downloaded: string): string {
  const mode = fs.statSync(programFile).mode & 0o777;
  const previous = `${programFile}.previous`;
  const incoming = `${programFile}.new`;
  copyWithMode(downloaded, incoming, mode);
  copyWithMode(programFile, previous, mode);
  fs.renameSync(incoming, programFile);
  return previous;
}

/** Puts the previous program back in place. */
export function restoreProgram(programFile: string, previous: string): void {
  const restoring = `${programFile}.restoring`;
  copyWithMode(previous, restoring, fs.statSync(previous).mode & 0o777);
  fs.renameSync(restoring, programFile);
}

/** Starts the watchdog from the previous program, detached: it outlives this process. */
export function startWatchdog(
  previous: string,
  programIsExecutable: boolean,
  configFile: string,
): number | null {
  // The single executable runs itself; a bundle runs with this Node.
  const [command, args] = programIsExecutable ? [previous, []] : [process.execPath, [previous]];
  const child = spawn(command, [...args, WATCHDOG_FLAG, '--config', configFile], {
    detached: true,
    stdio: 'ignore',
    cwd: path.dirname(configFile),
  });
  child.unref();
  return child.pid ?? null;
}

export interface WatchdogDeps {
  state: UpdateState;
  log: Logger;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The rollback watchdog (Linux), run by the previous version: waits until the update is confirmed
 * (the pending record is gone) or its rollback time passes; then restores the previous program,
 * marks the version as refused, and stops the new version's process so the service restarts.
 */
export async function runRollbackWatchdog(deps: WatchdogDeps): Promise<'confirmed' | 'rolled-back'> {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const started = deps.state.pending();
  deps.log.info(
    `Rollback watchdog ${process.pid}: watching the update to ${started?.to ?? '?'} until ${started?.rollback_at ?? '?'}`,
  );
  for (;;) {
    const pending = deps.state.pending();
    if (!pending) {
      deps.log.info('Rollback watchdog: the update was confirmed by a report; nothing to undo');
      return 'confirmed';
    }
    const due = Date.parse(pending.rollback_at);
    if (now().getTime() >= due) {
      rollBack(pending, deps.state, deps.log, now());
      return 'rolled-back';
    }
    await sleep(Math.min(2_000, Math.max(100, due - now().getTime())));
  }
}

function rollBack(pending: PendingUpdate, state: UpdateState, log: Logger, now: Date): void {
  const reason = `${pending.to} did not report within the rollback window (since ${pending.started_at})`;
  if (pending.program && pending.previous && fs.existsSync(pending.previous)) {
    restoreProgram(pending.program, pending.previous);
    log.warn(
      `Rolled back to ${pending.from}: ${reason}; ${pending.program} restored from ${pending.previous}`,
    );
  } else {
    log.error(`Cannot roll back to ${pending.from}: ${pending.previous ?? 'no previous program'} is missing`);
  }
  state.refuse(pending.to, reason, now);
  state.clearPending();
  if (pending.pid !== null && pending.pid !== process.pid && isAlive(pending.pid)) {
    log.info(`Stopping ${pending.to} (process ${pending.pid}) so that the service starts ${pending.from}`);
    process.kill(pending.pid, 'SIGTERM');
  }
}

/** Task Scheduler's StartBoundary: local wall time with its offset, which every locale reads alike. */
export function taskTime(at: Date): string {
  const offset = -at.getTimezoneOffset();
  const local = new Date(at.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset >= 0 ? '+' : '-';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${local}${sign}${hours}:${minutes}`;
}

const xmlText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A one-time task run as SYSTEM (S-1-5-18) that installs an MSI silently. */
export function msiTaskXml(
  msi: string,
  at: Date,
  logFile: string,
  options: { downgrade?: boolean } = {},
): string {
  // The MSI refuses an older version unless asked (its Upgrade table's ALLOW_DOWNGRADE rule): a rollback asks.
  const downgrade = options.downgrade ? ' ALLOW_DOWNGRADE=1' : '';
  return `<?xml version="1.0" encoding="UTF-16"?>
<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <Triggers><TimeTrigger><StartBoundary>${taskTime(at)}</StartBoundary><Enabled>true</Enabled></TimeTrigger></Triggers>
  <Principals><Principal id="System"><UserId>S-1-5-18</UserId><RunLevel>HighestAvailable</RunLevel></Principal></Principals>
  <Settings>
    <StartWhenAvailable>true</StartWhenAvailable>
    <DisallowStartIfOnBatteries>false</DisallowStartIfOnBatteries>
    <StopIfGoingOnBatteries>false</StopIfGoingOnBatteries>
    <ExecutionTimeLimit>PT1H</ExecutionTimeLimit>
  </Settings>
  <Actions Context="System"><Exec><Command>msiexec.exe</Command><Arguments>/i "${xmlText(msi)}" /qn /norestart${downgrade} /l*v "${xmlText(logFile)}"</Arguments></Exec></Actions>
</Task>
`;
}

export type Run = (command: string, args: string[]) => Promise<void>;

export const runProgram: Run = (command, args) =>
  new Promise((resolve, reject) => {
    execFile(command, args, { timeout: 60_000, windowsHide: true }, (error, _stdout, stderr) =>
      error
        ? reject(new Error(`${command} ${args[0] ?? ''} failed: ${stderr.trim() || error.message}`))
        : resolve(),
    );
  });

/** Writes a task's XML (UTF-16 with a BOM, as schtasks reads it) and registers it. */
async function registerTask(run: Run, dir: string, name: string, xml: string): Promise<void> {
  const file = path.join(dir, `${name.replaceAll(' ', '-')}.xml`);
  fs.writeFileSync(file, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]));
  await run('schtasks.exe', ['/Create', '/TN', name, '/XML', file, '/F']);
}

/** Windows: the rollback task (due at the rollback time), then the upgrade, started now. */
export async function installMsi(options: {
  msi: string;
  previousMsi: string | null;
  rollbackAt: Date;
  dir: string;
  run?: Run;
}): Promise<void> {
  const run = options.run ?? runProgram;
  if (options.previousMsi) {
    const xml = msiTaskXml(
      options.previousMsi,
      options.rollbackAt,
      path.join(options.dir, 'rollback-msiexec.log'),
      { downgrade: true },
    );
    await registerTask(run, options.dir, WINDOWS_ROLLBACK_TASK, xml);
  }
  const xml = msiTaskXml(options.msi, new Date(), path.join(options.dir, 'update-msiexec.log'));
  await registerTask(run, options.dir, WINDOWS_UPDATE_TASK, xml);
  await run('schtasks.exe', ['/Run', '/TN', WINDOWS_UPDATE_TASK]);
}

/** Windows: the update is confirmed, the rollback task goes. */
export async function cancelWindowsRollback(run: Run = runProgram): Promise<void> {
  await run('schtasks.exe', ['/Delete', '/TN', WINDOWS_ROLLBACK_TASK, '/F']);
}
