import Papa from 'papaparse';
import * as z from 'zod';
import { ulidSchema } from './hardware';
import { readCsvTable, type ImportRowError } from './hardware-import';

/**
 * A CSV import is one job (issue 34): the file is uploaded whole, checked against the plan's asset
 * limit as a whole, and written by a job that runs without the browser, reporting its progress.
 * These are the job's shape as the API answers it, and the failed rows' download.
 */
export const IMPORT_JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ImportJobStatus = (typeof IMPORT_JOB_STATUSES)[number];

/** Row errors a finished job's answer lists; the failed rows' download has all of them. */
export const IMPORT_ERRORS_LISTED = 1000;
/** How long a job, its file and its errors are kept (the failed rows' download needs the file). */
export const IMPORT_JOB_KEPT_DAYS = 7;

export const IMPORT_JOB_MESSAGES = {
  /**
   * The plan's limit, counted again when a job resumed after a crash: assets added while it was down
   * leave no room for the rest of the file. (Before any row is written, PLAN_LIMIT_MESSAGES.importTooMany.)
   */
  stoppedAtLimit: (success: number, assetLimit: number) =>
    `The import stopped after ${success.toLocaleString('en-GB')} ${success === 1 ? 'row' : 'rows'}: the rest of the file would take this organisation past its plan's ${assetLimit.toLocaleString('en-GB')} hardware assets. Import fewer rows or choose a larger plan.`,
  /** After the job's tries ran out (AWS retries a failed run twice). */
  stopped: (success: number) =>
    `The import stopped on our side after ${success.toLocaleString('en-GB')} ${success === 1 ? 'row' : 'rows'}. Import the file again to add the rest: rows already imported are reported as duplicates.`,
  notStarted: 'The import could not be started. Nothing was imported: please try again in a moment.',
  notFound: 'Import not found',
  failedRowsNone: 'Every row of this import was imported: there are no failed rows',
  failedRowsPending: 'The import is still running: its failed rows can be downloaded when it has finished',
} as const;

export const importJobSchema = z.object({
  id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  /** The file's name as the browser gave it, when it did. */
  file_name: z.string().nullable(),
  /** Data rows in the file (the header not counted). */
  rows: z.number().int().nonnegative(),
  /** Rows whose outcome is known, in the file's order. */
  done: z.number().int().nonnegative(),
  success: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** Headings of the file the import does not read. */
  ignored_columns: z.array(z.string()),
  /** Why a failed job stopped (a plan limit, our side). */
  message: z.string().nullable(),
  /** Row errors found so far, by row number: the first IMPORT_ERRORS_LISTED of them. */
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

export function isImportFinished(job: Pick<ImportJob, 'status'>): boolean {
  return job.status === 'done' || job.status === 'failed';
}

/** The file's name sent with the upload, to name the import when the dialog shows it again. */
export const importQuerySchema = z.strictObject({
  file_name: z.string().trim().min(1).max(255).optional(),
});

export const importJobParamsSchema = z.object({ id: ulidSchema });

export const FAILED_ROWS_ERROR_COLUMN = 'error';

/** The failed rows' file name: the import's own, marked. */
export function failedRowsFileName(fileName: string | null): string {
  const base = (fileName ?? 'import').replace(/\.csv$/i, '');
  return `${base}-failed-rows.csv`;
}

/**
 * The rows that failed, as they were in the file, with an "error" column: fix them and import this
 * file again. The header is the file's own; a row's errors are joined into one cell. It starts with
 * a byte order mark, so that Excel reads it as UTF-8 (the import ignores one).
 */
export function failedRowsCsv(fileText: string, errors: readonly ImportRowError[]): string {
  const { header, records } = readCsvTable(fileText);
  const byRow = new Map<number, string[]>();
  for (const error of errors) byRow.set(error.row, [...(byRow.get(error.row) ?? []), error.message]);
  const rows = [...byRow.keys()]
    .sort((a, b) => a - b)
    .map((row) => {
      const cells = records[row - 2] ?? [];
      // Short rows are padded, so the error stays in its own column.
      const padded = Array.from({ length: header.length }, (_, index) => cells[index] ?? '');
      return [...padded, byRow.get(row)!.join('; ')];
    });
  return `\uFEFF${Papa.unparse([[...header, FAILED_ROWS_ERROR_COLUMN], ...rows])}\r\n`;
}
