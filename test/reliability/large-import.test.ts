import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../shared/api';
import type { HardwareListResponse } from '../../shared/hardware';
import type { ImportResult } from '../../shared/hardware-import';
import { api, signUpUnlimitedCompany } from '../support/api';

/**
 * The largest file the import takes in one request (API.md's POST /api/hardware/import, as a script
 * would send it rather than the web app's parts of 1,000 rows) within the function's 29 s. It lives
 * here, where test files run one at a time: beside the rest of `npm test`, DynamoDB Local serves
 * every other file's writes too and is many times slower than DynamoDB, so the limit would measure
 * the emulator's queue, not the import.
 */
describe('a 10,000-row CSV import', () => {
  it('accepts 10,000 rows in one request', async () => {
    // A file this size is for a paying organisation: the free trial holds 500 assets.
    const company = await signUpUnlimitedCompany();
    // Rows without serial or tag claims write a third of the items; npm run bench measures imports
    // of realistic rows.
    const rows = Array.from({ length: 10_000 }, (_, index) => `Laptop,Dell,Model ${index}`);
    const result = await api<ImportResult>('/api/hardware/import', {
      method: 'POST',
      token: company.accessToken,
      rawBody: `asset_type,manufacturer,model\n${rows.join('\n')}`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(result.body).toEqual({ success: 10_000, failed: 0, errors: [] });
    const dashboard = await api<DashboardResponse>('/api/dashboard', { token: company.accessToken });
    expect(dashboard.body.total_hardware).toBe(10_000);
    const newest = await api<HardwareListResponse>('/api/hardware?limit=1', { token: company.accessToken });
    expect(newest.body.items[0]?.model).toBe('Model 9999');
  });
});
