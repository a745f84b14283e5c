import { describe, expect, it } from 'vitest';
import { HARDWARE_STATUSES, type HardwareStatus } from '../../shared/hardware';
import { countedTotal, searchedTotal } from './list-total';

const byStatus = Object.fromEntries(
  HARDWARE_STATUSES.map((status, at) => [status, (at + 1) * 100]),
) as Record<HardwareStatus, number>;

describe('the hardware list total', () => {
  it('is every status counter summed, or the filtered status counter, exactly', () => {
    expect(countedTotal(undefined, byStatus)).toEqual({ total: 2100, total_exact: true });
    expect(countedTotal('In Repair', byStatus)).toEqual({ total: 300, total_exact: true });
  });

  it("is a search's matches: exact only when its read went from the start of the list to the end", () => {
    const page = (matches: number, toEnd: boolean) => ({
      items: [],
      next_cursor: null,
      searched: { matches, toEnd },
    });
    expect(searchedTotal(undefined, page(37, true))).toEqual({ total: 37, total_exact: true });
    expect(searchedTotal(undefined, page(37, false))).toEqual({ total: 37, total_exact: false });
    expect(searchedTotal('cursor', page(5, true))).toEqual({ total: 5, total_exact: false });
  });
});
