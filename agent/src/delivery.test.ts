import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agentEnrollmentSchema, agentReportSchema, DEVICE_TOKEN_PATTERN } from '../../shared/agent-data';
import { collectOnce, runLoop, sendCollected } from './agent';
import { deliverReport } from './delivery';
import { DEVICE_FILE_NAME, DeviceStore } from './device';
import type { Logger } from './logger';
import { serializeReport, validateReport } from './report';

const KEY = `sk_${'ab'.repeat(32)}`;
const LIMIT_MESSAGE =
  "This organization has reached its plan's limit of 3 monitored machines. Delete machines you no longer monitor or upgrade the plan.";

interface Request {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** The enrolment and report routes as API.md states them, with switches for their refusals. */
const server = {
  requests: [] as Request[],
  valid: new Set<string>(),
  issued: [] as string[],
  planFull: false,
  /** Enrolments are held for approval (issue 35): 202, and the token refused with 403 until approved. */
  holdEnrolments: false,
  pending: new Set<string>(),
  reportRetryAfter: null as string | null,
  /** The status a report is refused with while reportRetryAfter is set: 429 or 503. */
  reportBusyStatus: 429,
  latestVersion: '1.0.0',
};
let httpServer: http.Server;
let endpoint: string;

function answer(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  httpServer = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body: unknown = JSON.parse(text);
      server.requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.url === '/api/agent/enroll') {
        if (req.headers['x-api-key'] !== KEY)
          return answer(res, 401, { error: { code: 'unauthorized', message: 'Invalid API key' } });
        if (!agentEnrollmentSchema.safeParse(body).success)
          return answer(res, 400, { error: { message: 'Invalid body' } });
        if (server.planFull)
          return answer(res, 403, { error: { code: 'forbidden', message: LIMIT_MESSAGE } });
        const token = `dt_01HZXAMPLEORG.${randomBytes(32).toString('base64url')}`;
        server.issued.push(token);
        if (server.holdEnrolments) {
          server.pending.add(token);
          return answer(res, 202, {
            device_id: `dev-${server.issued.length}`,
            device_token: token,
            status: 'pending_approval',
            code: 'enrolment_pending',
            message: 'Another device reports machine id X, already enrolled as pc-41',
          });
        }
        server.valid.add(token);
        return answer(res, 201, { device_id: `dev-${server.issued.length}`, device_token: token });
      }
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (server.pending.has(token)) {
        return answer(res, 403, {
          error: { code: 'device_pending', message: 'This device waits for approval' },
        });
      }
      if (!DEVICE_TOKEN_PATTERN.test(token) || !server.valid.has(token)) {
        return answer(res, 401, { error: { code: 'invalid_device_token', message: 'Invalid device token' } });
      }
      if (server.reportRetryAfter) {
        return answer(
          res,
          server.reportBusyStatus,
          { error: { code: 'rate_limited', message: 'Too many reports' } },
          { 'retry-after': server.reportRetryAfter },
        );
      }
      if (!agentReportSchema.safeParse(body).success)
        return answer(res, 400, { error: { message: 'Invalid report' } });
      return answer(res, 202, {
        received_at: new Date().toISOString(),
        latest_version: server.latestVersion,
      });
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}/api/agent/report`;
});
afterAll(async () => {
  httpServer.closeAllConnections();
  await new Promise((resolve) => httpServer.close(resolve));
});

/** Every line any test logged: none may hold a device token. */
const allLines: string[] = [];
function memoryLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const add = (level: string) => (message: string) => {
    lines.push(`${level} ${message}`);
    allLines.push(message);
  };
  return { lines, info: add('INFO'), warn: add('WARN'), error: add('ERROR') };
}

const report = validateReport({
  machine_id: 'c0ffee00c0ffee00c0ffee00c0ffee00',
  hostname: 'pc-42',
  os_type: 'Linux',
  os_version: 'Debian GNU/Linux 12',
  service_tag: null,
  logged_in_user: 'alice',
  agent_version: '1.0.0',
  memory_total_gb: 8,
  cpu_info: null,
  storage_info: [],
  shared_folders: [],
  printers: [],
  installed_software: [{ name: 'git', version: '2.39' }],
});
const body = serializeReport(report);

let dir: string;
let log: ReturnType<typeof memoryLog>;
let store: DeviceStore;
const deliver = () => deliverReport(report, body, { endpoint, apiKey: KEY, store, log });
const paths = () => server.requests.map((r) => r.path.replace('/api/agent/', ''));

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'itaa-agent-'));
  log = memoryLog();
  store = new DeviceStore({ dir, log });
  Object.assign(server, {
    requests: [],
    planFull: false,
    holdEnrolments: false,
    pending: new Set<string>(),
    reportRetryAfter: null,
    latestVersion: '1.0.0',
  });
});

describe('enrolment', () => {
  it('enrols once with the API key, then reports with the device token alone', async () => {
    expect(await deliver()).toMatchObject({ outcome: 'accepted', status: 202 });
    expect(await deliver()).toMatchObject({ outcome: 'accepted', status: 202 });
    expect(paths()).toEqual(['enroll', 'report', 'report']);
    const [enrol, ...reports] = server.requests;
    expect(enrol!.headers['x-api-key']).toBe(KEY);
    expect(enrol!.headers.authorization).toBeUndefined();
    expect(enrol!.body).toEqual({ machine_id: report.machine_id, hostname: 'pc-42', os_type: 'Linux' });
    const token = server.issued.at(-1)!;
    for (const sent of reports) {
      expect(sent.headers.authorization).toBe(`Bearer ${token}`);
      expect(sent.headers['x-api-key']).toBeUndefined();
      expect(sent.body).not.toHaveProperty('update_available');
    }
    const saved = JSON.parse(fs.readFileSync(path.join(dir, DEVICE_FILE_NAME), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(saved).toMatchObject({ endpoint, machine_id: report.machine_id, device_token: token });
  });

  it.runIf(process.platform !== 'win32')(
    'keeps the token in a file only its owner reads (0600)',
    async () => {
      fs.chmodSync(dir, 0o755);
      await deliver();
      expect(fs.statSync(path.join(dir, DEVICE_FILE_NAME)).mode & 0o777).toBe(0o600);
      expect(fs.readdirSync(dir)).toEqual([DEVICE_FILE_NAME]);
    },
  );

  it('enrols again, once, when a report is refused with 401, and sends the report again', async () => {
    await deliver();
    server.valid.delete(server.issued.at(-1)!); // the machine was deleted: its token is revoked
    server.requests = [];
    expect(await deliver()).toMatchObject({ outcome: 'accepted', status: 202 });
    expect(paths()).toEqual(['report', 'enroll', 'report']);
    expect(server.requests[2]!.headers.authorization).toBe(`Bearer ${server.issued.at(-1)}`);
    expect(fs.readFileSync(path.join(dir, DEVICE_FILE_NAME), 'utf8')).toContain(server.issued.at(-1)!);
  });

  it('does not loop when the new token is refused too', async () => {
    await deliver();
    server.valid.clear();
    const original = server.valid.add.bind(server.valid);
    server.valid.add = () => server.valid; // enrolment answers, but its tokens never work
    server.requests = [];
    try {
      expect(await deliver()).toMatchObject({ outcome: 'rejected', status: 401 });
    } finally {
      server.valid.add = original;
    }
    expect(paths()).toEqual(['report', 'enroll', 'report']);
  });

  it('enrols again when the stored token was issued for another server or machine', async () => {
    await store.save({
      endpoint: 'https://elsewhere.example.com/api/agent/report',
      machine_id: report.machine_id,
      device_id: 'old',
      device_token: `dt_01HZXAMPLEORG.${'Z'.repeat(43)}`,
      enrolled_at: new Date().toISOString(),
    });
    await deliver();
    expect(paths()).toEqual(['enroll', 'report']);
    // It proves it is the enrolled device with the token it holds (issue 35).
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer dt_01HZXAMPLEORG.${'Z'.repeat(43)}`);
  });

  it('held for approval: keeps its token, reports nothing until approved, then reports with it', async () => {
    server.holdEnrolments = true;
    const held = await deliver();
    expect(held).toMatchObject({ outcome: 'rejected', status: 202 });
    expect(paths()).toEqual(['enroll']);
    expect(log.lines.join('\n')).toContain('held for approval');
    const token = server.issued.at(-1)!;
    expect((await store.load())?.device_token).toBe(token);

    // Still pending: 403, the token kept, no new enrolment.
    expect(await deliver()).toMatchObject({ outcome: 'rejected', status: 403 });
    expect(paths()).toEqual(['enroll', 'report']);
    expect((await store.load())?.device_token).toBe(token);

    server.pending.delete(token);
    server.valid.add(token);
    expect(await deliver()).toMatchObject({ outcome: 'accepted', status: 202 });
    expect(paths()).toEqual(['enroll', 'report', 'report']);
  });

  it('logs the plan limit message at enrolment (403), sends no report, and waits for the next regular slot', async () => {
    server.planFull = true;
    const times: number[] = [];
    let clock = 0;
    const stop = new AbortController();
    await runLoop({
      signal: stop.signal,
      log,
      now: () => clock,
      random: () => 0.5,
      wait: async (ms) => {
        clock += Math.max(0, ms);
      },
      collect: async () => {
        times.push(clock / 60_000);
        if (times.length === 2) stop.abort();
        return collectOnce({ collect: async () => report, log });
      },
      send: (collected) =>
        sendCollected(collected, {
          send: (r, b) => deliverReport(r, b, { endpoint, apiKey: KEY, store, log }),
          log,
        }),
    });
    expect(times).toEqual([5, 35]);
    expect(paths()).toEqual(['enroll', 'enroll']);
    expect(log.lines).toContain(
      `ERROR Enrolment refused: 403 Forbidden — ${LIMIT_MESSAGE} [forbidden] — the agent tries again at its next report`,
    );
    expect(fs.existsSync(path.join(dir, DEVICE_FILE_NAME))).toBe(false);
  });

  it.each([429, 503])(
    'honours Retry-After on a report answered %i, and sends the same report again without collecting',
    async (status) => {
      await deliver();
      server.requests = [];
      server.reportRetryAfter = '120';
      server.reportBusyStatus = status;
      let clock = 0;
      const times: number[] = [];
      let collections = 0;
      const stop = new AbortController();
      await runLoop({
        signal: stop.signal,
        log,
        now: () => clock,
        random: () => 0, // the backoff alone would retry after 1 s
        wait: async (ms) => {
          clock += Math.max(0, ms);
        },
        // Each collection sees the machine a little differently, as a real one would.
        collect: () => {
          collections++;
          return collectOnce({
            collect: async () => ({ ...report, logged_in_user: `user-${collections}` }),
            log,
          });
        },
        send: (collected) => {
          times.push(clock / 1000);
          if (times.length === 3) stop.abort();
          return sendCollected(collected, {
            send: (r, b) => deliverReport(r, b, { endpoint, apiKey: KEY, store, log }),
            log,
          });
        },
      });
      expect(times).toEqual([300, 420, 540]);
      expect(collections).toBe(1);
      const bodies = server.requests.map((request) => JSON.stringify(request.body));
      expect(bodies).toHaveLength(3);
      expect(new Set(bodies).size).toBe(1);
      expect(log.lines.some((line) => line.startsWith(`WARN Report refused: ${status}`))).toBe(true);
      expect(
        log.lines.filter((line) => line.startsWith('INFO Sending again the report collected at')),
      ).toHaveLength(2);
    },
  );

  it('logs a newer agent version from the report answer', async () => {
    server.latestVersion = '9.0.0';
    await deliver();
    expect(log.lines.some((line) => line.includes('Agent 9.0.0 is available (this one is 1.0.0)'))).toBe(
      true,
    );
    server.latestVersion = '1.0.0';
    log.lines.length = 0;
    await deliver();
    expect(log.lines.some((line) => line.includes('is available'))).toBe(false);
  });
});

describe('the device token', () => {
  it('never appears in a log line', () => {
    expect(server.issued.length).toBeGreaterThan(3);
    for (const token of server.issued) {
      for (const line of allLines) expect(line).not.toContain(token);
    }
    expect(allLines.some((line) => line.includes('dt_'))).toBe(false);
  });
});
