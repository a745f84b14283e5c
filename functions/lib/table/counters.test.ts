import { describe, expect, it } from 'vitest';
import { counterShards } from './counters';

describe('a counter shard', () => {
  it('is keyed by its organisation and number, and an upsert of it sets only those', () => {
    expect(counterShards.key('O1', 3)).toStrictEqual({ pk: 'org#o1', sk: 'counters#3' });
    expect(counterShards.identity('O1', 3)).toStrictEqual({ organization_id: 'O1', shard: 3 });
  });
});
