import { AGENT_FIRST_REPORT_MINUTES, AGENT_REPORT_INTERVAL_MINUTES } from '../../shared/agent-data';

/**
 * When to report next. The first regular report comes AGENT_FIRST_REPORT_MINUTES after start;
 * each later one AGENT_REPORT_INTERVAL_MINUTES ± 10 % after the slot before it, the interval drawn
 * anew each time, so that 500 machines switched on together drift apart instead of reporting in
 * the same second every half hour. A report that failed for a reason that may pass (network, 5xx,
 * 429) is retried with exponential backoff and full jitter, never later than the next regular
 * slot; a report the server refused for a reason a retry cannot fix (bad key, bad body, too large,
 * no subscription) waits for the next regular slot. All pure: time and randomness come in as
 * arguments.
 */

const MINUTE = 60_000;
export const FIRST_REPORT_DELAY_MS = AGENT_FIRST_REPORT_MINUTES * MINUTE;
export const REPORT_INTERVAL_MS = AGENT_REPORT_INTERVAL_MINUTES * MINUTE;
/** Each interval is REPORT_INTERVAL_MS × (1 ± REPORT_JITTER), uniformly: 27 to 33 minutes. */
export const REPORT_JITTER = 0.1;
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

/** A draw from random() kept in [0, 1), whatever the source gives. */
function unit(random: () => number): number {
  return Math.min(Math.max(random(), 0), 1 - Number.EPSILON);
}

/** One interval between regular reports: uniform in REPORT_INTERVAL_MS · [1 − REPORT_JITTER, 1 + REPORT_JITTER). */
export function reportIntervalMs(random: () => number = Math.random): number {
  const spread = REPORT_INTERVAL_MS * REPORT_JITTER;
  return REPORT_INTERVAL_MS - spread + Math.floor(2 * spread * unit(random));
}

/**
 * The wait before retry number `attempt` (1 for the first): a uniform draw from
 * [0, min(cap, base · 2^(attempt−1))), at least RETRY_MIN_MS ("full jitter").
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 30));
  const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** exponent);
  return Math.max(RETRY_MIN_MS, Math.floor(unit(random) * ceiling));
}

export interface ScheduleState {
  /** When the next regular report is due (the last slot planned; later ones are drawn from it). */
  nextRegularAt: number;
  /** Retryable failures since the last report that got an answer. */
  failures: number;
}

export function initialSchedule(
  startedAt: number,
  firstReportDelayMs = FIRST_REPORT_DELAY_MS,
): ScheduleState {
  return { nextRegularAt: startedAt + firstReportDelayMs, failures: 0 };
}

/**
 * ITAA_FIRST_REPORT_DELAY_S: the first report sooner than the spec's 5 minutes (0 to 300 s), for
 * the tests, the footprint bench and a pilot that wants to see the machine at once. Unset or
 * unreadable: the spec's delay.
 */
export function firstReportDelayFromEnvironment(env: NodeJS.ProcessEnv): number {
  const text = env.ITAA_FIRST_REPORT_DELAY_S?.trim();
  if (!text || !/^\d+$/.test(text)) return FIRST_REPORT_DELAY_MS;
  return Math.min(Number(text) * 1000, FIRST_REPORT_DELAY_MS);
}

/**
 * The first regular slot strictly after `now`, each a freshly drawn interval after the one before.
 * Slots run from the slot, not from when a report ended, so a slow report does not push the
 * schedule; after the machine slept, the slots it missed are skipped, not replayed in a burst.
 */
export function nextRegularReportAt(slot: number, now: number, random: () => number = Math.random): number {
  let next = slot;
  while (next <= now) next += reportIntervalMs(random);
  return next;
}

export interface NextReport {
  at: number;
  /**
   * regular: collect afresh and send. retry: send again the report already collected (the same
   * body), which the server has not taken yet.
   */
  kind: 'regular' | 'retry';
  state: ScheduleState;
}

/**
 * The next report after one that ended with `outcome` at `now`. A server that asked for a wait
 * (Retry-After, with 429 or 503) gets at least that. A retry that a regular slot would come before
 * gives way to it: that report is collected afresh; so is one whose wait passed a slot.
 */
export function planNextReport(
  state: ScheduleState,
  outcome: ReportOutcome,
  now: number,
  random: () => number = Math.random,
  retryAfterMs: number | null = null,
): NextReport {
  const earliest = now + Math.max(0, retryAfterMs ?? 0);
  const slot =
    state.nextRegularAt > now ? state.nextRegularAt : nextRegularReportAt(state.nextRegularAt, now, random);
  if (outcome !== 'retry') {
    const at = nextRegularReportAt(slot, earliest - 1, random);
    return { at, kind: 'regular', state: { nextRegularAt: at, failures: 0 } };
  }
  const failures = state.failures + 1;
  const retryAt = Math.max(now + retryDelayMs(failures, random), earliest);
  if (retryAt < slot) return { at: retryAt, kind: 'retry', state: { nextRegularAt: slot, failures } };
  // The regular slot comes first, or the server's wait passes it: collect afresh, as soon as allowed.
  const at = Math.max(slot, earliest);
  return { at, kind: 'regular', state: { nextRegularAt: at, failures } };
}
