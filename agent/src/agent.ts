import type { AgentReport, AgentReportSection } from '../../shared/agent-data';
import type { Logger } from './logger';
import { serializeReport } from './report';
import { initialSchedule, planNextReport, type NextReport, type ReportOutcome } from './schedule';
import type { SendResult } from './send';

export interface ReportResult extends SendResult {
  /** Where it ended: collecting (a local error, nothing sent) or sending. */
  stage: 'collect' | 'send';
}

/** A report collected and serialised: what a retry sends again, byte for byte. */
export interface CollectedReport {
  report: AgentReport;
  body: string;
  collectedAt: Date;
}

export interface CollectDeps {
  collect: () => Promise<AgentReport>;
  log: Logger;
  now?: () => Date;
}

export interface SendDeps {
  /** Sends the serialised report (enrolling first when needed). */
  send: (report: AgentReport, body: string) => Promise<SendResult>;
  log: Logger;
}

export type ReportDeps = CollectDeps & SendDeps;

/** Collects and validates a report; a local failure is a 'rejected' result, nothing to send. Never throws. */
export async function collectOnce({
  collect,
  log,
  now,
}: CollectDeps): Promise<CollectedReport | ReportResult> {
  try {
    const report = await collect();
    const body = serializeReport(report);
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
    return { report, body, collectedAt: now?.() ?? new Date() };
  } catch (error) {
    const message = `Collection failed, nothing sent: ${error instanceof Error ? error.message : String(error)}`;
    log.error(message);
    return { outcome: 'rejected', status: null, message, stage: 'collect' };
  }
}

/** Sends a collected report and logs the answer at the level its outcome deserves. Never throws. */
export async function sendCollected(
  collected: CollectedReport,
  { send, log }: SendDeps,
): Promise<ReportResult> {
  const result = await send(collected.report, collected.body);
  const logAt: Record<ReportOutcome, (message: string) => void> = {
    accepted: (message) => log.info(message),
    retry: (message) => log.warn(message),
    rejected: (message) => log.error(message),
  };
  logAt[result.outcome](result.message);
  return { ...result, stage: 'send' };
}

/** One report: collect, validate, send. Never throws; a local failure is a 'rejected' outcome. */
export async function reportOnce(deps: ReportDeps): Promise<ReportResult> {
  const collected = await collectOnce(deps);
  return 'outcome' in collected ? collected : sendCollected(collected, deps);
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
  /** Collects a fresh report (at each regular slot). */
  collect: () => Promise<CollectedReport | ReportResult>;
  /** Sends a collected report: a fresh one, or again the one a retry re-sends. */
  send: (collected: CollectedReport) => Promise<ReportResult>;
  log: Logger;
  signal: AbortSignal;
  now?: () => number;
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
  /** The spec's 5 minutes unless told otherwise (firstReportDelayFromEnvironment). */
  firstReportDelayMs?: number;
}

/**
 * Reports on the schedule of schedule.ts until the signal aborts. A retry sends again the report
 * collected for its slot (the same body: collecting costs the machine more than sending, and the
 * server has not taken it yet); the next regular slot collects afresh.
 */
export async function runLoop(deps: LoopDeps): Promise<void> {
  const now = deps.now ?? Date.now;
  const wait = deps.wait ?? sleep;
  let state = initialSchedule(now(), deps.firstReportDelayMs);
  let at = state.nextRegularAt;
  let kind: NextReport['kind'] = 'regular';
  let pending: CollectedReport | null = null;
  deps.log.info(`First report at ${new Date(at).toISOString()}`);
  while (!deps.signal.aborted) {
    await wait(at - now(), deps.signal);
    if (deps.signal.aborted) break;
    let result: ReportResult;
    if (kind === 'retry' && pending) {
      deps.log.info(`Sending again the report collected at ${pending.collectedAt.toISOString()}`);
      result = await deps.send(pending);
    } else {
      const collected = await deps.collect();
      pending = 'outcome' in collected ? null : collected;
      result = 'outcome' in collected ? collected : await deps.send(collected);
    }
    const next = planNextReport(state, result.outcome, now(), deps.random, result.retryAfterMs ?? null);
    state = next.state;
    at = next.at;
    kind = next.kind;
    if (kind === 'regular') pending = null;
    deps.log.info(
      kind === 'retry'
        ? `Retry ${state.failures} at ${new Date(at).toISOString()}`
        : `Next report at ${new Date(at).toISOString()}`,
    );
  }
}
