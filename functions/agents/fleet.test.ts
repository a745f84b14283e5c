import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_FRESHNESS, agentFreshness, freshnessRange } from '../../shared/agent-data';
import { seenHour } from '../lib/table/items/agents';
import { freshnessHours } from './fleet';

const NOW = new Date('2028-01-15T12:20:00.000Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe("the hours a freshness colour's machines were last seen in", () => {
  it('hold every machine of the colour (the exact colour is checked on each machine read)', () => {
    for (let minutes = 0; minutes < 600; minutes += 1) {
      const lastSeen = ago(minutes);
      const [from, to] = freshnessHours(agentFreshness(lastSeen, NOW), NOW);
      const hour = seenHour(lastSeen);
      expect(hour >= from && hour <= to, `${minutes} minutes ago`).toBe(true);
    }
  });

  it('hold a machine exactly when its colour is the one asked, for any clock (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2030-01-01T00:00:00Z') }),
        fc.integer({ min: 0, max: 14 * 24 * 60 * 60 }),
        fc.constantFrom(...AGENT_FRESHNESS),
        (nowMs, secondsAgo, asked) => {
          const now = new Date(nowMs);
          const lastSeen = new Date(nowMs - secondsAgo * 1000).toISOString();
          const [first, last] = freshnessHours(asked, now);
          const hour = seenHour(lastSeen);
          const inRange = hour >= first && hour <= last;
          // The range is whole hours: it holds every machine of the colour, and none more than an
          // hour's worth from its thresholds (the exact colour is checked on each machine read).
          if (agentFreshness(lastSeen, now) === asked) expect(inRange).toBe(true);
          const { from, until } = freshnessRange(asked);
          const minutesAgo = secondsAgo / 60;
          if (inRange)
            expect(minutesAgo > from - 60 && (until === null || minutesAgo < until + 60)).toBe(true);
        },
      ),
      { numRuns: 1_000, seed: 20_261_202 },
    );
  });

  it('read no more than the hours the thresholds fall in', () => {
    expect(freshnessHours('green', NOW)).toEqual(['2028-01-15T10', '9999']);
    expect(freshnessHours('yellow', NOW)).toEqual(['2028-01-15T09', '2028-01-15T10']);
    expect(freshnessHours('red', NOW)).toEqual(['0000', '2028-01-15T09']);
  });
});
