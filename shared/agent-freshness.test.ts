import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AGENT_FRESHNESS, agentFreshness, freshnessRange, freshnessRangeLabel } from './agent-data';

/** The freshness rule (SPEC 4): its ranges and labels derive from the badge's thresholds. */
describe('the freshness rule', () => {
  const NOW = new Date('2026-12-02T12:00:00.000Z');

  it("puts any time since last seen in the one range of the badge's colour (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100_000, noNaN: true }), (minutes) => {
        const lastSeen = new Date(NOW.getTime() - minutes * 60_000).toISOString();
        const elapsed = (NOW.getTime() - Date.parse(lastSeen)) / 60_000;
        const holding = AGENT_FRESHNESS.filter((freshness) => {
          const { from, until } = freshnessRange(freshness);
          return elapsed >= from && (until === null || elapsed < until);
        });
        expect(holding).toEqual([agentFreshness(lastSeen, NOW)]);
      }),
      { numRuns: 1_000, seed: 20_261_202 },
    );
  });

  it('names the ranges as the fleet filter always has', () => {
    expect(AGENT_FRESHNESS.map(freshnessRangeLabel)).toEqual(['< 90 min', '90–180 min', '≥ 3 h']);
  });
});
