import http from 'node:http';
import { patch, send } from '../../functions/lib/table/commands';
import { subscriptions } from '../../functions/lib/table/items/organizations';
import type { MeResponse } from '../../shared/api';
import { UNLIMITED } from '../../shared/constants';
import type { RuntimeConfig } from '../../shared/runtime-config';
import startTestStack from '../support/global-setup';
import { signUpCompanyAt, type ApiResponse } from '../support/stack-client';

/**
 * The bench's local stack: the same as the integration tests' (started by their global setup: free
 * ports, a temporary data folder removed on stop), reached through test/support/stack-client.ts.
 */
export interface BenchStack {
  baseUrl: string;
  runtimeConfig: RuntimeConfig;
  stop(): Promise<void>;
}

export async function startBenchStack(): Promise<BenchStack> {
  const provided = new Map<string, unknown>();
  // The global setup only calls provide() on the vitest project it is given.
  const project = { provide: (key: string, value: unknown) => provided.set(key, value) };
  const teardown = await startTestStack(project as unknown as Parameters<typeof startTestStack>[0]);
  return {
    baseUrl: provided.get('baseUrl') as string,
    runtimeConfig: provided.get('runtimeConfig') as RuntimeConfig,
    stop: teardown,
  };
}

/**
 * Starts a bench stack, runs `work` on it and stops it, also when the work fails or the bench is
 * interrupted (Ctrl-C), so that no DynamoDB Local or temporary folder is left behind.
 */
export async function withBenchStack<T>(work: (stack: BenchStack) => Promise<T>): Promise<T> {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  console.log('Starting the local stack (DynamoDB Local, cognito-local, gateway) on free ports…');
  const stack = await startBenchStack();
  let stopping: Promise<void> | null = null;
  const stop = () => (stopping ??= stack.stop());
  const interrupted = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the local stack…`);
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    console.log(`local stack at ${stack.baseUrl}`);
    return await work(stack);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await stop();
  }
}

export interface TimedResponse<T> extends ApiResponse<T> {
  /** The whole round trip, body read included. */
  ms: number;
}

export interface Company {
  name: string;
  organizationId: string;
  email: string;
  password: string;
  accessToken: string;
}

/**
 * The bench's connections to the gateway: node:http with keep-alive, the HTTP stack of the raw
 * DynamoDB client its figures compare against, so that a ratio measures the product and not a
 * difference between two clients (fetch's costs about 0.2 ms more a call here).
 */
const keepAlive = new http.Agent({ keepAlive: true });

/** One request to the gateway on the bench's connections: its status and body text. */
export function gatewayRequest(
  stack: BenchStack,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const sent = http.request(
      `${stack.baseUrl}${path}`,
      { method, headers, agent: keepAlive },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Calls the local gateway as the web app does, timing the round trip (the body parsed included). */
export async function api<T = Record<string, unknown>>(
  stack: BenchStack,
  path: string,
  options: { method?: string; token?: string; json?: unknown; csv?: string } = {},
): Promise<TimedResponse<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.csv !== undefined) {
    headers['content-type'] = 'text/csv';
    body = options.csv;
  }
  const started = performance.now();
  const { status, text } = await gatewayRequest(stack, path, { method: options.method, headers, body });
  const parsed = (text ? JSON.parse(text) : null) as T;
  return { status, body: parsed, ms: performance.now() - started };
}

/** Fails loudly unless the call answered with the expected status. */
export function expectStatus<T>(response: ApiResponse<T>, status: number, what: string): T {
  if (response.status !== status) {
    throw new Error(
      `${what}: expected HTTP ${status}, got ${response.status}: ${JSON.stringify(response.body).slice(0, 500)}`,
    );
  }
  return response.body;
}

/**
 * Signs a new company up through the API, signs its admin in through cognito-local, and moves it to
 * a paid plan without limits (as test/support/api.ts signUpUnlimitedCompany does): the bench
 * measures speed, and the free trial's 500 assets would refuse its imports and fleets.
 */
export async function signUpCompany(stack: BenchStack, name: string): Promise<Company> {
  const { email, password, accessToken } = await signUpCompanyAt(stack, name);
  const me = expectStatus(
    await api<MeResponse>(stack, '/api/me', { token: accessToken }),
    200,
    'GET /api/me',
  );
  await send(
    patch(subscriptions.key(me.organization.id), {
      set: { status: 'active', plan_name: 'Enterprise', asset_limit: UNLIMITED, user_limit: UNLIMITED },
    }),
  );
  return { name, organizationId: me.organization.id, email, password, accessToken };
}
