import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { agentMachineSchema, agentReportSchema } from './agent-data';
import { createApiKeySchema } from './api-keys';
import { signupSchema } from './auth';
import { checkoutRequestSchema } from './billing';
import {
  disposalDeleteSchema,
  disposalItemInputSchema,
  disposalListQuerySchema,
  disposalStatsQuerySchema,
} from './disposal';
import { bulkStatusSchema, hardwareAssetInputSchema, hardwareAssetUpdateSchema } from './hardware';
import { bulkUpdateSchema, hardwareListQuerySchema } from './hardware-list';
import { importQuerySchema } from './hardware-import-job';
import { inviteSchema } from './invitations';
import { roleChangeSchema } from './users';

/**
 * Every request body and query the API takes refuses a key it does not know, by name: a misspelt
 * field used to be dropped silently with what it held, and the request "succeeded".
 */
const ID = '01JAAAAAAAAAAAAAAAAAAAAAAA';
const requests: [string, z.ZodType, Record<string, unknown>][] = [
  [
    'sign-up',
    signupSchema,
    { email: 'a@b.test', password: 'secret-pass', full_name: 'A', company_name: 'C' },
  ],
  ['hardware asset', hardwareAssetInputSchema, { asset_type: 'Laptop', status: 'Active' }],
  ['hardware edit', hardwareAssetUpdateSchema, { asset_type: 'Laptop', status: 'Active', version: 3 }],
  ['bulk status', bulkStatusSchema, { ids: [ID], status: 'Active' }],
  ['bulk update', bulkUpdateSchema, { ids: [ID], location: 'London office' }],
  ['hardware list', hardwareListQuerySchema, { q: 'dell', limit: '10' }],
  [
    'hardware list, sorted and filtered',
    hardwareListQuerySchema,
    { sort: 'location', order: 'desc', type: 'Laptop', location: 'Paris', status: 'Active' },
  ],
  ['import', importQuerySchema, { file_name: 'inventory.csv' }],
  ['disposal item', disposalItemInputSchema, { asset_name: 'Printer', disposal_reason: 'Other' }],
  ['disposal delete', disposalDeleteSchema, { ids: [ID] }],
  ['disposal list', disposalListQuerySchema, { status: 'Pending' }],
  ['disposal stats', disposalStatsQuerySchema, { month: '2025-03' }],
  ['agent report', agentReportSchema, { machine_id: 'm', hostname: 'h', cpu_info: { cores_logical: 4 } }],
  ['API key', createApiKeySchema, { name: 'Agent' }],
  ['invitation', inviteSchema, { email: 'a@b.test', role: 'user' }],
  ['role change', roleChangeSchema, { role: 'admin' }],
  ['checkout', checkoutRequestSchema, { price_id: 'price_1' }],
];

describe('request schemas', () => {
  it.each(requests)('take a valid %s and refuse it with an unknown key', (_name, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    const result = schema.safeParse({ ...valid, misspelt_field: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: [],
      message: expect.stringContaining('misspelt_field'),
    });
  });

  it('refuses an unknown key inside the agent report, not only at its top', () => {
    const report = { machine_id: 'm', hostname: 'h' };
    expect(agentReportSchema.safeParse({ ...report, cpu_info: { cores: 4 } }).success).toBe(false);
    expect(agentReportSchema.safeParse({ ...report, printers: [{ name: 'p', colour: true }] }).success).toBe(
      false,
    );
  });

  it('keeps the fleet view lenient: an answer with a field the web app does not know still reads', () => {
    const machine = {
      ...agentReportSchema.parse({ machine_id: 'm', hostname: 'h' }),
      first_seen: '2025-01-01T00:00:00.000Z',
      last_seen: '2025-01-01T00:00:00.000Z',
      enrolled_at: '2025-01-01T00:00:00.000Z',
      organization_id: 'org',
    };
    expect(agentMachineSchema.safeParse(machine).success).toBe(true);
  });

  it('still requires a disposal reason for a disposal status, on an edit as on a new asset', () => {
    const disposed = { asset_type: 'Laptop', status: 'Disposed', version: 2 };
    const { version: _version, ...created } = disposed;
    expect(hardwareAssetInputSchema.safeParse(created).error?.issues[0]?.path).toEqual(['disposal_reason']);
    expect(hardwareAssetUpdateSchema.safeParse(disposed).error?.issues[0]?.path).toEqual(['disposal_reason']);
  });
});
