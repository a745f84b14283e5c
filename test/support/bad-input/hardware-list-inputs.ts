import { bulkUpdateSchema, hardwareListQuerySchema } from '../../../shared/hardware-list';
import type { RouteInput } from './cases';

/**
 * The hardware list's routes (issue 34: its orders and filters, the locations, the bulk update) as
 * the bad-input fuzzing calls them (test/reliability/bad-input.test.ts), for the fuzzed
 * organisation's asset.
 */
export function hardwareListInputs(assetId: string): Record<string, RouteInput> {
  return {
    'GET /api/hardware': {
      caller: 'admin',
      query: {
        schema: hardwareListQuerySchema,
        valid: {
          q: 'Dell',
          status: 'Active',
          type: 'Laptop',
          location: 'Fuzz room',
          sort: 'location',
          order: 'desc',
          limit: '10',
        },
      },
      body: { kind: 'none' },
    },
    'GET /api/hardware/locations': { caller: 'admin', body: { kind: 'none' } },
    'POST /api/hardware/bulk-update': {
      caller: 'admin',
      body: {
        kind: 'json',
        schema: bulkUpdateSchema,
        valid: { ids: [assetId], status: 'In Repair', location: 'Fuzz room', assigned_to: null },
      },
    },
  };
}
