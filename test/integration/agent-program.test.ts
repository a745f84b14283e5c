import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { AgentMachine, AgentSummary } from '../../shared/agent-data';
import type { CreatedApiKey } from '../../shared/api-keys';
import { api, baseUrl, signUpCompany } from '../support/api';

const run = promisify(execFile);
const AGENT_ENTRY = path.resolve('agent/src/main.ts');
// Resolved from the repository, since the agent runs in a scratch folder.
const TSX_LOADER = import.meta.resolve('tsx');

/** The real agent, as `npm run agent -- --once` runs it, in a scratch folder for its log. */
async function reportOnce(key: string): Promise<{ code: number; output: string }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'itaa-agent-'));
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', TSX_LOADER, AGENT_ENTRY, '--once'], {
      cwd: folder,
      env: { ...process.env, ITAA_ENDPOINT: `${baseUrl()}/api/agent/report`, ITAA_API_KEY: key },
      timeout: 60_000,
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('the agent program against the local stack', () => {
  it('reports this machine with --once, and is refused once its key is deleted', async () => {
    const company = await signUpCompany();
    const created = await api<CreatedApiKey>('/api/api-keys', {
      method: 'POST',
      token: company.accessToken,
      body: {},
    });

    const first = await reportOnce(created.body.key);
    expect(first.code, first.output).toBe(0);

    const fleet = await api<{ items: AgentSummary[] }>('/api/agents', { token: company.accessToken });
    expect(fleet.body.items.map((machine) => machine.hostname)).toEqual([hostname()]);
    const detail = await api<AgentMachine>(
      `/api/agents/${encodeURIComponent(fleet.body.items[0]!.machine_id)}`,
      { token: company.accessToken },
    );
    expect(detail.body.cpu_info?.processor).toBeTruthy();
    expect(detail.body.memory_total_gb).toBeGreaterThan(0);
    expect(detail.body.storage_info.length).toBeGreaterThan(0);

    await api(`/api/api-keys/${created.body.id}`, { method: 'DELETE', token: company.accessToken });
    const refused = await reportOnce(created.body.key);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('The API key is missing or not valid');
  }, 120_000);
});
