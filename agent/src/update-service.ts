import path from 'node:path';
import { agentUpdatePlatform } from '../../shared/agent-updates';
import type { AgentConfig } from './config';
import { DeviceStore } from './device';
import type { Logger } from './logger';
import { AgentUpdater } from './update';
import { EXIT_FOR_UPDATE, runRollbackWatchdog } from './update-install';
import { trustedRoot } from './update-root';
import { UpdateState } from './update-state';
import { AGENT_VERSION } from './version';

/**
 * What main.ts needs for self-update, in one place: the service's updater, and the rollback
 * watchdog's entry (`--rollback-watchdog`). The service exits with EXIT_FOR_UPDATE after installing.
 */
export { EXIT_FOR_UPDATE };

/** The file an update replaces: the single executable, or the bundle node runs; null from the sources. */
export function programFile(isSingleExecutable: boolean, argv = process.argv): string | null {
  if (isSingleExecutable) return process.execPath;
  const entry = argv[1];
  return entry && /\.c?js$/.test(entry) ? path.resolve(entry) : null;
}

/** The service's updater, with the same fetch (proxy, private CA) its reports use. */
export function serviceUpdater(
  config: AgentConfig,
  log: Logger,
  options: { isSingleExecutable: boolean; fetchImpl: typeof fetch },
): AgentUpdater {
  return new AgentUpdater({
    stateDir: config.dir,
    configFile: config.file,
    endpoint: config.endpoint,
    log,
    fetchImpl: options.fetchImpl,
    deviceToken: async () => (await new DeviceStore({ dir: config.dir, log }).load())?.device_token ?? null,
    currentVersion: AGENT_VERSION,
    platform: agentUpdatePlatform(process.platform, process.arch),
    programFile: programFile(options.isSingleExecutable),
    programIsExecutable: options.isSingleExecutable,
    trustedRoot: trustedRoot(),
  });
}

/** `--rollback-watchdog`: left running by an update (Linux); rolls back unless the new version reports. */
export async function watchUpdate(config: AgentConfig, log: Logger): Promise<void> {
  await runRollbackWatchdog({ state: new UpdateState(config.dir), log });
}
