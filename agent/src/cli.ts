import { parseArgs } from 'node:util';

export interface CliOptions {
  once: boolean;
  print: boolean;
  version: boolean;
  help: boolean;
  config: string | undefined;
  /** Internal: the rollback watchdog an update leaves running (update-install.ts), not for people. */
  rollbackWatchdog: boolean;
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export const USAGE = `IT Asset Auditor agent

Usage: it-asset-auditor-agent [options]

Without options the agent runs as a service: the first report 5 minutes after start, then every
30 minutes, retrying failed reports with backoff.

Options:
  --once           collect and send one report now, then exit (0 when the server accepted it)
  --print          print the report as JSON without sending it (no configuration needed)
  --config <file>  the configuration file (default: agent-config.json beside the executable,
                   or in the working directory when run with Node)
  --version        print the agent version
  --help           print this help

Configuration: agent-config.json holds { "endpoint": "https://<server>/api/agent/report",
"api_key": "sk_…" }; the environment variables ITAA_ENDPOINT and ITAA_API_KEY override it. The agent
enrols once with the API key and keeps its device token in agent-device.json beside it.

For installers: \`configure --stdin [--config <file>]\` writes agent-config.json (restricted to
SYSTEM and Administrators, or mode 0600) from "SERVER_URL|ENROLL_KEY|PROXY_URL|CA_CERT_FILE" on
standard input; \`configure --remove\` deletes it and the agent's state beside it.
`;

export function parseCli(argv: readonly string[]): CliOptions {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        once: { type: 'boolean', default: false },
        print: { type: 'boolean', default: false },
        version: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        config: { type: 'string' },
        'rollback-watchdog': { type: 'boolean', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.config !== undefined && values.config.trim() === '')
      throw new UsageError('--config needs a file');
    return {
      once: values.once ?? false,
      print: values.print ?? false,
      version: values.version ?? false,
      help: values.help ?? false,
      config: values.config,
      rollbackWatchdog: values['rollback-watchdog'] ?? false,
    };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message);
  }
}
