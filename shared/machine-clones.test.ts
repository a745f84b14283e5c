import { describe, expect, it } from 'vitest';
import {
  bootWentBack,
  CLONE_BOOT_TOLERANCE_SECONDS,
  CLONE_REVERSALS,
  CLONE_WINDOW_DAYS,
  countReversal,
  possibleClone,
} from './machine-clones';

const DAY = 86_400_000;
const start = new Date('2026-11-30T10:00:00.000Z');
const later = (days: number) => new Date(start.getTime() + days * DAY);

describe('possible clones', () => {
  it('counts a boot earlier than the recorded one past the tolerance, and nothing without both', () => {
    expect(bootWentBack(1_000_000, 1_000_000 - CLONE_BOOT_TOLERANCE_SECONDS)).toBe(false);
    expect(bootWentBack(1_000_000, 1_000_000 - CLONE_BOOT_TOLERANCE_SECONDS - 1)).toBe(true);
    expect(bootWentBack(undefined, 5)).toBe(false);
    expect(bootWentBack(1_000_000, null)).toBe(false);
  });

  it('marks on enough reversals within the window, starts counting again after it, and fades', () => {
    let evidence = countReversal({}, start);
    expect(possibleClone(evidence, start)).toBeNull();
    for (let count = 2; count <= CLONE_REVERSALS; count++) evidence = countReversal(evidence, later(1));
    expect(possibleClone(evidence, later(1))).toEqual({
      since: start.toISOString(),
      reversals: CLONE_REVERSALS,
    });
    expect(possibleClone(evidence, later(1 + CLONE_WINDOW_DAYS))).toBeNull();
    // A reversal long after the first is a first of its own.
    expect(countReversal(evidence, later(CLONE_WINDOW_DAYS + 2))).toMatchObject({ clone_reversals: 1 });
  });
});
