import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The service stops within the service manager's patience even when a report is under way: WinSW
 * waits 15 s after its stop request, then kills. A server that takes the enrolment and never answers
 * holds the report (its own timeout is 60 s); SIGTERM must still end the agent cleanly in about 10 s.
 */

const AGENT_ENTRY = path.resolve('agent/src/main.ts');
const TSX_LOADER = import.meta.resolve('tsx');
let server: http.Server;
let endpoint: string;
const sockets: Socket[] = [];
let requested: () => void;
const firstRequest = new Promise<void>((resolve) => (requested = resolve));

beforeAll(async () => {
  server = http.createServer(() => requested());
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent/report`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});

describe('stopping the service during a report', () => {
  it('exits cleanly about 10 s after SIGTERM, saying the report was dropped', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'itaa-stop-'));
    const config = path.join(folder, 'agent-config.json');
    writeFileSync(config, JSON.stringify({ endpoint, api_key: `sk_${'ab'.repeat(32)}` }));
    const agent = spawn(process.execPath, ['--import', TSX_LOADER, AGENT_ENTRY, '--config', config], {
      cwd: folder,
      env: { ...process.env, ITAA_FIRST_REPORT_DELAY_S: '0', ITAA_ENDPOINT: '', ITAA_API_KEY: '' },
      stdio: 'ignore',
    });
    try {
      const exited = new Promise<number | null>((resolve) => agent.once('exit', (code) => resolve(code)));
      await firstRequest;
      const stopping = Date.now();
      agent.kill('SIGTERM');
      const code = await exited;
      const seconds = (Date.now() - stopping) / 1000;
      expect(code).toBe(0);
      expect(seconds).toBeGreaterThan(9);
      expect(seconds).toBeLessThan(14);
      const log = readFileSync(path.join(folder, 'agent.log'), 'utf8');
      expect(log).toContain('SIGTERM received: stopping');
      expect(log).toContain('Still busy with a report 10 s after SIGTERM: stopping without it');
    } finally {
      agent.kill('SIGKILL');
      rmSync(folder, { recursive: true, force: true });
    }
  }, 40_000);
});
