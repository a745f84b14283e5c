import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ENROLMENTS_PER_MINUTE,
  type AgentReportInput,
  type agentListResponseSchema,
} from '../../shared/agent-data';
import type { DashboardResponse } from '../../shared/api';
import { UNLIMITED } from '../../shared/constants';
import { PAGE_SIZE_MAX } from '../../shared/list';
import { organizationIdOf } from '../support/api';
import { deviceHeaders, enrolInProcess } from '../support/agents';
import { callApi, signUpCompanyAt } from '../support/stack-client';
import { startStackProcess, useStackProcessEnv, type StackProcess } from '../support/stack-process';

/**
 * Load through the local gateway, in a stack of its own so that the gateway's memory is a process
 * of its own: 1,000 agents reporting at once, then a two-minute soak at a steady rate. Every
 * report must be accepted, and the gateway's memory must not grow with the requests it served.
 */

const AGENTS = 1_000;
const SOAK_SECONDS = 120;
const SOAK_RATE_PER_SECOND = 15;
/**
 * How much the gateway's RSS may grow over the soak. Its heap is collected when V8 sees fit, not
 * after each request, so RSS moves by tens of megabytes on its own; 1,800 soak requests retained
 * (event, context, the report and DynamoDB's answers, some 50 KB each) would add about 90 MB.
 */
const RSS_GROWTH_BOUND_BYTES = 64 * 1024 * 1024;

type AgentListResponse = z.output<typeof agentListResponseSchema>;

let stack: StackProcess;
let logFile: string;

beforeAll(async () => {
  // The functions' errors go to a log, so that a failed request says why (an answer says only 500).
  logFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'itam-load-')), 'stack.log');
  stack = await startStackProcess({ logLevel: 'ERROR', logFile });
  useStackProcessEnv(stack);
}, 120_000);

afterAll(async () => {
  await stack?.dispose();
});

/** What a real agent sends (agent/src/collect.ts): a machine with its disks, printers and software. */
function agentReport(index: number, usedGb: number): AgentReportInput {
  const name = `LOAD-PC-${String(index).padStart(4, '0')}`;
  return {
    machine_id: `load-machine-${index}-${(index * 2654435761) % 4294967296}`,
    hostname: name,
    os_type: index % 3 === 0 ? 'Linux' : 'Windows',
    os_version: index % 3 === 0 ? 'Ubuntu 24.04 LTS' : 'Windows 11 Pro 23H2',
    service_tag: `ST${String(index).padStart(6, '0')}`,
    logged_in_user: `ACME\\user${index}`,
    agent_version: '1.0.0',
    update_available: false,
    memory_total_gb: 16,
    cpu_info: {
      processor: 'Intel Core i7-1365U',
      architecture: 'x64',
      cores_physical: 10,
      cores_logical: 12,
    },
    storage_info: [
      { device: 'C:', mountpoint: 'C:\\', used_gb: usedGb, total_gb: 475, percent: (usedGb / 475) * 100 },
    ],
    shared_folders: [{ name: 'Scans', path: 'D:\\Scans' }],
    printers: [{ name: 'HP LaserJet', driver: 'HP Universal', network: true, shared: false }],
    installed_software: Array.from({ length: 60 }, (_, software) => ({
      name: `Application ${software}`,
      version: `${software % 7}.${software % 13}.${software}`,
    })),
  };
}

interface Sent {
  status: number | 'network error';
  ms: number;
}

