import type { AgentReport, AgentReportSection } from '../../shared/agent-data';
import type { Logger } from './logger';
import { serializeReport } from './report';
import { initialSchedule, planNextReport, type ReportOutcome } from './schedule';
import type { SendResult } from './send';

export interface ReportResult extends SendResult {
  /** Where it ended: collecting (a local error, nothing sent) or sending. */
  stage: 'collect' | 'send';
}

export interface ReportDeps {
  collect: () => Promise<AgentReport>;
  /** Sends the serialised report (enrolling first when needed). */
  send: (report: AgentReport, body: string) => Promise<SendResult>;
  log: Logger;
}

/** One report: collect, validate, send. Never throws; a local failure is a 'rejected' outcome. */
export async function reportOnce({ collect, send, log }: ReportDeps): Promise<ReportResult> {
  let body: string;
  let report: AgentReport;
  try {
    report = await collect();
    body = serializeReport(report);
    const failed = new Set(report.collection_errors.map((error) => error.section));
    const count = (section: AgentReportSection, items: unknown[] | undefined, what: string) =>
      failed.has(section) ? `? ${what}` : `${items?.length ?? 0} ${what}`;
    log.info(
      `Collected ${report.hostname} (${report.os_type ?? 'unknown OS'}): ` +
        `${count('storage_info', report.storage_info, 'disk(s)')}, ${count('printers', report.printers, 'printer(s)')}, ` +
        `${count('shared_folders', report.shared_folders, 'share(s)')}, ` +
        `${count('installed_software', report.installed_software, 'program(s)')}, ${Buffer.byteLength(body)} bytes`,
    );
    for (const { section, message } of report.collection_errors) {
      log.warn(`Not collected, the server keeps its previous ${section}: ${message}`);
    }
  } catch (error) {
    const message = `Collection failed, nothing sent: ${error instanceof Error ? error.message : String(error)}`;
    log.error(message);
    return { outcome: 'rejected', status: null, message, stage: 'collect' };
  }
  const result = await send(report, body);
  const logAt: Record<ReportOutcome, (message: string) => void> = {
    accepted: (message) => log.info(message),
    retry: (message) => log.warn(message),
    rejected: (message) => log.error(message),
  };
  logAt[result.outcome](result.message);
  return { ...result, stage: 'send' };
}

/** Waits `ms`, or less if the signal aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, ms));
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface LoopDeps {
  report: () => Promise<ReportResult>;
  log: Logger;
  signal: AbortSignal;
  now?: () => number;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

/** Reports on the schedule of schedule.ts until the signal aborts. */
export async function runLoop(deps: LoopDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  const wait = deps.wait ?? sleep;
  let state = initialSchedule(now());
  let at = state.firstReportAt;
  deps.log.info(`First report at ${new Date(at).toISOString()}`);
  while (!deps.signal.aborted) {
    await wait(at - now(), deps.signal);
    if (deps.signal.aborted) break;
    const result = await deps.report();
    const next = planNextReport(state, result.outcome, now(), deps.random, result.retryAfterMs ?? null);
    state = next.state;
    at = next.at;
    deps.log.info(
      next.kind === 'retry'
        ? `Retry ${state.failures} at ${new Date(at).toISOString()}`
        : `Next report at ${new Date(at).toISOString()}`,
    );
  }
}
