import { describe, expect, it } from 'vitest';
import {
  classifyStatus,
  firstReportDelayFromEnvironment,
  FIRST_REPORT_DELAY_MS,
  initialSchedule,
  nextRegularReportAt,
  planNextReport,
  REPORT_INTERVAL_MS,
  REPORT_JITTER,
  reportIntervalMs,
  RETRY_BASE_MS,
  RETRY_CAP_MS,
  RETRY_MIN_MS,
  retryDelayMs,
} from './schedule';

const MINUTE = 60_000;
const start = Date.parse('2026-11-22T08:00:00Z');

/** A deterministic pseudo-random source (mulberry32). */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the regular schedule', () => {
  it('reports 5 minutes after start, then every 30 minutes ± 10 %', () => {
    expect(FIRST_REPORT_DELAY_MS).toBe(5 * MINUTE);
    expect(REPORT_INTERVAL_MS).toBe(30 * MINUTE);
    expect(REPORT_JITTER).toBe(0.1);
    const state = initialSchedule(start);
    expect(state.nextRegularAt).toBe(start + 5 * MINUTE);
    expect(nextRegularReportAt(state.nextRegularAt, start)).toBe(start + 5 * MINUTE);
    expect(reportIntervalMs(() => 0)).toBe(27 * MINUTE);
    expect(reportIntervalMs(() => 0.5)).toBe(30 * MINUTE);
    expect(reportIntervalMs(() => 0.999999)).toBeLessThan(33 * MINUTE);
    expect(reportIntervalMs(() => 7)).toBeLessThan(33 * MINUTE);
  });
  it('draws each interval anew, uniformly over 27 to 33 minutes', () => {
    const random = seeded(26);
    const intervals = Array.from({ length: 2000 }, () => reportIntervalMs(random));
    expect(Math.min(...intervals)).toBeGreaterThanOrEqual(27 * MINUTE);
    expect(Math.max(...intervals)).toBeLessThan(33 * MINUTE);
    // Uniform: each of six one-minute bins holds about a sixth of the draws.
    const bins = Array.from(
      { length: 6 },
      (_, bin) => intervals.filter((ms) => Math.floor(ms / MINUTE) - 27 === bin).length,
    );
    for (const count of bins) expect(count).toBeGreaterThan(2000 / 6 - 80);
    expect(new Set(intervals).size).toBeGreaterThan(1900);
  });
  it('spreads 500 machines started together: their reports drift apart after the first', () => {
    const random = seeded(500);
    const thirdReports = Array.from({ length: 500 }, () => {
      let state = initialSchedule(start);
      let at = state.nextRegularAt;
      for (let report = 0; report < 2; report++) {
        const next = planNextReport(state, 'accepted', at, random);
        state = next.state;
        at = next.at;
      }
      return at;
    });
    // All in the same second (start + 65 min) without jitter; with it, spread over ±6 min, no second holding 2 % of them.
    const spread = Math.max(...thirdReports) - Math.min(...thirdReports);
    expect(spread).toBeGreaterThan(8 * MINUTE);
    const perSecond = new Map<number, number>();
    for (const at of thirdReports)
      perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
    expect(Math.max(...perSecond.values())).toBeLessThan(10);
  });
  it('keeps to its slots whatever a report took, and skips the ones missed while asleep', () => {
    const first = start + 5 * MINUTE;
    const half = () => 0.5;
    expect(nextRegularReportAt(first, first, half)).toBe(first + 30 * MINUTE);
    expect(nextRegularReportAt(first, first + 42_000, half)).toBe(first + 30 * MINUTE);
    expect(nextRegularReportAt(first, first + 30 * MINUTE, half)).toBe(first + 60 * MINUTE);
    // After the machine slept for hours: the next slot ahead, not a burst of missed ones.
    expect(nextRegularReportAt(first, first + 5 * 60 * MINUTE + 1, half)).toBe(first + 5.5 * 60 * MINUTE);
  });
});

