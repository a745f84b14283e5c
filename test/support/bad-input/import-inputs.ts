import { importQuerySchema } from '../../../shared/hardware-import-job';
import type { RouteInput } from './cases';

/**
 * The CSV import's routes (issue 34) as the bad-input fuzzing calls them
 * (test/reliability/bad-input.test.ts): the upload with bad files, and a finished import of the
 * fuzzed organisation's (with a failed row) by its id.
 */
export function importInputs(importJobId: string): Record<string, RouteInput> {
  const job = { caller: 'admin', params: { id: importJobId }, body: { kind: 'none' } } as const;
  return {
    'POST /api/hardware/import': {
      caller: 'admin',
      query: { schema: importQuerySchema, valid: { file_name: 'fuzzed.csv' } },
      body: { kind: 'csv' },
    },
    'GET /api/hardware/imports/{id}': job,
    'GET /api/hardware/imports/{id}/failed-rows': job,
  };
}
