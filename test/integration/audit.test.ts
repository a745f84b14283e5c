import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { AuditLogListResponse } from '../../shared/audit';
import { api, signUpCompany, useFunctionEnv } from '../support/api';
import { importCsv } from '../support/import';
import { auditLogs, create, createOk, dashboard, laptop, list } from '../support/hardware';

/**
 * The audit trail of hardware changes: what an entry records, that it is written with its change or not
 * at all, and its pages.
 */
describe('the audit trail', () => {
  it('records who created, updated and deleted what, newest first, with the fields that changed', async () => {
    const company = await signUpCompany();
    const asset = await createOk(company, { ...laptop, serial_number: 'AUD-1', ram_gb: 16 });
    await api(`/api/hardware/${asset.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...laptop, serial_number: 'AUD-1', ram_gb: 32, status: 'Retired', version: 1 },
    });
    await api(`/api/hardware/${asset.id}`, { method: 'DELETE', token: company.accessToken });

    const [deleted, updated, created] = await auditLogs(company);
    const common = { entity_type: 'hardware_asset', entity_id: asset.id, changed_by: company.email };
    expect(created).toMatchObject({
      ...common,
      action: 'created',
      entity_label: 'Dell Latitude 5440 (AUD-1)',
      changes: { asset_type: { old: null, new: 'Laptop' }, ram_gb: { old: null, new: 16 } },
    });
    expect(updated).toMatchObject({ ...common, action: 'updated' });
    expect(updated!.changes).toEqual({
      status: { old: 'Active', new: 'Retired' },
      ram_gb: { old: 16, new: 32 },
    });
    expect(deleted).toMatchObject({
      ...common,
      action: 'deleted',
      changes: { serial_number: { old: 'AUD-1', new: null } },
    });
    expect(Date.parse(deleted!.timestamp)).toBeGreaterThanOrEqual(Date.parse(created!.timestamp));
  });

  it('writes no entry when the change fails, and no change when the entry cannot be written', async () => {
    const company = await signUpCompany();
    await createOk(company, { ...laptop, serial_number: 'ATOM-1' });
    const before = await auditLogs(company);
    expect((await create(company, { ...laptop, serial_number: 'ATOM-1' })).status).toBe(409);
    expect(await auditLogs(company)).toEqual(before);

    // An audit entry DynamoDB refuses (over its 400 KB item limit) takes the asset down with it.
    useFunctionEnv();
    const { createHardwareAsset } = await import('../../functions/hardware/service');
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    const hugeActor = { email: `${'x'.repeat(420_000)}@example.test` };
    await expect(
      createHardwareAsset(
        me.organization.id,
        {
          ...(await import('../../shared/hardware')).hardwareAssetInputSchema.parse({
            ...laptop,
            serial_number: 'ATOM-2',
          }),
        },
        hugeActor,
        new Date(),
      ),
    ).rejects.toThrow();
    expect((await list(company)).body.items.map((asset) => asset.serial_number)).toEqual(['ATOM-1']);
    expect((await dashboard(company)).total_hardware).toBe(1);
    expect(await auditLogs(company)).toEqual(before);
    // The serial number it would have claimed is still free.
    await createOk(company, { ...laptop, serial_number: 'ATOM-2' });
  });

  it('returns the latest 100 entries, newest first, then the older ones from its cursor', async () => {
    const company = await signUpCompany();
    const rows = Array.from({ length: 48 }, (_, index) => `Laptop,Dell,Model ${index}`).join('\n');
    // One entry for the import batch, one per asset for each of four bulk changes (96), then four more.
    const imported = await importCsv(company, `asset_type,manufacturer,model\n${rows}`);
    expect(imported).toMatchObject({ success: 48, failed: 0 });
    const ids = (await list(company, '?limit=48')).body.items.map((asset) => asset.id);
    for (const status of ['Retired', 'In Storage']) {
      for (const half of [ids.slice(0, 24), ids.slice(24)]) {
        const bulk = await api('/api/hardware/bulk-status', {
          method: 'POST',
          token: company.accessToken,
          body: { ids: half, status },
        });
        expect(bulk.body).toEqual({ updated: 24 });
      }
    }
    const latest = [
      await createOk(company),
      await createOk(company),
      await createOk(company),
      await createOk(company),
    ].reverse();

    const page = (await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken })).body;
    const entries = page.items;
    expect(entries).toHaveLength(100);
    expect(entries.slice(0, 4).map((entry) => entry.entity_id)).toEqual(latest.map((asset) => asset.id));
    expect(entries.some((entry) => entry.entity_label.startsWith('Imported'))).toBe(false);

    // The 101st, the oldest: the import's entry, and nothing after it.
    const older = await api<AuditLogListResponse>(
      `/api/audit-logs?cursor=${encodeURIComponent(page.next_cursor!)}`,
      { token: company.accessToken },
    );
    expect(older.status).toBe(200);
    expect(older.body.next_cursor).toBeNull();
    expect(older.body.items.map((entry) => entry.entity_label)).toEqual([
      'Imported 48 hardware assets from CSV (rows 2–49)',
    ]);
    const few = await api<AuditLogListResponse>('/api/audit-logs?limit=2', { token: company.accessToken });
    expect(few.body.items.map((entry) => entry.id)).toEqual(entries.slice(0, 2).map((entry) => entry.id));
    expect((await api('/api/audit-logs?cursor=garbage', { token: company.accessToken })).status).toBe(400);
    expect((await api('/api/audit-logs?limit=101', { token: company.accessToken })).status).toBe(400);
  });
});
