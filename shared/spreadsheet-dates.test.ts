import { describe, expect, it } from 'vitest';
import { spreadsheetDate } from './spreadsheet-dates';

describe('spreadsheetDate', () => {
  it.each([
    ['2025-01-15', '2025-01-15'],
    ['2025-1-5', '2025-01-05'],
    ['15/01/2025', '2025-01-15'],
    ['5/1/2025', '2025-01-05'],
    ['15.01.2025', '2025-01-15'],
    ['15-01-2025', '2025-01-15'],
    ['2025-01-15 00:00:00', '2025-01-15'],
    ['2025-01-15T00:00:00', '2025-01-15'],
    ['2025-01-15T23:30:00.000Z', '2025-01-15'],
    ['2025-01-15T00:00:00+01:00', '2025-01-15'],
    ['15/01/2025 00:00', '2025-01-15'],
    ['29/02/2024', '2024-02-29'],
    [' 2025-01-15 ', '2025-01-15'],
  ])('reads %j as %s', (text, date) => {
    expect(spreadsheetDate(text)).toBe(date);
  });

  it.each([
    // American month first: month 15 is no month, and 01/02 is read British (1 February) only.
    '01/15/2025',
    // Two-digit years: which century is a guess.
    '15/01/25',
    '29/02/2025',
    '2025-02-30',
    '2025-13-01',
    '31/04/2025',
    '15/01/2025 00:00:00 extra',
    '2025/01/15',
    '15 January 2025',
    '45672',
    '15/01-2025',
    '0025-01-15',
    '',
  ])('refuses %j', (text) => {
    expect(spreadsheetDate(text)).toBeNull();
  });
});
