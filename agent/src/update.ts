import path from 'node:path';
import { isUpdateAvailable } from '../../shared/agent-version';
import {
  AGENT_MSI_FILE_NAME,
  agentUpdatesUrl,
  agentUpdateTargetPath,
  type AgentUpdatePlatform,
} from '../../shared/agent-updates';
import type { Logger } from './logger';
import {
  cancelWindowsRollback,
  installMsi,
  replaceProgram,
  runProgram,
  startWatchdog,
  type Run,
} from './update-install';
import { isAlive, rollbackWindowMs, UpdateState } from './update-state';

/** What the updater needs of a report's outcome. */
export interface ReportAnswer {
  outcome: 'accepted' | 'retry' | 'rejected';
  latestVersion?: string | null;
  autoUpdate?: boolean;
}

export interface UpdaterDeps {
  /** The configuration's folder: the update records, TUF metadata and downloads live there. */
  stateDir: string;
  configFile: string;
  /** The report route: the updates are beside it (…/api/agent/updates). */
  endpoint: string;
  log: Logger;
  fetchImpl: typeof fetch;
  deviceToken: () => Promise<string | null>;
  currentVersion: string;
  platform: AgentUpdatePlatform | null;
  /** Linux and macOS: the file an update replaces; null when run from the sources (no update). */
  programFile: string | null;
  /** The program file is the executable itself (a single executable), not a bundle run by node. */
  programIsExecutable: boolean;
  /** The root.json this agent trusts; null: built without one, no update. */
  trustedRoot: string | null;
  now?: () => Date;
  run?: Run;
  env?: NodeJS.ProcessEnv;
}

export type AfterReport = 'none' | 'restart';

/**
 * Self-update (issue 26). After an accepted report whose answer says `auto_update` and a newer
 * `latest_version`, the release for this platform is fetched and verified through TUF and installed;
 * the new version confirms itself with its first accepted report, or the previous one comes back
 * (update-install.ts). A version rolled back is not tried again until a newer one is published.
 */
export class AgentUpdater {
  private readonly state: UpdateState;
  private readonly said = new Set<string>();
  private busy = false;

