import Papa from 'papaparse';
import {
  IMPORT_PART_ROWS,
  importResultSchema,
  readCsvRecords,
  unreadableRowMessage,
  type ImportResult,
  type ImportRowError,
} from '@shared/hardware-import';
import { apiRequest } from '../../../api/api-client';

/** A slice of the file sent as one request: its header row plus up to IMPORT_PART_ROWS data rows. */
export interface ImportPart {
  /** Row number of the part's first data row in the whole file (the header is row 1). */
  firstRow: number;
  rowCount: number;
  csv: string;
}

export interface PreparedImport {
  parts: ImportPart[];
  /** Data rows in the file (the header not counted). */
  totalRows: number;
  /** Rows that could not be read as CSV at all; they are reported, never sent. */
  unreadable: ImportRowError[];
}

/**
 * Splits a CSV file into parts the API imports one after another. Row numbers stay those of the
 * whole file: each part names its first row, so a row the browser cannot read (bad quoting) ends a
 * part instead of being sent, and the rows after it keep their numbers. Throws ImportFileError for
 * a file that cannot be imported at all.
 */
export function prepareImport(text: string, partRows: number = IMPORT_PART_ROWS): PreparedImport {
  const { header, records, unreadable: unreadableAt } = readCsvRecords(text);

  const parts: ImportPart[] = [];
  const unreadable: ImportRowError[] = [];
  let run: { firstIndex: number; rows: string[][] } | null = null;
  const endRun = () => {
    if (run && run.rows.length > 0) {
      parts.push({
        firstRow: run.firstIndex + 2,
        rowCount: run.rows.length,
        csv: Papa.unparse([header, ...run.rows]),
      });
    }
    run = null;
  };
  records.forEach((record, index) => {
    const problem = unreadableAt.get(index);
    if (problem !== undefined) {
      endRun();
      unreadable.push({ row: index + 2, message: unreadableRowMessage(problem) });
      return;
    }
    run ??= { firstIndex: index, rows: [] };
    run.rows.push(record);
    if (run.rows.length === partRows) endRun();
  });
  endRun();
  return { parts, totalRows: records.length, unreadable };
}

export function importPart(part: ImportPart): Promise<ImportResult> {
  return apiRequest(`/api/hardware/import?first_row=${part.firstRow}`, importResultSchema, {
    method: 'POST',
    content: { type: 'text/csv', text: part.csv },
  });
}

export interface ImportProgress {
  /** Data rows whose outcome is known. */
  done: number;
  total: number;
  /** Results so far, unreadable rows included. */
  result: ImportResult;
}

export interface ImportOutcome extends ImportProgress {
  /** Set when a part failed as a whole (file-level problem, too large, network): the import stopped there. */
  error: unknown;
}

function merged(results: ImportResult[], unreadable: ImportRowError[], throughRow: number): ImportResult {
  const passed = unreadable.filter((error) => error.row <= throughRow);
  const errors = [...results.flatMap((result) => result.errors), ...passed].sort((a, b) => a.row - b.row);
  return {
    success: results.reduce((sum, result) => sum + result.success, 0),
    failed: results.reduce((sum, result) => sum + result.failed, 0) + passed.length,
    errors,
  };
}

/** Sends the parts in order, reporting after each; stops at the first part that fails as a whole. */
export async function runImport(
  prepared: PreparedImport,
  onProgress: (progress: ImportProgress) => void,
  send: (part: ImportPart) => Promise<ImportResult> = importPart,
): Promise<ImportOutcome> {
  const results: ImportResult[] = [];
  const total = prepared.totalRows;
  // Rows are numbered from 2, so "through row r" means r - 1 data rows are done.
  let throughRow = 1;
  for (const part of prepared.parts) {
    // Unreadable rows before this part are settled already.
    throughRow = part.firstRow - 1;
    try {
      results.push(await send(part));
    } catch (error) {
      return { done: throughRow - 1, total, result: merged(results, prepared.unreadable, throughRow), error };
    }
    throughRow = part.firstRow + part.rowCount - 1;
    onProgress({ done: throughRow - 1, total, result: merged(results, prepared.unreadable, throughRow) });
  }
  const lastRow = total + 1;
  return { done: total, total, result: merged(results, prepared.unreadable, lastRow), error: null };
}
