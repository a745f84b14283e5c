import path from 'node:path';
import type { AgentReport } from '../../shared/agent-data';
import { collectOnce, reportOnce, runLoop, sendCollected } from './agent';
import { parseCli, USAGE, type CliOptions, type UsageError } from './cli';
import { collectReport } from './collect';
import {
  ConfigError,
  loadConfig,
  maskApiKey,
  maskProxyUrl,
  type AgentConfig,
  type ConfigLocation,
} from './config';
import { deliverReport } from './delivery';
import { outgoingReport } from './report';
import { DeviceStore } from './device';
import { isSingleExecutable } from './executable';
import { firstReportDelayFromEnvironment } from './schedule';
import { createLogger, LOG_FILE_NAME, type Logger } from './logger';
import { agentFetch, agentPost, type AgentPost } from './network';
import { EXIT_FOR_UPDATE, serviceUpdater, watchUpdate } from './update-service';
import { AGENT_VERSION } from './version';
import { CONFIGURE_COMMAND, configureCommand } from './install-config';

/** How long a stop waits for a report under way (inside WinSW's 15 s stoptimeout and systemd's 90 s). */
const STOP_GRACE_MS = 10_000;

/** Exit codes of --once and of a failed start; the service exits with `updated` to be restarted as the new version. */
export const EXIT = { ok: 0, notAccepted: 1, usage: 2, collection: 3, updated: EXIT_FOR_UPDATE } as const;

async function configLocation(options: CliOptions): Promise<ConfigLocation> {
  return {
    configArg: options.config,
    isSingleExecutable: await isSingleExecutable(),
    execPath: process.execPath,
    cwd: process.cwd(),
  };
}

/** The watchdog an update leaves running (Linux): rolls back when the new version does not report. */
async function rollbackWatchdog(options: CliOptions): Promise<number> {
  const config = loadConfig(await configLocation(options));
  await watchUpdate(config, fileLogger(config));
  return EXIT.ok;
}

function fileLogger(config: AgentConfig): Logger {
  return createLogger({ file: path.join(config.dir, LOG_FILE_NAME) });
}

/** The configuration for the log: never the key nor the proxy's password. */
function describe(config: AgentConfig): string {
  const proxy = config.proxy
    ? `, proxy ${maskProxyUrl(config.proxy.url)} (${config.proxy.source}${config.proxy.noProxy ? `, not for ${config.proxy.noProxy}` : ''})`
    : '';
  const ca = config.caCertFile
    ? `, CA bundle ${config.caCertFile} (${config.caCertificates.length} certificate(s))`
    : '';
  return `endpoint ${config.endpoint}, key ${maskApiKey(config.apiKey)}${proxy}${ca}, config ${config.file}`;
}

/** What decides the agent's connections: a new fetch is made only when it changes. */
function networkKey(config: AgentConfig): string {
  return JSON.stringify([config.proxy, config.caCertificates]);
}

interface Network {
  /** Enrolment and reports. */
  post: AgentPost;
  /** The self-update's downloads. */
  fetchImpl: typeof fetch;
}

function networkOf(config: AgentConfig): Network {
  const fetchImpl = agentFetch(config);
  return { fetchImpl, post: agentPost(config, fetchImpl) };
}

/** The agent's network for a configuration, made again only when its proxy or CA bundle changed. */
function networkFor(): (config: AgentConfig) => Network {
  let made: { key: string; network: Network } | null = null;
  return (config) => {
    const key = networkKey(config);
    if (made?.key !== key) made = { key, network: networkOf(config) };
    return made.network;
  };
}

async function printReport(options: CliOptions): Promise<number> {
  // stdout carries the JSON: log lines go to stderr.
  const log = createLogger({ file: null, console: process.stderr });
  let stateDir: string | null = null;
  try {
    stateDir = loadConfig(await configLocation(options)).dir;
  } catch {
    // --print needs no configuration
  }
  try {
    const report = await collectReport({ stateDir, log });
    // What would be sent: without the sections that could not be collected.
    process.stdout.write(`${JSON.stringify(outgoingReport(report), null, 2)}\n`);
    return EXIT.ok;
  } catch (error) {
    log.error((error as Error).message);
    return EXIT.collection;
  }
}

