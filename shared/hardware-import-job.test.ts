import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { failedRowsCsv, failedRowsFileName } from './hardware-import-job';

describe('failedRowsCsv', () => {
  it('gives the failed rows as the file had them, in row order, with their errors in an error column', () => {
    const file =
      '\uFEFFType,Model,Notes\r\nLaptop,"X1, Carbon","two\nlines"\r\nSpaceship,Rocket\r\nLaptop,T14,ok\r\n';
    const csv = failedRowsCsv(file, [
      { row: 3, message: 'Asset type must be one of: …' },
      { row: 2, message: 'first' },
      { row: 2, message: 'second' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data).toEqual([
      ['Type', 'Model', 'Notes', 'error'],
      ['Laptop', 'X1, Carbon', 'two\nlines', 'first; second'],
      // A short row is padded, so its error stays in the error column.
      ['Spaceship', 'Rocket', '', 'Asset type must be one of: …'],
    ]);
  });

  it('names the file after the import’s', () => {
    expect(failedRowsFileName('Inventory 2025.CSV')).toBe('Inventory 2025-failed-rows.csv');
    expect(failedRowsFileName(null)).toBe('import-failed-rows.csv');
  });
});
