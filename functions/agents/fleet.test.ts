import { describe, expect, it } from 'vitest';
import { agentFreshness } from '../../shared/agent-data';
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

  it('read no more than the hours the thresholds fall in', () => {
    expect(freshnessHours('green', NOW)).toEqual(['2028-01-15T10', '9999']);
    expect(freshnessHours('yellow', NOW)).toEqual(['2028-01-15T09', '2028-01-15T10']);
    expect(freshnessHours('red', NOW)).toEqual(['0000', '2028-01-15T09']);
  });
});