/** The agent's work for one configuration: collect this machine, send a collected report. */
function reporting(config: AgentConfig, log: Logger, post: AgentPost) {
  const store = new DeviceStore({ dir: config.dir, log });
  return {
    collect: () => collectReport({ stateDir: config.dir, log }),
    send: (report: AgentReport, body: string) =>
      deliverReport(report, body, {
        endpoint: config.endpoint,
        apiKey: config.apiKey,
        store,
        log,
        post,
      }),
    log,
  };
}

async function sendOnce(options: CliOptions): Promise<number> {
  const config = loadConfig(await configLocation(options));
  const log = fileLogger(config);
  for (const warning of config.warnings) log.warn(warning);
  log.info(`IT Asset Auditor agent ${AGENT_VERSION}: one report (${describe(config)})`);
  const result = await reportOnce(reporting(config, log, networkOf(config).post));
  if (result.outcome === 'accepted') return EXIT.ok;
  return result.stage === 'collect' ? EXIT.collection : EXIT.notAccepted;
}

async function runService(options: CliOptions): Promise<number> {
  const location = await configLocation(options);
  let config = loadConfig(location);
  const log = fileLogger(config);
  for (const warning of config.warnings) log.warn(warning);
  log.info(`IT Asset Auditor agent ${AGENT_VERSION} started, pid ${process.pid} (${describe(config)})`);

  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGBREAK', 'SIGHUP'] as const) {
    process.on(signal, () => {
      log.info(`${signal} received: stopping`);
      stop.abort();
      // A report under way (a slow collector, a server not answering) must not hold the stop past
      // the service manager's patience (WinSW waits 15 s, then kills): it is dropped, and the next
      // start reports afresh.
      setTimeout(() => {
        log.warn(`Still busy with a report ${STOP_GRACE_MS / 1000} s after ${signal}: stopping without it`);
        process.exit(EXIT.ok);
      }, STOP_GRACE_MS).unref();
    });
  }
  process.on('uncaughtException', (error) => {
    log.error(`Unexpected error, exiting: ${error.stack ?? error.message}`);
    process.exit(1);
  });

  const fetchFor = networkFor();
  /** Re-read before each attempt, so a replaced API key, proxy or CA bundle is used without a restart. */
  const current = () => {
    try {
      const fresh = loadConfig(location);
      if (describe(fresh) !== describe(config)) log.info(`Configuration changed: ${describe(fresh)}`);
      config = fresh;
    } catch (error) {
      log.error(`${(error as Error).message}\nKeeping the previous configuration (${describe(config)})`);
    }
    return reporting(config, log, fetchFor(config).post);
  };
  const updater = serviceUpdater(config, log, {
    isSingleExecutable: location.isSingleExecutable,
    fetchImpl: fetchFor(config).fetchImpl,
  });
  let restartForUpdate = false;
  await runLoop({
    signal: stop.signal,
    log,
    // A new version proves itself at once rather than at the first regular slot.
    firstReportDelayMs: updater.atStart() === 'report-now' ? 0 : firstReportDelayFromEnvironment(process.env),
    collect: () => collectOnce(current()),
    send: async (collected) => {
      const result = await sendCollected(collected, current());
      if ((await updater.afterReport(result)) === 'restart') {
        restartForUpdate = true;
        stop.abort();
      }
      return result;
    },
  });
  if (restartForUpdate) {
    log.info(`Exiting with ${EXIT.updated} so that the service starts the new version`);
    return EXIT.updated;
  }
  log.info('Stopped');
  return EXIT.ok;
}

export async function main(argv: readonly string[]): Promise<number> {
  // The installers' subcommand: writes agent-config.json from standard input (install-config.ts).
  if (argv[0] === CONFIGURE_COMMAND) return configureCommand(argv.slice(1));
  let options: CliOptions;
  try {
    options = parseCli(argv);
  } catch (error) {
    process.stderr.write(`${(error as UsageError).message}\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (options.help) {
    process.stdout.write(USAGE);
    return EXIT.ok;
  }
  if (options.version) {
    process.stdout.write(`${AGENT_VERSION}\n`);
    return EXIT.ok;
  }
  try {
    if (options.rollbackWatchdog) return await rollbackWatchdog(options);
    if (options.print) return await printReport(options);
    if (options.once) return await sendOnce(options);
    return await runService(options);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
