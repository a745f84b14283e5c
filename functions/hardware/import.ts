import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  ImportFileError,
  importQuerySchema,
  parseHardwareCsv,
  type ImportResult,
} from '../../shared/hardware-import';
import { BadRequest, PayloadTooLarge } from '../lib/errors';
import { userRoute } from '../lib/http';
import { withRoomForAssets } from '../lib/plan-limits';
import { importHardwareAssets } from './import-batches';

const CSV_CONTENT_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

export const handler = userRoute(
  {
    query: importQuerySchema,
    rawBody: true,
    maxBody: { bytes: IMPORT_MAX_BYTES, message: IMPORT_MESSAGES.tooLarge },
  },
  async ({ caller, query, rawBody, event, now }): Promise<ImportResult> => {
    const contentType = (event.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!CSV_CONTENT_TYPES.includes(contentType)) {
      throw new BadRequest('Send the CSV file as the request body with Content-Type: text/csv', 'not_csv');
    }
    let parsed;
    try {
      parsed = parseHardwareCsv(rawBody, query.first_row);
    } catch (error) {
      if (error instanceof ImportFileError) {
        if (error.message === IMPORT_MESSAGES.tooLarge) throw new PayloadTooLarge(error.message);
        throw new BadRequest(error.message, 'invalid_csv');
      }
      throw error;
    }
    const outcome = await withRoomForAssets(
      caller.organization.id,
      caller.subscription,
      parsed.rows.length,
      'import',
      () => importHardwareAssets(caller.organization.id, parsed.rows, caller.profile, now),
    );
    const errors = [...parsed.errors, ...outcome.errors].sort((a, b) => a.row - b.row);
    return { success: outcome.success, failed: errors.length, errors };
  },
);
