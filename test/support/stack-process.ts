import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { REPO_ROOT } from '../../infra/local/settings';
import { LOCAL_TABLE_NAME } from '../../infra/local/stack';
import { RUNTIME_CONFIG_PATH, type RuntimeConfig } from '../../shared/runtime-config';
import type { StackTarget } from './stack-client';

/**
 * The real `npm start` (infra/local/start.ts) as a process of its own, for tests that kill it with
 * SIGKILL or measure its memory: the stack the global setup starts runs inside vitest and can be
 * neither. The child leads a process group holding its DynamoDB Local java process, so a kill
 * takes the whole stack down at once, as a crash of the machine's processes would.
 */
export interface StackProcess extends StackTarget {
  /** The gateway's process (the functions run in it). */
  readonly pid: number;
  readonly dataDir: string;
  readonly dynamodbEndpoint: string;
  /** Resident memory of the gateway's process, from /proc. */
  rssBytes(): Promise<number>;
  /** SIGKILL to the whole group; resolves once every process of it is gone. */
  kill9(): Promise<void>;
  /** SIGTERM: the stack's own shutdown. */
  stop(): Promise<void>;
  /** Starts the stack again on the same data folder and ports. */
  restart(): Promise<void>;
  /** Stops the stack if it runs and removes its data folder. */
  dispose(): Promise<void>;
}

export const STACK_SUPER_ADMIN = { email: 'root@stack-process.test', password: 'root-password-1' };

const START_TIMEOUT_MS = 90_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Whether any live process of the group remains. A zombie does not count: the java child is
 * reparented when the gateway dies, and in a container nothing may reap it.
 */
function groupAlive(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the parenthesised command name: state, ppid, pgrp, …
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === pgid && state !== 'Z') return true;
  }
  return false;
}

async function waitUntil(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface StackProcessOptions {
  /** The functions' log level (CRITICAL unless told: tests read answers, not logs). */
  logLevel?: string;
  /** Where to append the child's output, for finding out why a request failed. */
  logFile?: string;
}

export async function startStackProcess(options: StackProcessOptions = {}): Promise<StackProcess> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'itam-stack-process-'));
  const ports = {
    PORT: String(await freePort()),
    COGNITO_PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    STRIPE_PORT: String(await freePort()),
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...ports,
    DATA_DIR: dataDir,
    SUPER_ADMIN_EMAIL: STACK_SUPER_ADMIN.email,
    SUPER_ADMIN_PASSWORD: STACK_SUPER_ADMIN.password,
    LOG_LEVEL: options.logLevel ?? 'CRITICAL',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // The tests play many clients from this machine, each naming its address (stack-client.ts).
    LOCAL_VIEWER_ADDRESS: 'x-forwarded-for',
  };
  // The child starts its own Stripe sandbox and sets the functions' endpoints itself; nothing of
  // the vitest process's stack may leak into it.
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_API_URL',
    'DYNAMODB_ENDPOINT',
    'COGNITO_ENDPOINT',
    'USER_POOL_ID',
    'USER_POOL_CLIENT_ID',
    'SES_ENDPOINT',
    'APP_URL',
    'TABLE_NAME',
    'POWERTOOLS_LOG_LEVEL',
  ])
    delete env[name];

  let child: ChildProcess | null = null;
  const state = { url: '', runtimeConfig: null as RuntimeConfig | null };

  const launch = async () => {
    const spawned = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], {
      cwd: REPO_ROOT,
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    let stdout = '';
    let stderr = '';
    spawned.stderr!.on('data', (chunk: Buffer) => {
      // Bounded: only the tail matters for a failure message.
      stderr = (stderr + chunk.toString()).slice(-20_000);
      if (options.logFile) appendFileSync(options.logFile, chunk);
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`The stack did not start within ${START_TIMEOUT_MS} ms. Its stderr:\n${stderr}`));
      }, START_TIMEOUT_MS);
      spawned.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /is running at (http:\/\/\S+)/.exec(stdout);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      spawned.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`The stack exited (${code ?? signal}) while starting. Its stderr:\n${stderr}`));
      });
    }).catch(async (error: unknown) => {
      if (spawned.pid && groupAlive(spawned.pid)) {
        process.kill(-spawned.pid, 'SIGKILL');
        await waitUntil('the failed stack to exit', () => !groupAlive(spawned.pid!), 10_000);
      }
      throw error;
    });
    // Keep draining stdout so that a chatty child never blocks on a full pipe.
    spawned.stdout!.on('data', (chunk: Buffer) => {
      if (options.logFile) appendFileSync(options.logFile, chunk);
    });
    state.url = url;
    const response = await fetch(`${url}${RUNTIME_CONFIG_PATH}`);
    state.runtimeConfig = (await response.json()) as RuntimeConfig;
  };

  const running = (): ChildProcess & { pid: number } => {
    if (!child?.pid) throw new Error('The stack is not running');
    return child as ChildProcess & { pid: number };
  };

  const kill = async (signal: NodeJS.Signals) => {
    if (!child?.pid) return;
    const pid = child.pid;
    try {
      process.kill(-pid, signal);
    } catch {
      // The group is already gone.
    }
    // The gateway's shutdown stops DynamoDB Local too; SIGKILL leaves nothing to wait for but the kernel.
    await waitUntil(`the stack's process group ${pid} to exit`, () => !groupAlive(pid), 30_000);
    child = null;
  };

  await launch();
  return {
    get baseUrl() {
      return state.url;
    },
    get runtimeConfig() {
      return state.runtimeConfig!;
    },
    get pid() {
      return running().pid;
    },
    dataDir,
    dynamodbEndpoint: `http://localhost:${ports.DYNAMODB_PORT}`,
    async rssBytes() {
      const status = await readFile(`/proc/${running().pid}/status`, 'utf8');
      const kilobytes = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
      if (!kilobytes) throw new Error('No VmRSS in /proc status');
      return Number(kilobytes) * 1024;
    },
    kill9: () => kill('SIGKILL'),
    stop: () => kill('SIGTERM'),
    async restart() {
      if (child) throw new Error('The stack is still running: kill or stop it first');
      await launch();
    },
    async dispose() {
      await kill('SIGKILL').catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A document client on the child's DynamoDB Local, for checks under the API: DynamoDB Local keeps
 * one database per access key and region, so these must be the ones the stack's functions use.
 */
export function stackDocumentClient(stack: StackProcess): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamodbEndpoint,
      region: 'local',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
}

export const STACK_TABLE_NAME = LOCAL_TABLE_NAME;

/**
 * Points this test process's data layer (functions/lib/table) at the stack's DynamoDB and Cognito.
 * The data layer reads these once, on first use; the ports stay the same across restarts.
 */
export function useStackProcessEnv(stack: StackProcess): void {
  Object.assign(process.env, {
    AWS_REGION: 'local',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    TABLE_NAME: STACK_TABLE_NAME,
    DYNAMODB_ENDPOINT: stack.dynamodbEndpoint,
    COGNITO_ENDPOINT: stack.runtimeConfig.userPoolEndpoint,
    USER_POOL_ID: stack.runtimeConfig.userPoolId,
    USER_POOL_CLIENT_ID: stack.runtimeConfig.userPoolClientId,
  });
}
