import { describe, expect, it } from 'vitest';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_STATUSES,
  type HardwareAssetType,
  type HardwareStatus,
} from '../../shared/hardware';
import { countable, countedTotal, searchedTotal } from './list-total';

const counts = {
  byStatus: Object.fromEntries(HARDWARE_STATUSES.map((status, at) => [status, (at + 1) * 100])) as Record<
    HardwareStatus,
    number
  >,
  byType: Object.fromEntries(HARDWARE_ASSET_TYPES.map((type, at) => [type, at + 1])) as Record<
    HardwareAssetType,
    number
  >,
  byLocation: new Map([
    ['london office', 12],
    ['paris', -1],
  ]),
};

describe('the hardware list total', () => {
  it('is every status counter summed, or the filtered status, type or location counter, exactly', () => {
    expect(countedTotal({}, counts)).toEqual({ total: 2100, total_exact: true });
    expect(countedTotal({ status: 'In Repair' }, counts)).toEqual({ total: 300, total_exact: true });
    expect(countedTotal({ type: 'Laptop' }, counts)).toEqual({ total: 2, total_exact: true });
    // Any spelling of the location; one no asset has is none; never below zero.
    expect(countedTotal({ location: '  London   OFFICE ' }, counts)).toEqual({
      total: 12,
      total_exact: true,
    });
    expect(countedTotal({ location: 'Berlin' }, counts)).toEqual({ total: 0, total_exact: true });
    expect(countedTotal({ location: 'Paris' }, counts)).toEqual({ total: 0, total_exact: true });
  });

  it('comes from the counters only without a search and with one filter at most', () => {
    expect(countable({})).toBe(true);
    expect(countable({ location: 'Paris' })).toBe(true);
    expect(countable({ q: 'dell' })).toBe(false);
    expect(countable({ status: 'Active', type: 'Laptop' })).toBe(false);
    expect(countable({ type: 'Laptop', location: 'Paris' })).toBe(false);
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