async function sendReport(token: string, report: AgentReportInput): Promise<Sent> {
  const started = performance.now();
  try {
    const response = await fetch(`${stack.baseUrl}/api/agent/report`, {
      method: 'POST',
      headers: { ...deviceHeaders(token), 'content-type': 'application/json' },
      body: JSON.stringify(report),
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  } catch {
    return { status: 'network error', ms: performance.now() - started };
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(results: Sent[]): { errors: number; text: string; statuses: string } {
  const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
  const failed = results.filter((result) => typeof result.status !== 'number' || result.status >= 300);
  const statuses = [...new Set(failed.map((result) => String(result.status)))].join(', ');
  const text = `${results.length} requests, ${failed.length} errors, latency p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`;
  return { errors: failed.length, text, statuses };
}

/** The tail of the functions' error log, to name the cause of failed requests. */
async function errorLog(): Promise<string> {
  const log = await readFile(logFile, 'utf8').catch(() => '');
  return log ? `the functions logged:\n${log.slice(-8_000)}` : 'the functions logged no error';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

describe('load', () => {
  it(`accepts ${AGENTS} agents reporting at once and a ${SOAK_SECONDS} s soak, with the gateway's memory flat`, async () => {
    const company = await signUpCompanyAt(stack, 'Load Fleet Ltd');
    const organizationId = await organizationIdOf(company, stack);
    const [{ patch, send }, { subscriptions }] = await Promise.all([
      import('../../functions/lib/table/commands'),
      import('../../functions/lib/table/items/organizations'),
    ]);
    await send(
      patch(subscriptions.key(organizationId), {
        set: { status: 'active', plan_name: 'Enterprise', asset_limit: UNLIMITED, user_limit: UNLIMITED },
      }),
    );
    // Every agent enrolled first, as each does once. The organisation may enrol 100 devices a
    // minute: the thousand are enrolled through the enrolment service, a minute of its clock per 100.
    const tokens: string[] = [];
    for (let index = 0; index < AGENTS; index++) {
      const minute = Math.floor(index / ENROLMENTS_PER_MINUTE);
      const at = new Date(Date.now() - (AGENTS / ENROLMENTS_PER_MINUTE - minute) * 60_000);
      const report = agentReport(index, 100);
      tokens.push((await enrolInProcess(organizationId, report, at)).token);
    }

    // The burst: every agent's first report in flight at once.
    const burstStarted = performance.now();
    const burst = await Promise.all(
      Array.from({ length: AGENTS }, (_, index) => sendReport(tokens[index]!, agentReport(index, 100))),
    );
    const burstSeconds = (performance.now() - burstStarted) / 1000;
    const burstSummary = summary(burst);
    console.log(
      `[reliability] burst of ${AGENTS} agents in ${burstSeconds.toFixed(1)} s: ${burstSummary.text}`,
    );

    await sleep(5_000);
    const rssStart = await stack.rssBytes();

    // The soak: reports paced by the clock, each agent in turn, its disk a little fuller each time.
    const soak: Promise<Sent>[] = [];
    const interval = 1000 / SOAK_RATE_PER_SECOND;
    const soakStarted = performance.now();
    for (let sent = 0; sent < SOAK_SECONDS * SOAK_RATE_PER_SECOND; sent++) {
      const due = soakStarted + sent * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const agent = sent % AGENTS;
      soak.push(sendReport(tokens[agent]!, agentReport(agent, 100 + Math.floor(sent / AGENTS) + 1)));
    }
    const soakResults = await Promise.all(soak);
    const soakSeconds = (performance.now() - soakStarted) / 1000;
    const rssEnd = await stack.rssBytes();
    const soakSummary = summary(soakResults);
    console.log(
      `[reliability] soak of ${soakSeconds.toFixed(0)} s at ${SOAK_RATE_PER_SECOND} reports/s: ${soakSummary.text}`,
    );
    console.log(
      `[reliability] gateway RSS: ${megabytes(rssStart)} MB at the start of the soak, ${megabytes(rssEnd)} MB at its end (${rssEnd >= rssStart ? '+' : ''}${megabytes(rssEnd - rssStart)} MB; bound +${megabytes(RSS_GROWTH_BOUND_BYTES)} MB)`,
    );

    const failures = burstSummary.errors + soakSummary.errors > 0 ? await errorLog() : '';
    expect(burstSummary.statuses, `statuses of failed burst requests; ${failures}`).toBe('');
    expect(burstSummary.errors).toBe(0);
    expect(soakSummary.statuses, `statuses of failed soak requests; ${failures}`).toBe('');
    expect(soakSummary.errors).toBe(0);
    expect(rssEnd).toBeLessThanOrEqual(rssStart + RSS_GROWTH_BOUND_BYTES);

    // Every agent once: the fleet list, paged through as the web app pages it, and its total.
    const listed: AgentListResponse['items'] = [];
    let cursor: string | null = null;
    let pages = 0;
    let total = -1;
    do {
      const query: URLSearchParams = new URLSearchParams({
        limit: String(PAGE_SIZE_MAX),
        ...(cursor && { cursor }),
      });
      const page: { status: number; body: AgentListResponse } = await callApi<AgentListResponse>(
        stack,
        `/api/agents?${query}`,
        {
          token: company.accessToken,
        },
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.items.length).toBeLessThanOrEqual(PAGE_SIZE_MAX);
      listed.push(...page.body.items);
      total = page.body.total;
      cursor = page.body.next_cursor;
      pages++;
    } while (cursor && pages <= AGENTS);
    console.log(`[reliability] fleet list: ${listed.length} machines in ${pages} pages, total ${total}`);
    expect(total).toBe(AGENTS);
    expect(listed).toHaveLength(AGENTS);
    expect(new Set(listed.map((agent) => agent.machine_id)).size).toBe(AGENTS);
    expect(new Set(listed.map((agent) => agent.hostname)).size).toBe(AGENTS);
    const dashboard = await callApi<DashboardResponse>(stack, '/api/dashboard', {
      token: company.accessToken,
    });
    console.log(
      `[reliability] dashboard: ${dashboard.body.agents} agents, ${dashboard.body.active_agents} active`,
    );
    expect(dashboard.body).toMatchObject({ agents: AGENTS, active_agents: AGENTS });
    // Agents are the fleet, not the hardware inventory (SPEC: Assets has the two as separate tabs).
    expect(dashboard.body.total_hardware).toBe(0);
  }, 420_000);
});
