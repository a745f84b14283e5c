import {
  agentLinkRequestSchema,
  machineChangesQuerySchema,
  softwareListQuerySchema,
  softwareMachinesQuerySchema,
} from '../../../shared/inventory';
import { ALERTS_INPUTS } from './alerts-inputs';
import type { RouteInput } from './cases';

/**
 * Issue 27's routes (one record per device, the timeline, the software inventory, the alert digest)
 * as the bad-input fuzzing calls them (test/reliability/bad-input.test.ts), for the fuzzed
 * organisation's machine.
 */
export function inventoryInputs(machineId: string): Record<string, RouteInput> {
  const machine = { caller: 'admin', params: { machine_id: machineId } } as const;
  return {
    ...ALERTS_INPUTS,
    'GET /api/agents/{machine_id}/changes': {
      ...machine,
      query: { schema: machineChangesQuerySchema, valid: { kind: 'software', limit: '10' } },
      body: { kind: 'none' },
    },
    // An asset id of the right shape that the organisation does not have: 404, nothing written.
    'POST /api/agents/{machine_id}/link': {
      ...machine,
      body: {
        kind: 'json',
        schema: agentLinkRequestSchema,
        valid: { hardware_asset_id: '01JZZZZZZZZZZZZZZZZZZZZZZZ' },
      },
    },
    'POST /api/agents/{machine_id}/unlink': { ...machine, body: { kind: 'none' } },
    'POST /api/agents/{machine_id}/add-to-inventory': { ...machine, body: { kind: 'none' } },
    'GET /api/software': {
      caller: 'admin',
      query: { schema: softwareListQuerySchema, valid: { q: 'fuzz', limit: '10' } },
      body: { kind: 'none' },
    },
    'GET /api/software/machines': {
      caller: 'admin',
      query: {
        schema: softwareMachinesQuerySchema,
        valid: { name: 'Google Chrome', version: '120.0', limit: '10' },
      },
      body: { kind: 'none' },
    },
  };
}
