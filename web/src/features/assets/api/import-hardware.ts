import * as z from 'zod';
import { IMPORT_MESSAGES, ImportFileError, parseHardwareCsv } from '@shared/hardware-import';
import { failedRowsCsv, importJobSchema, type ImportJob } from '@shared/hardware-import-job';
import { apiRequest, apiText, errorMessage, isApiError } from '../../../api/api-client';

/**
 * The CSV import's calls (issue 34): the whole file in one upload, which answers with its job, the
 * job's progress, and its failed rows as a CSV file.
 */

/** POST /api/hardware/import: the file as it is, named so that the dialog can name it again. */
export function uploadImport(fileName: string, text: string): Promise<ImportJob> {
  return apiRequest(`/api/hardware/import?file_name=${encodeURIComponent(fileName)}`, importJobSchema, {
    method: 'POST',
    content: { type: 'text/csv', text },
  });
}

export function getImportJob(id: string): Promise<ImportJob> {
  return apiRequest(`/api/hardware/imports/${encodeURIComponent(id)}`, importJobSchema);
}

/** The failed rows of a finished import, as its file had them with an error column, from the server. */
export function getFailedRows(id: string): Promise<string> {
  return apiText(`/api/hardware/imports/${encodeURIComponent(id)}/failed-rows`, 'text/csv');
}

/** Why a file was refused as a whole, as the dialog tells it. */
export interface ImportRefusal {
  message: string;
  /** The refusal came before anything was stored: no row was imported. */
  kind: 'file' | 'plan_limit' | 'no_valid_rows';
  /** For a file whose every row has an error: its rows' errors and failed rows, built from the file. */
  errors?: { row: number; message: string }[];
  failedRows?: string;
  ignoredColumns?: string[];
}

const noValidRowsSchema = z.object({
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
  ignored_columns: z.array(z.string()),
});

/** What the dialog says of an upload that failed: the server's words, and for a file with no good row, its rows. */
export function importRefusal(error: unknown, text: string | null): ImportRefusal {
  if (error instanceof ImportFileError) return { kind: 'file', message: error.message };
  if (isApiError(error) && error.code === 'plan_limit') return { kind: 'plan_limit', message: error.message };
  if (isApiError(error) && error.code === 'no_valid_rows') {
    const details = noValidRowsSchema.safeParse(error.details);
    // Every row failed, so the file's own parse (the server's parser) gives every row's error.
    const errors = text === null ? (details.data?.errors ?? []) : parseHardwareCsv(text).errors;
    return {
      kind: 'no_valid_rows',
      message: error.message,
      errors,
      ...(text === null ? {} : { failedRows: failedRowsCsv(text, errors) }),
      ignoredColumns: details.data?.ignored_columns ?? [],
    };
  }
  if (isApiError(error) && error.status === 413) return { kind: 'file', message: IMPORT_MESSAGES.tooLarge };
  return { kind: 'file', message: errorMessage(error) };
}
