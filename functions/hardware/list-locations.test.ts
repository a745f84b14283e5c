import { describe, expect, it } from 'vitest';
import { locationCounter } from '../inventory/counts';
import { locationsOf } from './list-locations';

describe("the organisation's locations, from their counters", () => {
  it('adds up the spellings of one location, names it as most of its assets do, and leaves out the empty', () => {
    const counters = {
      [locationCounter('London office')]: 3,
      [locationCounter('london  Office')]: 5,
      [locationCounter('Floor 10')]: 1,
      [locationCounter('Floor 2')]: 2,
      [locationCounter('Paris')]: 0,
      [locationCounter('Berlin')]: -1,
      hardware_status_active: 11,
    };
    expect(locationsOf(counters)).toEqual([
      { folded: 'floor 2', name: 'Floor 2', count: 2 },
      { folded: 'floor 10', name: 'Floor 10', count: 1 },
      { folded: 'london office', name: 'london Office', count: 8 },
    ]);
  });

  it('counts each spelling as typed, its spaces folded', () => {
    expect(locationCounter('  London \t office ')).toBe('location#London office');
  });
});
