import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, ImportFileError, type ImportResult } from '@shared/hardware-import';
import { prepareImport, runImport, type ImportPart } from './import-hardware';

const HEADER = 'asset_type,manufacturer,model';
const rows = (count: number) => Array.from({ length: count }, (_, i) => `Laptop,Dell,Model ${i + 1}`);

describe('prepareImport', () => {
  it('splits the data rows into parts, each with the header and its first row number', () => {
    const prepared = prepareImport(`\uFEFF${[HEADER, ...rows(5)].join('\n')}\n\n`, 2);
    expect(prepared.totalRows).toBe(5);
    expect(prepared.unreadable).toEqual([]);
    expect(prepared.parts.map((part) => [part.firstRow, part.rowCount])).toEqual([
      [2, 2],
      [4, 2],
      [6, 1],
    ]);
    expect(Papa.parse<string[]>(prepared.parts[1]!.csv).data).toEqual([
      ['asset_type', 'manufacturer', 'model'],
      ['Laptop', 'Dell', 'Model 3'],
      ['Laptop', 'Dell', 'Model 4'],
    ]);
  });

  it('keeps quoted commas and line breaks inside a cell', () => {
    const prepared = prepareImport(`${HEADER},notes\nLaptop,"Dell, Inc.",X1,"two\nlines"`);
    expect(Papa.parse<string[]>(prepared.parts[0]!.csv).data[1]).toEqual([
      'Laptop',
      'Dell, Inc.',
      'X1',
      'two\nlines',
    ]);
  });

  it('reports an unreadable row by its number instead of sending it', () => {
    // A stray quote after a quoted field is malformed; papaparse reads the rest of the file into it.
    const prepared = prepareImport(
      [HEADER, 'Laptop,Dell,A', 'Laptop,Dell,B', 'Laptop,Dell,"C"x', 'Laptop,Dell,D'].join('\n'),
    );
    expect(prepared.totalRows).toBe(3);
    expect(prepared.unreadable).toEqual([
      { row: 4, message: 'The row could not be read as CSV: Trailing quote on quoted field is malformed' },
    ]);
    expect(prepared.parts.map((part) => [part.firstRow, part.rowCount])).toEqual([[2, 2]]);
  });

  it('refuses an empty file and a header without rows', () => {
    expect(() => prepareImport('')).toThrow(new ImportFileError(IMPORT_MESSAGES.empty));
    expect(() => prepareImport(`${HEADER}\n`)).toThrow(new ImportFileError(IMPORT_MESSAGES.noRows));
  });
});

describe('runImport', () => {
  const ok = (part: ImportPart): Promise<ImportResult> =>
    Promise.resolve({
      success: part.rowCount - 1,
      failed: 1,
      errors: [{ row: part.firstRow, message: 'bad' }],
    });

  it('sends the parts in order, reports progress after each and merges the results', async () => {
    const prepared = prepareImport([HEADER, ...rows(5)].join('\n'), 2);
    const seen: number[] = [];
    const sent: number[] = [];
    const outcome = await runImport(
      prepared,
      (progress) => seen.push(progress.done),
      (part) => {
        sent.push(part.firstRow);
        return ok(part);
      },
    );
    expect(sent).toEqual([2, 4, 6]);
    expect(seen).toEqual([2, 4, 5]);
    expect(outcome).toEqual({
      done: 5,
      total: 5,
      error: null,
      result: {
        success: 2,
        failed: 3,
        errors: [
          { row: 2, message: 'bad' },
          { row: 4, message: 'bad' },
          { row: 6, message: 'bad' },
        ],
      },
    });
  });

  it("counts unreadable rows as failed, in row order with the server's errors", async () => {
    const prepared = prepareImport([HEADER, 'Laptop,Dell,A', 'Laptop,Dell,"B"x'].join('\n'));
    const outcome = await runImport(prepared, () => undefined, ok);
    expect(outcome.done).toBe(2);
    expect(outcome.result.success).toBe(0);
    expect(outcome.result.failed).toBe(2);
    expect(outcome.result.errors.map((error) => error.row)).toEqual([2, 3]);
  });

  it('stops at a part that fails as a whole and keeps what landed before it', async () => {
    const prepared = prepareImport([HEADER, ...rows(5)].join('\n'), 2);
    const failure = new Error('too large');
    const outcome = await runImport(
      prepared,
      () => undefined,
      (part) => (part.firstRow === 4 ? Promise.reject(failure) : ok(part)),
    );
    expect(outcome.error).toBe(failure);
    expect(outcome.done).toBe(2);
    expect(outcome.result).toEqual({ success: 1, failed: 1, errors: [{ row: 2, message: 'bad' }] });
  });
});
