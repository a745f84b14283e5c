import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../shared/hardware-import';
import { importQuerySchema, type ImportJob } from '../../shared/hardware-import-job';
import { BadRequest } from '../lib/errors';
import { userRoute } from '../lib/http';
import { startImportJob } from './import-jobs';

const CSV_CONTENT_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

/** POST /api/hardware/import: the whole file, checked whole, then written by its job (202). */
export const handler = userRoute(
  {
    query: importQuerySchema,
    rawBody: true,
    maxBody: { bytes: IMPORT_MAX_BYTES, message: IMPORT_MESSAGES.tooLarge },
    status: 202,
  },
  async ({ caller, query, rawBody, event, now }): Promise<ImportJob> => {
    const contentType = (event.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!CSV_CONTENT_TYPES.includes(contentType)) {
      throw new BadRequest('Send the CSV file as the request body with Content-Type: text/csv', 'not_csv');
    }
    return startImportJob(caller, rawBody, query.file_name, now);
  },
);
