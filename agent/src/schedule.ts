import { AGENT_FIRST_REPORT_MINUTES, AGENT_REPORT_INTERVAL_MINUTES } from '../../shared/agent-data';

/**
 * When to report next. Regular reports fall on fixed slots, the first AGENT_FIRST_REPORT_MINUTES
 * after start and then every AGENT_REPORT_INTERVAL_MINUTES. A report that failed for a reason that
 * may pass (network, 5xx, 429) is retried with exponential backoff and full jitter, never later
 * than the next regular slot; a report the server refused for a reason a retry cannot fix (bad key,
 * bad body, too large, no subscription) waits for the next regular slot. All pure: time and
 * randomness come in as arguments.
 */

const MINUTE = 60_000;
export const FIRST_REPORT_DELAY_MS = AGENT_FIRST_REPORT_MINUTES * MINUTE;
export const REPORT_INTERVAL_MS = AGENT_REPORT_INTERVAL_MINUTES * MINUTE;
export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 15 * MINUTE;
/** Full jitter may draw 0: a retry still waits this long. */
export const RETRY_MIN_MS = 1_000;

/**
 * accepted: the server took the report. retry: it may work soon (network error, timeout, 408, 429,
 * 5xx). rejected: it will not work until someone changes something (400, 401, 402, 403, 404, 413,
 * or a report that failed locally).
 */
export type ReportOutcome = 'accepted' | 'retry' | 'rejected';

export function classifyStatus(status: number): ReportOutcome {
  if (status >= 200 && status < 300) return 'accepted';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  return 'rejected';
}

/**
 * The wait before retry number `attempt` (1 for the first): a uniform draw from
 * [0, min(cap, base · 2^(attempt−1))), at least RETRY_MIN_MS ("full jitter").
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** exponent);
  const draw = Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
  return Math.max(RETRY_MIN_MS, Math.floor(draw * ceiling));
}

export interface ScheduleState {
  /** When the first regular report is due; every later slot is a whole interval after it. */
  firstReportAt: number;
  /** Retryable failures since the last report that got an answer. */
  failures: number;
}

export function initialSchedule(startedAt: number): ScheduleState {
  return { firstReportAt: startedAt + FIRST_REPORT_DELAY_MS, failures: 0 };
}

/** The first regular slot strictly after `now`. */
export function nextRegularReportAt(
  firstReportAt: number,
  now: number,
  intervalMs = REPORT_INTERVAL_MS,
): number {
  if (now < firstReportAt) return firstReportAt;
  return firstReportAt + (Math.floor((now - firstReportAt) / intervalMs) + 1) * intervalMs;
}

export interface NextReport {
  at: number;
  kind: 'regular' | 'retry';
  state: ScheduleState;
}

/**
 * The next report after one that ended with `outcome` at `now`. A server that asked for a wait
 * (Retry-After) gets at least that: the retry, or the first regular slot after it.
 */
export function planNextReport(
  state: ScheduleState,
  outcome: ReportOutcome,
  now: number,
  random: () => number = Math.random,
  retryAfterMs: number | null = null,
): NextReport {
  const earliest = now + Math.max(0, retryAfterMs ?? 0);
  const regular = nextRegularReportAt(state.firstReportAt, Math.max(now, earliest - 1));
  if (outcome !== 'retry') {
    return { at: regular, kind: 'regular', state: { ...state, failures: 0 } };
  }
  const failures = state.failures + 1;
  const retryAt = Math.max(now + retryDelayMs(failures, random), earliest);
  return retryAt < regular
    ? { at: retryAt, kind: 'retry', state: { ...state, failures } }
    : { at: regular, kind: 'regular', state: { ...state, failures } };
}
