import { describe, expect, it } from 'vitest';
import { csvCalendarDate, csvCell, csvLocalDate, csvReport, localIsoDate, localIsoMonth } from './csv-report';

describe('the rules of a CSV report', () => {
  it("writes '-' for an empty value, and dates as dd/mm/yyyy", () => {
    expect([csvCell(null), csvCell(undefined), csvCell(''), csvCell('  '), csvCell('x')]).toEqual([
      '-',
      '-',
      '-',
      '-',
      'x',
    ]);
    expect(csvCalendarDate('2026-03-05')).toBe('05/03/2026');
    expect(csvCalendarDate(null)).toBe('-');
    expect(csvCalendarDate('soon')).toBe('soon');
    // Midday UTC is the same calendar day from UTC-11 to UTC+11, wherever the test runs.
    expect(csvLocalDate('2026-01-31T12:00:00.000Z')).toBe('31/01/2026');
    expect(csvLocalDate(null)).toBe('-');
  });

  it('quotes every cell and neutralises formula-like ones, after a BOM, in CRLF lines', () => {
    expect(
      csvReport(
        ['A', 'B'],
        [
          ['=1+1', '-'],
          ['-5', 'a "b"'],
        ],
      ),
    ).toBe('\uFEFF"A","B"\r\n"\'=1+1","-"\r\n"\'-5","a ""b"""\r\n');
    expect(csvReport(['A'], [])).toBe('\uFEFF"A"\r\n');
  });

  it('gives the local date and month', () => {
    expect(localIsoDate(new Date(2027, 0, 2))).toBe('2027-01-02');
    expect(localIsoMonth(new Date(2027, 0, 2))).toBe('2027-01');
  });
});