  constructor(private readonly deps: UpdaterDeps) {
    this.state = new UpdateState(deps.stateDir);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Says something once per process: a state that holds every half hour is not news every time. */
  private once(key: string, say: () => void): void {
    if (this.said.has(key)) return;
    this.said.add(key);
    say();
  }

  /**
   * At start: the new version of an update under way reports at once to confirm it; the previous
   * version running again (the rollback happened) marks the new one as refused.
   */
  atStart(): 'report-now' | 'none' {
    const { log, currentVersion } = this.deps;
    const pending = this.state.pending();
    if (!pending) return 'none';
    if (pending.to === currentVersion) {
      this.state.setPending({ ...pending, pid: process.pid });
      log.info(
        `Started as ${currentVersion} after the update from ${pending.from}: reporting now to confirm it ` +
          `(otherwise ${pending.from} comes back at ${pending.rollback_at})`,
      );
      return 'report-now';
    }
    const due = this.now().getTime() >= Date.parse(pending.rollback_at);
    if (pending.from === currentVersion && (due || !isAlive(pending.watchdog_pid))) {
      const reason = `${pending.from} is running again: the update to ${pending.to} was rolled back`;
      log.warn(`${reason}; ${pending.to} is not tried again until a newer version is published`);
      this.state.refuse(pending.to, reason, this.now());
      this.state.clearPending();
    }
    return 'none';
  }

  /** After each report: confirms an update under way, or starts one when the answer asks for it. */
  async afterReport(answer: ReportAnswer): Promise<AfterReport> {
    if (answer.outcome !== 'accepted' || this.busy) return 'none';
    this.busy = true;
    try {
      await this.confirm();
      return await this.consider(answer);
    } catch (error) {
      this.deps.log.error(`Update failed: ${error instanceof Error ? error.message : String(error)}`);
      return 'none';
    } finally {
      this.busy = false;
    }
  }

  private async confirm(): Promise<void> {
    const pending = this.state.pending();
    if (!pending || pending.to !== this.deps.currentVersion) return;
    this.state.clearPending();
    this.deps.log.info(
      `Update from ${pending.from} to ${pending.to} confirmed: the server accepted its report`,
    );
    if (pending.previous_msi) {
      await cancelWindowsRollback(this.deps.run ?? runProgram).catch((error: unknown) =>
        this.deps.log.warn(`Could not delete the rollback task: ${String(error)}`),
      );
    }
  }

  private async consider(answer: ReportAnswer): Promise<AfterReport> {
    const { log, currentVersion: current, platform } = this.deps;
    const latest = answer.latestVersion;
    if (!latest || !isUpdateAvailable(current, latest)) return 'none';
    if (answer.autoUpdate !== true) {
      this.once(`off ${latest}`, () =>
        log.info(
          `Agent ${latest} is available (this one is ${current}); automatic updates are turned off for ` +
            'this organisation (Settings → Monitoring Agent): install it from Settings → Download Agent',
        ),
      );
      return 'none';
    }
    const refused = this.state.refused();
    if (refused && !isUpdateAvailable(refused.version, latest)) {
      this.once(`refused ${latest}`, () =>
        log.warn(
          `Agent ${latest} is available but not installed: ${refused.version} was rolled back on ${refused.at} ` +
            `(${refused.reason}); only a newer version is tried`,
        ),
      );
      return 'none';
    }
    if (this.state.pending()) return 'none';
    const unable = !this.deps.trustedRoot
      ? 'this agent was built without a trusted root.json'
      : !platform
        ? `no releases are published for ${process.platform}-${process.arch}`
        : !platform.startsWith('windows') && !this.deps.programFile
          ? 'it runs from the sources, not from an installed program file'
          : null;
    if (unable) {
      this.once(`unable ${latest}`, () =>
        log.warn(`Agent ${latest} is available but this agent cannot update itself: ${unable}`),
      );
      return 'none';
    }
    return this.update(latest);
  }

  private async download(version: string, fileName: string, token: string) {
    // tuf-js is loaded only when there is a release to verify: about 10 MB the idle service does not hold.
    const tuf = await import('./update-fetch');
    const fetcher = new tuf.DeviceFetcher({
      deviceToken: token,
      fetchImpl: this.deps.fetchImpl,
      userAgent: `it-asset-auditor-agent/${this.deps.currentVersion} (${process.platform})`,
    });
    return tuf.downloadVerifiedTarget({
      dir: this.state.dir,
      baseUrl: agentUpdatesUrl(this.deps.endpoint),
      trustedRoot: this.deps.trustedRoot ?? '',
      fetcher,
      targetPath: agentUpdateTargetPath(version, this.deps.platform!, fileName),
    });
  }

  private async update(latest: string): Promise<AfterReport> {
    const { log, currentVersion: current, platform } = this.deps;
    const token = await this.deps.deviceToken();
    if (!token) return 'none';
    const windows = platform!.startsWith('windows');
    const fileName = windows ? AGENT_MSI_FILE_NAME : path.basename(this.deps.programFile!);
    log.info(
      `Updating from ${current} to ${latest}: verifying the signed release (TUF) from ${agentUpdatesUrl(this.deps.endpoint)}`,
    );
    let target;
    try {
      target = await this.download(latest, fileName, token);
    } catch (error) {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const what =
        error instanceof (await import('./update-fetch')).TargetNotPublished
          ? 'not published for this platform'
          : 'refused, it did not verify';
      log.error(`Update to ${latest} ${what} (${why}); staying at ${current}`);
      return 'none';
    }
    if (target.custom.version !== latest || target.custom.platform !== platform) {
      log.error(
        `Update to ${latest} refused: the signed target says ${target.custom.version} for ${target.custom.platform}`,
      );
      return 'none';
    }
    log.info(`Verified ${fileName} ${latest} (${target.length} bytes, signed length and hashes match)`);
    const startedAt = this.now();
    const rollbackAt = new Date(startedAt.getTime() + rollbackWindowMs(this.deps.env));
    const record = {
      from: current,
      to: latest,
      started_at: startedAt.toISOString(),
      rollback_at: rollbackAt.toISOString(),
      platform: platform!,
      program: null,
      previous: null,
      previous_msi: null,
      watchdog_pid: null,
      pid: null,
    };
    if (windows) return this.installWindows(record, target.file, token, rollbackAt);
    const programFile = this.deps.programFile!;
    this.state.setPending({ ...record, program: programFile, previous: `${programFile}.previous` });
    try {
      const previous = replaceProgram(programFile, target.file);
      const watchdog = startWatchdog(previous, this.deps.programIsExecutable, this.deps.configFile);
      this.state.setPending({ ...record, program: programFile, previous, watchdog_pid: watchdog });
      log.info(
        `Installed ${latest} as ${programFile} (${current} kept as ${previous}; rollback watchdog ${watchdog}): ` +
          'restarting the service',
      );
      return 'restart';
    } catch (error) {
      this.state.clearPending();
      log.error(`Installing ${latest} failed, staying at ${current}: ${String(error)}`);
      return 'none';
    }
  }

  private async installWindows(
    record: Parameters<UpdateState['setPending']>[0],
    msi: string,
    token: string,
    rollbackAt: Date,
  ): Promise<AfterReport> {
    const { log, currentVersion: current } = this.deps;
    let previousMsi: string | null = null;
    try {
      previousMsi = (await this.download(current, AGENT_MSI_FILE_NAME, token)).file;
    } catch (error) {
      log.warn(
        `The MSI of ${current} could not be fetched (${String(error)}): this update cannot be rolled back`,
      );
    }
    this.state.setPending({ ...record, previous_msi: previousMsi });
    try {
      await installMsi({ msi, previousMsi, rollbackAt, dir: this.state.dir, run: this.deps.run });
      log.info(
        `Installing ${record.to} with msiexec (task "${'IT Asset Auditor Agent update'}"); the service restarts`,
      );
    } catch (error) {
      this.state.clearPending();
      log.error(`Starting the MSI upgrade failed, staying at ${current}: ${String(error)}`);
    }
    return 'none';
  }
}