describe('classifyStatus', () => {
  it.each([
    [202, 'accepted'],
    [200, 'accepted'],
    [400, 'rejected'],
    [401, 'rejected'],
    [402, 'rejected'],
    [403, 'rejected'],
    [404, 'rejected'],
    [413, 'rejected'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
  ] as const)('%i → %s', (status, outcome) => {
    expect(classifyStatus(status)).toBe(outcome);
  });
});

describe('retryDelayMs (exponential backoff, full jitter)', () => {
  it('draws from [0, 30 s · 2^(attempt−1)), capped at 15 minutes', () => {
    expect(retryDelayMs(1, () => 0.999999)).toBeLessThan(RETRY_BASE_MS);
    expect(retryDelayMs(1, () => 0.5)).toBe(15_000);
    expect(retryDelayMs(2, () => 0.5)).toBe(30_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(6, () => 0.5)).toBe(RETRY_CAP_MS / 2);
    expect(retryDelayMs(7, () => 0.5)).toBe(RETRY_CAP_MS / 2);
    expect(retryDelayMs(1000, () => 0.999999)).toBeLessThan(RETRY_CAP_MS);
  });
  it('never waits less than a second, even when the draw is 0', () => {
    expect(retryDelayMs(1, () => 0)).toBe(RETRY_MIN_MS);
  });
  it('stays within its bounds for any draw, even a faulty random source', () => {
    const random = seeded(42);
    for (let attempt = 1; attempt <= 40; attempt++) {
      const ceiling = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (attempt - 1));
      for (let i = 0; i < 200; i++) {
        const delay = retryDelayMs(attempt, random);
        expect(delay).toBeGreaterThanOrEqual(RETRY_MIN_MS);
        expect(delay).toBeLessThan(ceiling);
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
    expect(retryDelayMs(3, () => 1)).toBeLessThan(4 * RETRY_BASE_MS);
    expect(retryDelayMs(3, () => -1)).toBe(RETRY_MIN_MS);
  });
  it('spreads retries over the window (jitter, not a fixed wait)', () => {
    const random = seeded(7);
    const delays = Array.from({ length: 1000 }, () => retryDelayMs(4, random));
    const mean = delays.reduce((a, b) => a + b, 0) / delays.length;
    expect(mean).toBeGreaterThan(0.4 * 240_000);
    expect(mean).toBeLessThan(0.6 * 240_000);
    expect(new Set(delays).size).toBeGreaterThan(900);
  });
});

describe('planNextReport', () => {
  const state = initialSchedule(start);
  const first = state.nextRegularAt;
  const half = () => 0.5;

  it('after an accepted report: the next regular slot, a drawn interval after this one', () => {
    expect(planNextReport(state, 'accepted', first + 2_000, half)).toEqual({
      at: first + 30 * MINUTE,
      kind: 'regular',
      state: { nextRegularAt: first + 30 * MINUTE, failures: 0 },
    });
    expect(planNextReport(state, 'accepted', first + 2_000, () => 0).at).toBe(first + 27 * MINUTE);
  });
  it('after a refusal (401, 400, 413…): no quick retry, the next regular slot', () => {
    const next = planNextReport({ ...state, failures: 3 }, 'rejected', first + 2_000, () => 0);
    expect(next.kind).toBe('regular');
    expect(next.at).toBe(first + 27 * MINUTE);
    expect(next.state.failures).toBe(0);
  });
  it('after a failure that may pass: retries (re-sends) at growing intervals', () => {
    let current = state;
    let now = first;
    const ceilings: number[] = [];
    for (let i = 0; i < 4; i++) {
      const next = planNextReport(current, 'retry', now, () => 0.999);
      expect(next.kind).toBe('retry');
      ceilings.push(next.at - now);
      current = next.state;
      now = next.at;
    }
    expect(current.failures).toBe(4);
    expect(ceilings[1]!).toBeGreaterThan(ceilings[0]!);
    expect(ceilings[2]!).toBeGreaterThan(ceilings[1]!);
    expect(ceilings[3]!).toBeGreaterThan(ceilings[2]!);
  });
  it('keeps the slot drawn when the first failure happened while retrying', () => {
    const failed = planNextReport(state, 'retry', first, () => 0);
    expect(failed.state.nextRegularAt).toBe(first + 27 * MINUTE);
    const again = planNextReport(failed.state, 'retry', failed.at, () => 0.999);
    expect(again.state.nextRegularAt).toBe(first + 27 * MINUTE);
  });
  it('never retries later than the next regular slot (collected afresh), then resumes the schedule', () => {
    const failing = { nextRegularAt: first + 30 * MINUTE, failures: 8 };
    const now = first + 25 * MINUTE;
    const next = planNextReport(failing, 'retry', now, () => 0.999);
    expect(next).toMatchObject({ at: first + 30 * MINUTE, kind: 'regular' });
    const recovered = planNextReport(next.state, 'accepted', next.at + 1_000, half);
    expect(recovered).toEqual({
      at: first + 60 * MINUTE,
      kind: 'regular',
      state: { nextRegularAt: first + 60 * MINUTE, failures: 0 },
    });
  });
});

describe('a server that asks for a wait (Retry-After on 429 or 503)', () => {
  const state = { nextRegularAt: start, failures: 0 };
  it('retries no sooner than asked, re-sending the report', () => {
    const next = planNextReport(state, 'retry', start, () => 0, 5 * MINUTE);
    expect(next).toMatchObject({ at: start + 5 * MINUTE, kind: 'retry' });
  });
  it('keeps the backoff when it is longer than the wait asked', () => {
    const next = planNextReport({ ...state, failures: 5 }, 'retry', start, () => 0.99, 1_000);
    expect(next.at - start).toBeGreaterThan(1_000);
  });
  it('skips the regular slots that fall within the wait, collecting afresh when it ends', () => {
    expect(planNextReport(state, 'retry', start, () => 0, 45 * MINUTE)).toMatchObject({
      at: start + 45 * MINUTE,
      kind: 'regular',
    });
    expect(planNextReport(state, 'rejected', start, () => 0.5, 45 * MINUTE)).toMatchObject({
      at: start + 2 * REPORT_INTERVAL_MS,
      kind: 'regular',
    });
  });
});

describe('firstReportDelayFromEnvironment', () => {
  it("is the spec's 5 minutes unless ITAA_FIRST_REPORT_DELAY_S asks for less", () => {
    expect(firstReportDelayFromEnvironment({})).toBe(FIRST_REPORT_DELAY_MS);
    expect(firstReportDelayFromEnvironment({ ITAA_FIRST_REPORT_DELAY_S: '0' })).toBe(0);
    expect(firstReportDelayFromEnvironment({ ITAA_FIRST_REPORT_DELAY_S: ' 2 ' })).toBe(2_000);
    expect(firstReportDelayFromEnvironment({ ITAA_FIRST_REPORT_DELAY_S: '3600' })).toBe(
      FIRST_REPORT_DELAY_MS,
    );
    expect(firstReportDelayFromEnvironment({ ITAA_FIRST_REPORT_DELAY_S: '-1' })).toBe(FIRST_REPORT_DELAY_MS);
    expect(initialSchedule(start, 0).nextRegularAt).toBe(start);
  });
});
