import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { HardwareAsset } from '../../shared/hardware';
import { setSubscription } from '../support/api';
import { callHandler, signUpCompanyInProcess as signUpCompany } from '../support/handlers';
import {
  auditLogs as auditLogsOver,
  create as createOver,
  createOk as createOkOver,
  dashboard as dashboardOver,
  laptop,
  list as listOver,
} from '../support/hardware';
import type { TestCompany } from '../support/stack-client';

/**
 * The hardware feature's rules called in process (test/support/handlers.ts): validation, the
 * version and uniqueness conflicts, bulk changes, the subscription gate and the tenant boundary,
 * each against the real table without the gateway. The whole journey, the list's pages and search
 * and the dashboard over HTTP: test/integration/hardware.test.ts.
 */
const api = callHandler;
const create = (company: TestCompany, body: Record<string, unknown>) => createOver(company, body, api);
const createOk = (company: TestCompany, body: Record<string, unknown> = laptop) =>
  createOkOver(company, body, api);
const list = (company: TestCompany, query = '') => listOver(company, query, api);
const auditLogs = (company: TestCompany) => auditLogsOver(company, api);
const dashboard = (company: TestCompany) => dashboardOver(company, api);

describe('hardware assets, in process', () => {
  it('refuses invalid input with a clear message and saves nothing', async () => {
    const company = await signUpCompany();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...laptop, asset_type: 'Toaster' }, 'Asset type must be one of'],
      [{ ...laptop, status: 'Lost' }, 'Status must be one of'],
      [{ ...laptop, status: 'Disposal Pending' }, 'Disposal reason is required'],
      [{ ...laptop, ram_gb: -4 }, 'RAM must be 0 or more'],
      [{ ...laptop, purchase_date: '2024-02-30' }, 'YYYY-MM-DD'],
      [{ ...laptop, warranty_expiry: '12/01/2025' }, 'YYYY-MM-DD'],
    ];
    for (const [body, message] of cases) {
      const response = await create(company, body);
      expect(response.status, message).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
    expect((await list(company)).body.items).toEqual([]);
    expect(await auditLogs(company)).toEqual([]);
  });

  it('answers a missing asset type or status with "… is required" at the field (SPEC 5)', async () => {
    const company = await signUpCompany();
    const rest = { manufacturer: laptop.manufacturer, model: laptop.model };
    const cases: [Record<string, unknown>, { path: string; message: string }[]][] = [
      [{ ...rest, status: 'Active' }, [{ path: 'asset_type', message: 'Asset type is required' }]],
      [
        { ...rest, asset_type: '', status: 'Active' },
        [{ path: 'asset_type', message: 'Asset type is required' }],
      ],
      [{ ...rest, asset_type: 'Laptop' }, [{ path: 'status', message: 'Status is required' }]],
      [
        rest,
        [
          { path: 'asset_type', message: 'Asset type is required' },
          { path: 'status', message: 'Status is required' },
        ],
      ],
    ];
    for (const [body, details] of cases) {
      const response = await create(company, body);
      expect(response, JSON.stringify(body)).toMatchObject({
        status: 400,
        body: { error: { code: 'invalid_input', message: details[0]!.message, details } },
      });
    }
    expect((await list(company)).body.items).toEqual([]);
  });

  it('refuses an edit based on a stale version with 409 and keeps the newer edit', async () => {
    const company = await signUpCompany();
    const asset = await createOk(company);
    const first = await api<HardwareAsset>(`/api/hardware/${asset.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...laptop, location: 'Leeds', version: 1 },
    });
    expect(first.status).toBe(200);
    const stale = await api(`/api/hardware/${asset.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...laptop, location: 'York', version: 1 },
    });
    expect(stale).toMatchObject({ status: 409, body: { error: { code: 'stale_version' } } });
    const read = await api<HardwareAsset>(`/api/hardware/${asset.id}`, { token: company.accessToken });
    expect(read.body).toMatchObject({ location: 'Leeds', version: 2 });
    expect((await auditLogs(company)).filter((entry) => entry.action === 'updated')).toHaveLength(1);
  });

  it('keeps serial numbers and asset tags unique in an organisation, not across organisations', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const first = await createOk(company, { ...laptop, serial_number: 'SN-U', asset_tag: 'TAG-U' });
    const sameSerial = await create(company, { ...laptop, serial_number: 'sn-u' });
    expect(sameSerial).toMatchObject({ status: 409, body: { error: { code: 'duplicate_serial_number' } } });
    const sameTag = await create(company, { ...laptop, asset_tag: 'TAG-U' });
    expect(sameTag).toMatchObject({ status: 409, body: { error: { code: 'duplicate_asset_tag' } } });
    await createOk(other, { ...laptop, serial_number: 'SN-U', asset_tag: 'TAG-U' });

    // Changing the serial releases the old one.
    const edited = await api(`/api/hardware/${first.id}`, {
      method: 'PUT',
      token: company.accessToken,
      body: { ...laptop, serial_number: 'SN-V', asset_tag: 'TAG-U', version: 1 },
    });
    expect(edited.status).toBe(200);
    await createOk(company, { ...laptop, serial_number: 'SN-U' });
    expect((await dashboard(company)).total_hardware).toBe(2);
  });

  it('changes the status of the selected assets in one go, or of none', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const [a, b, c] = [await createOk(company), await createOk(company), await createOk(company)];
    const foreign = await createOk(other);

    const bulk = (body: unknown, token = company.accessToken) =>
      api('/api/hardware/bulk-status', { method: 'POST', token, body });

    const noReason = await bulk({ ids: [a.id, b.id], status: 'Disposed' });
    expect(noReason.status).toBe(400);
    // One asset of another organisation makes the whole change a 404: nothing moves.
    const mixed = await bulk({ ids: [a.id, foreign.id], status: 'Retired' });
    expect(mixed.status).toBe(404);
    expect((await dashboard(company)).active_hardware).toBe(3);

    const ok = await bulk({ ids: [a.id, b.id], status: 'In Storage' });
    expect(ok).toEqual({ status: 200, body: { updated: 2 } });
    const counts = await dashboard(company);
    expect(counts).toMatchObject({ total_hardware: 3, active_hardware: 1 });
    expect(counts.hardware_by_status).toMatchObject({ Active: 1, 'In Storage': 2 });
    const entries = await auditLogs(company);
    expect(entries.filter((entry) => entry.action === 'updated')).toHaveLength(2);
    expect(entries[0]!.changes).toMatchObject({ status: { old: 'Active', new: 'In Storage' } });

    const disposed = await bulk({ ids: [c.id], status: 'Disposal Pending', disposal_reason: 'Sold' });
    expect(disposed.status).toBe(200);
    const read = await api<HardwareAsset>(`/api/hardware/${c.id}`, { token: company.accessToken });
    expect(read.body).toMatchObject({ status: 'Disposal Pending', disposal_reason: 'Sold', version: 2 });
    expect(read.body.disposal_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const tooMany = await bulk({ ids: Array.from({ length: 25 }, () => a.id), status: 'Active' });
    expect(tooMany.status).toBe(400);
  });

  it('needs an active subscription to change the inventory, while the audit trail stays readable', async () => {
    const company = await signUpCompany();
    const asset = await createOk(company);
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    await setSubscription(me.organization.id, { trial_end_date: '2020-01-01T00:00:00.000Z' });

    expect((await create(company, laptop)).status).toBe(402);
    const bulk = await api('/api/hardware/bulk-status', {
      method: 'POST',
      token: company.accessToken,
      body: { ids: [asset.id], status: 'Retired' },
    });
    expect(bulk.status).toBe(402);
    expect(
      (await api(`/api/hardware/${asset.id}`, { method: 'DELETE', token: company.accessToken })).status,
    ).toBe(402);
    expect((await auditLogs(company)).map((entry) => entry.entity_id)).toEqual([asset.id]);
  });

  it('keeps each organisation’s assets out of reach of every other organisation', async () => {
    const owner = await signUpCompany('Owner Ltd');
    const intruder = await signUpCompany('Intruder Ltd');
    const asset = await createOk(owner, { ...laptop, serial_number: 'SECRET-1' });
    const path = `/api/hardware/${asset.id}`;

    expect((await api(path, { token: intruder.accessToken })).status).toBe(404);
    const put = await api(path, {
      method: 'PUT',
      token: intruder.accessToken,
      body: { ...laptop, version: 1 },
    });
    expect(put.status).toBe(404);
    expect((await api(path, { method: 'DELETE', token: intruder.accessToken })).status).toBe(404);
    const bulk = await api('/api/hardware/bulk-status', {
      method: 'POST',
      token: intruder.accessToken,
      body: { ids: [asset.id], status: 'Retired' },
    });
    expect(bulk.status).toBe(404);
    expect((await list(intruder, '?q=secret')).body.items).toEqual([]);
    expect(await auditLogs(intruder)).toEqual([]);
    // A cursor from the owner's list is no way into it either.
    await createOk(owner);
    const ownerPage = await list(owner, '?limit=1');
    const crossed = await list(intruder, `?cursor=${encodeURIComponent(ownerPage.body.next_cursor!)}`);
    expect(crossed).toMatchObject({ status: 400, body: { error: { code: 'invalid_cursor' } } });

    const read = await api<HardwareAsset>(path, { token: owner.accessToken });
    expect(read.body).toMatchObject({ status: 'Active', version: 1 });
  });
});
