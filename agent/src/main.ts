import path from 'node:path';
import { reportOnce, runLoop, type ReportResult } from './agent';
import { parseCli, USAGE, type CliOptions, type UsageError } from './cli';
import { collectReport } from './collect';
import { ConfigError, loadConfig, maskApiKey, type AgentConfig, type ConfigLocation } from './config';
import { deliverReport } from './delivery';
import { outgoingReport } from './report';
import { DeviceStore } from './device';
import { createLogger, LOG_FILE_NAME, type Logger } from './logger';
import { AGENT_VERSION } from './version';
import { CONFIGURE_COMMAND, configureCommand } from './install-config';

/** Exit codes of --once and of a failed start. */
export const EXIT = { ok: 0, notAccepted: 1, usage: 2, collection: 3 } as const;

async function isSingleExecutable(): Promise<boolean> {
  try {
    const sea = await import('node:sea');
    return sea.isSea();
  } catch {
    return false;
  }
}

async function configLocation(options: CliOptions): Promise<ConfigLocation> {
  return {
    configArg: options.config,
    isSingleExecutable: await isSingleExecutable(),
    execPath: process.execPath,
    cwd: process.cwd(),
  };
}

function fileLogger(config: AgentConfig): Logger {
  return createLogger({ file: path.join(config.dir, LOG_FILE_NAME) });
}

function describe(config: AgentConfig): string {
  return `endpoint ${config.endpoint}, key ${maskApiKey(config.apiKey)}, config ${config.file}`;
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

function oneReport(config: AgentConfig, log: Logger): Promise<ReportResult> {
  const store = new DeviceStore({ dir: config.dir, log });
  return reportOnce({
    collect: () => collectReport({ stateDir: config.dir, log }),
    send: (report, body) =>
      deliverReport(report, body, { endpoint: config.endpoint, apiKey: config.apiKey, store, log }),
    log,
  });
}

async function sendOnce(options: CliOptions): Promise<number> {
  const config = loadConfig(await configLocation(options));
  const log = fileLogger(config);
  for (const warning of config.warnings) log.warn(warning);
  log.info(`IT Asset Auditor agent ${AGENT_VERSION}: one report (${describe(config)})`);
  const result = await oneReport(config, log);
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
    });
  }
  process.on('uncaughtException', (error) => {
    log.error(`Unexpected error, exiting: ${error.stack ?? error.message}`);
    process.exit(1);
  });

  await runLoop({
    signal: stop.signal,
    log,
    report: () => {
      // Re-read the configuration each time, so a replaced API key is used without a restart.
      try {
        const fresh = loadConfig(location);
        if (fresh.apiKey !== config.apiKey || fresh.endpoint !== config.endpoint) {
          log.info(`Configuration changed: ${describe(fresh)}`);
        }
        config = fresh;
      } catch (error) {
        log.error(`${(error as Error).message}\nKeeping the previous configuration (${describe(config)})`);
      }
      return oneReport(config, log);
    },
  });
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
