import { describe, expect, it } from 'vitest';
import { agentReportSchema, type AgentReport } from '../../shared/agent-data';
import { reportOnce, runLoop, type ReportResult } from './agent';
import type { Logger } from './logger';
import { InvalidReportError } from './report';
import type { ReportOutcome } from './schedule';

const MINUTE = 60_000;

function memoryLog(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`INFO ${m}`),
    warn: (m) => lines.push(`WARN ${m}`),
    error: (m) => lines.push(`ERROR ${m}`),
  };
}

const report: AgentReport = agentReportSchema.parse({
  machine_id: 'abc',
  hostname: 'pc-1',
  os_type: 'Linux',
  os_version: 'Debian GNU/Linux 12',
  service_tag: null,
  logged_in_user: null,
  agent_version: '1.0.0',
  update_available: false,
  memory_total_gb: 8,
  cpu_info: null,
  storage_info: [],
  shared_folders: [],
  printers: [],
  installed_software: [],
  collection_errors: [],
});

describe('reportOnce', () => {
  it('collects, sends the JSON and logs the answer', async () => {
    const log = memoryLog();
    const bodies: string[] = [];
    const result = await reportOnce({
      collect: async () => report,
      send: async (_report, body) => {
        bodies.push(body);
        return { outcome: 'accepted', status: 202, message: 'Report accepted (202)' };
      },
      log,
    });
    expect(result).toMatchObject({ outcome: 'accepted', stage: 'send' });
    const { update_available: _ignored, collection_errors: _none, ...sent } = report;
    expect(JSON.parse(bodies[0]!)).toEqual(sent);
    expect(log.lines.at(-1)).toBe('INFO Report accepted (202)');
  });
  it('turns a collector bug into a logged local error, sending nothing', async () => {
    const log = memoryLog();
    let sent = false;
    const result = await reportOnce({
      collect: async () => {
        throw new InvalidReportError('✖ hostname is required\n  → at hostname');
      },
      send: async () => {
        sent = true;
        return { outcome: 'accepted', status: 202, message: '' };
      },
      log,
    });
    expect(sent).toBe(false);
    expect(result).toMatchObject({ outcome: 'rejected', stage: 'collect', status: null });
    expect(log.lines.join('\n')).toContain('ERROR Collection failed, nothing sent');
    expect(log.lines.join('\n')).toContain('hostname is required');
  });
  it('logs a refusal as an error and a transient failure as a warning', async () => {
    for (const [outcome, level] of [
      ['rejected', 'ERROR'],
      ['retry', 'WARN'],
    ] as const) {
      const log = memoryLog();
      await reportOnce({
        collect: async () => report,
        send: async () => ({ outcome, status: 500, message: 'boom' }),
        log,
      });
      expect(log.lines.at(-1)).toBe(`${level} boom`);
    }
  });
});

describe('runLoop', () => {
  /**
   * Runs the loop on a simulated clock; returns when each report was sent, in minutes after start,
   * with F for a freshly collected one and R for one sent again.
   */
  async function simulate(outcomes: ReportOutcome[], random = () => 0.5): Promise<string[]> {
    let clock = 0;
    const sent: string[] = [];
    let collectedAt = -1;
    const stop = new AbortController();
    await runLoop({
      signal: stop.signal,
      log: memoryLog(),
      now: () => clock,
      random,
      wait: async (ms) => {
        clock += Math.max(0, ms);
      },
      collect: async () => {
        collectedAt = clock;
        return { report, body: JSON.stringify({ collectedAt }), collectedAt: new Date(clock) };
      },
      send: async (collected): Promise<ReportResult> => {
        sent.push(`${collected.collectedAt.getTime() === clock ? 'F' : 'R'}${clock / MINUTE}`);
        const outcome = outcomes[sent.length - 1] ?? 'accepted';
        if (sent.length >= outcomes.length) stop.abort();
        return { outcome, status: null, message: '', stage: 'send' };
      },
    });
    return sent;
  }

  it('reports 5 minutes after start, then every 30 minutes (± 10 %, here drawn 0.5)', async () => {
    expect(await simulate(['accepted', 'accepted', 'accepted'])).toEqual(['F5', 'F35', 'F65']);
  });
  it('draws every interval anew', async () => {
    const draws = [0, 0.999, 0.25];
    const times = await simulate(
      ['accepted', 'accepted', 'accepted', 'accepted'],
      () => draws.shift() ?? 0.5,
    );
    expect(times).toEqual(['F5', 'F32', `F${32 + 32.994}`, `F${32 + 32.994 + 28.5}`]);
  });
  it('retries a transient failure with backoff by sending the collected report again, then resumes the regular slots', async () => {
    // random 0.5: retries after 15 s, 30 s, 60 s.
    const times = await simulate(['retry', 'retry', 'retry', 'accepted', 'accepted']);
    expect(times).toEqual(['F5', 'R5.25', 'R5.75', 'R6.75', 'F35']);
  });
  it('collects afresh when the retries reach the next regular slot', async () => {
    // random 0.5: retries after 0.25, 0.5, 1, 2, 4, 7.5, 7.5 minutes; the next would pass 35.
    const times = await simulate([...Array<ReportOutcome>(8).fill('retry'), 'accepted']);
    expect(times).toEqual(['F5', 'R5.25', 'R5.75', 'R6.75', 'R8.75', 'R12.75', 'R20.25', 'R27.75', 'F35']);
  });
  it('waits for the next regular slot after a refusal', async () => {
    expect(await simulate(['rejected', 'accepted'])).toEqual(['F5', 'F35']);
  });
  it('does not send a report that failed to collect, and collects again at the next slot', async () => {
    let clock = 0;
    const attempts: number[] = [];
    const stop = new AbortController();
    let sends = 0;
    await runLoop({
      signal: stop.signal,
      log: memoryLog(),
      now: () => clock,
      random: () => 0.5,
      wait: async (ms) => {
        clock += Math.max(0, ms);
      },
      collect: async () => {
        attempts.push(clock / MINUTE);
        if (attempts.length === 2) stop.abort();
        return { outcome: 'rejected', status: null, message: 'Collection failed', stage: 'collect' };
      },
      send: async () => {
        sends++;
        return { outcome: 'accepted', status: 202, message: '', stage: 'send' };
      },
    });
    expect(attempts).toEqual([5, 35]);
    expect(sends).toBe(0);
  });
  it('stops at once when the signal aborts while waiting', async () => {
    const stop = new AbortController();
    stop.abort();
    let reports = 0;
    await runLoop({
      signal: stop.signal,
      log: memoryLog(),
      collect: async () => {
        reports++;
        return { report, body: '{}', collectedAt: new Date() };
      },
      send: async () => ({ outcome: 'accepted', status: 202, message: '', stage: 'send' }),
    });
    expect(reports).toBe(0);
  });
});
