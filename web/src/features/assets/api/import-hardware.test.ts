import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, ImportFileError } from '@shared/hardware-import';
import { ApiError } from '../../../api/api-client';
import { importRefusal } from './import-hardware';

describe('importRefusal', () => {
  it('tells a file problem at the file, and a plan limit as a refusal of the whole file', () => {
    expect(importRefusal(new ImportFileError(IMPORT_MESSAGES.empty), '')).toEqual({
      kind: 'file',
      message: IMPORT_MESSAGES.empty,
    });
    expect(
      importRefusal(new ApiError(413, 'payload_too_large', 'The request is larger than 10 MB'), 'x'),
    ).toEqual({
      kind: 'file',
      message: IMPORT_MESSAGES.tooLarge,
    });
    const limit = new ApiError(
      409,
      'plan_limit',
      'This file would add 2,000 hardware assets… Nothing was imported',
    );
    expect(importRefusal(limit, 'x')).toEqual({ kind: 'plan_limit', message: limit.message });
  });

  it('lists every row of a file without one good row, and builds their failed rows from the file', () => {
    const text = 'Asset Type,Manufacturer,Model,Cost Centre\nSpaceship,Acme,X,CC-1\nLaptop,,,CC-2\n';
    const refused = importRefusal(
      new ApiError(400, 'no_valid_rows', IMPORT_MESSAGES.noValidRows(2), {
        errors: [{ row: 2, message: 'first only' }],
        ignored_columns: ['Cost Centre'],
      }),
      text,
    );
    expect(refused).toMatchObject({ kind: 'no_valid_rows', ignoredColumns: ['Cost Centre'] });
    expect(refused.errors?.map((error) => error.row)).toEqual([2, 3]);
    const rows = Papa.parse<string[]>(refused.failedRows!.slice(1), { skipEmptyLines: true }).data;
    expect(rows.map((row) => row.slice(0, 4))).toEqual([
      ['Asset Type', 'Manufacturer', 'Model', 'Cost Centre'],
      ['Spaceship', 'Acme', 'X', 'CC-1'],
      ['Laptop', '', '', 'CC-2'],
    ]);
    expect(rows[0]![4]).toBe('error');
    expect(rows[1]![4]).toMatch(/Asset type must be one of/);
  });
});
