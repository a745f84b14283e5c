import { describe, expect, it } from 'vitest';
import { invocationLimiter } from './gateway';

describe("the local gateway's invocation limit", () => {
  it('runs at most the limit at once, starts the rest in arrival order, and finishes every one', async () => {
    const run = invocationLimiter(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        run(async () => {
          started.push(index);
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5 + (index % 4)));
          running--;
          if (index === 7) throw new Error('a failed invocation frees its slot too');
          return index;
        }).catch(() => -1),
      ),
    );
    expect(most).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, index) => index));
    expect(results.filter((result) => result >= 0)).toHaveLength(19);
  });
});
