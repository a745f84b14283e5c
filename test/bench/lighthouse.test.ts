import { describe, expect, it } from 'vitest';
import { calibratedCpuSlowdown } from './lighthouse';

describe('the CPU slowdown calibrated to the host', () => {
  it("gives Lighthouse's 4× to the host it assumes, and less to a slower one, as its calculator does", () => {
    expect(calibratedCpuSlowdown(1533)).toBeCloseTo(4, 2);
    expect(calibratedCpuSlowdown(2000)).toBeCloseTo(6, 2);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(150)).toBe(1);
    expect(calibratedCpuSlowdown(100)).toBe(1);
  });

  it('rises with the host’s speed, without a jump between the calculator’s ranges', () => {
    for (const edge of [150, 800, 1300]) {
      expect(calibratedCpuSlowdown(edge) - calibratedCpuSlowdown(edge - 0.001)).toBeLessThan(0.001);
    }
    for (let index = 100; index < 2500; index += 50) {
      expect(calibratedCpuSlowdown(index + 50)).toBeGreaterThanOrEqual(calibratedCpuSlowdown(index));
    }
  });
});
