import { describe, expect, it } from 'vitest';
import type { DashboardResponse, MeResponse } from '../../shared/api';
import type { AuditLog, AuditLogListResponse } from '../../shared/audit';
import {
  DISPOSAL_MESSAGES,
  type DisposalItem,
  type DisposalListResponse,
  type DisposalStats,
} from '../../shared/disposal';
import { HARDWARE_FIELDS, isoDate, type HardwareAsset } from '../../shared/hardware';
import { api, setSubscription, signUpCompany, useFunctionEnv, type TestCompany } from '../support/api';

/** What an edit sends: the editable fields only (the API refuses the read-only ones by name). */
function editableFields(asset: HardwareAsset): Partial<Record<(typeof HARDWARE_FIELDS)[number], unknown>> {
  return Object.fromEntries(HARDWARE_FIELDS.map((field) => [field, asset[field]]));
}

const laptop = {
  asset_type: 'Laptop',
  manufacturer: 'Dell',
  model: 'Latitude 5440',
  status: 'Active',
};

const today = () => isoDate(new Date());

/** Complete and revert take no body, and are refused one. */
function post<T = Record<string, unknown>>(company: TestCompany, path: string, body?: unknown) {
  return api<T>(path, {
    method: 'POST',
    token: company.accessToken,
    ...(body === undefined ? {} : { body }),
  });
}

async function addItem(company: TestCompany, body: Record<string, unknown>): Promise<DisposalItem> {
  const response = await post<DisposalItem>(company, '/api/disposals', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function createAsset(
  company: TestCompany,
  body: Record<string, unknown> = laptop,
): Promise<HardwareAsset> {
  const response = await post<HardwareAsset>(company, '/api/hardware', body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function getAsset(company: TestCompany, id: string) {
  return api<HardwareAsset>(`/api/hardware/${id}`, { token: company.accessToken });
}

async function editAsset(company: TestCompany, asset: HardwareAsset, changes: Record<string, unknown>) {
  const response = await api<HardwareAsset>(`/api/hardware/${asset.id}`, {
    method: 'PUT',
    token: company.accessToken,
    body: { ...editableFields(asset), ...changes, version: asset.version },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function items(company: TestCompany, query = ''): Promise<DisposalItem[]> {
  const response = await api<DisposalListResponse>(`/api/disposals${query}`, { token: company.accessToken });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.items;
}

async function stats(company: TestCompany, query = ''): Promise<DisposalStats> {
  const response = await api<DisposalStats>(`/api/disposals/stats${query}`, { token: company.accessToken });
  expect(response.status).toBe(200);
  return response.body;
}

async function auditLogs(company: TestCompany): Promise<AuditLog[]> {
  return (await api<AuditLogListResponse>('/api/audit-logs', { token: company.accessToken })).body.items;
}

const manual = { asset_name: 'Old projector', disposal_reason: 'End of Life' };

describe('the disposal list', () => {
  it('adds items by hand with the form rules: trimmed text, today by default, unlinked', async () => {
    const company = await signUpCompany();
    const item = await addItem(company, {
      asset_type: 'Other',
      asset_name: '  Old projector  ',
      serial_number: '  PJ-1 ',
      disposal_reason: 'Upgrade',
      disposal_notes: '  replaced by a screen ',
    });
    expect(item).toMatchObject({
      asset_id: null,
      asset_type: 'Other',
      asset_name: 'Old projector',
      serial_number: 'PJ-1',
      asset_tag: '',
      disposal_reason: 'Upgrade',
      disposal_date: today(),
      disposal_notes: 'replaced by a screen',
      created_by: company.email,
      status: 'Pending',
      completed_at: null,
      completed_by: null,
    });
    const completed = await addItem(company, { ...manual, status: 'Completed', disposal_date: '2025-01-31' });
    expect(completed).toMatchObject({
      asset_type: 'Hardware',
      status: 'Completed',
      completed_by: company.email,
    });
    expect(Date.parse(completed.completed_at!)).toBeGreaterThan(Date.now() - 60_000);

    expect((await items(company)).map((entry) => entry.id)).toEqual([completed.id, item.id]);
    const entries = await auditLogs(company);
    expect(entries[0]).toMatchObject({
      entity_type: 'disposal_item',
      entity_id: completed.id,
      action: 'created',
      changed_by: company.email,
    });
  });

  it('refuses a missing name or reason with the spec’s messages, and saves nothing', async () => {
    const company = await signUpCompany();
    const cases: [Record<string, unknown>, string][] = [
      [{ disposal_reason: 'Other' }, DISPOSAL_MESSAGES.assetNameRequired],
      [{ asset_name: '   ', disposal_reason: 'Other' }, DISPOSAL_MESSAGES.assetNameRequired],
      [{ asset_name: 'Router' }, DISPOSAL_MESSAGES.reasonRequired],
      [{ asset_name: 'Router', disposal_reason: 'Broken/Defective' }, DISPOSAL_MESSAGES.reasonRequired],
      [{ ...manual, disposal_date: '2025-02-30' }, 'Must be a date as YYYY-MM-DD'],
      [{ ...manual, status: 'Done' }, 'Status must be one of: Pending, Completed'],
      [{ ...manual, asset_type: 'Car' }, 'Asset type must be one of: Hardware, Software, Other'],
    ];
    for (const [body, message] of cases) {
      const response = await post<{ error: { message: string } }>(company, '/api/disposals', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    expect(await items(company)).toEqual([]);
  });

  it('lists newest first with search over name, serial, tag and reason, a status filter and pages', async () => {
    const company = await signUpCompany();
    const made: DisposalItem[] = [];
    for (let index = 1; index <= 5; index++) {
      made.push(
        await addItem(company, {
          asset_name: `Monitor ${index}`,
          serial_number: `MON-${index}`,
          asset_tag: `TAG-${index}`,
          disposal_reason: index === 3 ? 'Lost/Stolen' : 'Obsolete',
          status: index % 2 === 0 ? 'Completed' : 'Pending',
        }),
      );
    }
    const names = (list: DisposalItem[]) => list.map((item) => item.asset_name);
    expect(names(await items(company))).toEqual([
      'Monitor 5',
      'Monitor 4',
      'Monitor 3',
      'Monitor 2',
      'Monitor 1',
    ]);
    expect(names(await items(company, '?q=mon-4'))).toEqual(['Monitor 4']);
    expect(names(await items(company, '?q=tag-2'))).toEqual(['Monitor 2']);
    expect(names(await items(company, '?q=LOST'))).toEqual(['Monitor 3']);
    expect(names(await items(company, '?status=Completed'))).toEqual(['Monitor 4', 'Monitor 2']);
    expect(names(await items(company, '?status=Pending&q=monitor 1'))).toEqual(['Monitor 1']);

    const first = await api<DisposalListResponse>('/api/disposals?limit=2', { token: company.accessToken });
    expect(names(first.body.items)).toEqual(['Monitor 5', 'Monitor 4']);
    const second = await items(company, `?limit=2&cursor=${encodeURIComponent(first.body.next_cursor!)}`);
    expect(names(second)).toEqual(['Monitor 3', 'Monitor 2']);
    expect((await api('/api/disposals?status=Gone', { token: company.accessToken })).status).toBe(400);
    expect((await api('/api/disposals?cursor=nonsense', { token: company.accessToken })).status).toBe(400);
  });

  it('counts Pending, Completed and the items disposed of this month', async () => {
    const company = await signUpCompany();
    await addItem(company, manual);
    await addItem(company, { ...manual, status: 'Completed' });
    await addItem(company, { ...manual, disposal_date: '2025-03-31' });
    await addItem(company, { ...manual, status: 'Completed', disposal_date: '2025-03-01' });
    await addItem(company, { ...manual, disposal_date: '2025-04-01' });
    expect(await stats(company)).toEqual({ pending: 3, completed: 2, this_month: 2 });
    expect(await stats(company, '?month=2025-03')).toEqual({ pending: 3, completed: 2, this_month: 2 });
    expect(await stats(company, '?month=2025-02')).toMatchObject({ this_month: 0 });
    expect((await api('/api/disposals/stats?month=2025-13', { token: company.accessToken })).status).toBe(
      400,
    );
  });

  it('completes and reverts an item added by hand, refusing a repeat', async () => {
    const company = await signUpCompany();
    const item = await addItem(company, manual);
    const completed = await post<DisposalItem>(company, `/api/disposals/${item.id}/complete`);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ status: 'Completed', completed_by: company.email, version: 2 });
    expect(completed.body.completed_at).not.toBeNull();
    expect(await stats(company)).toMatchObject({ pending: 0, completed: 1 });

    const again = await post<{ error: { code: string } }>(company, `/api/disposals/${item.id}/complete`);
    expect(again.status).toBe(409);

    const reverted = await post<DisposalItem>(company, `/api/disposals/${item.id}/revert`);
    expect(reverted.body).toMatchObject({
      status: 'Pending',
      completed_at: null,
      completed_by: null,
      version: 3,
    });
    expect((await post(company, `/api/disposals/${item.id}/revert`)).status).toBe(409);
    expect(await stats(company)).toMatchObject({ pending: 1, completed: 0 });

    const [revertEntry, completeEntry] = await auditLogs(company);
    expect(completeEntry).toMatchObject({
      entity_type: 'disposal_item',
      action: 'updated',
      changes: {
        status: { old: 'Pending', new: 'Completed' },
        completed_by: { old: null, new: company.email },
      },
    });
    expect(revertEntry!.changes).toMatchObject({ status: { old: 'Completed', new: 'Pending' } });
    expect((await post(company, '/api/disposals/01J00000000000000000000000/complete')).status).toBe(404);
    expect((await post(company, '/api/disposals/not-an-id/complete')).status).toBe(400);
  });
});

describe('a hardware asset and its disposal item stay in step', () => {
  it('puts an asset set to Disposal Pending on the list, and moves the item with its status', async () => {
    const company = await signUpCompany();
    const asset = await createAsset(company, { ...laptop, serial_number: 'SN-9', asset_tag: 'IT-9' });
    const pending = await editAsset(company, asset, {
      status: 'Disposal Pending',
      disposal_reason: 'Broken/Defective',
      disposal_date: '2026-11-02',
    });
    const [item] = await items(company);
    expect(pending.disposal_item_id).toBe(item!.id);
    expect(item).toMatchObject({
      asset_id: asset.id,
      asset_type: 'Hardware',
      asset_name: 'Dell Latitude 5440',
      serial_number: 'SN-9',
      asset_tag: 'IT-9',
      disposal_reason: 'Damaged',
      disposal_date: '2026-11-02',
      disposal_notes: '',
      status: 'Pending',
      completed_at: null,
    });

    // Disposed completes it; an edit of the asset reaches the item; a reason without its own
    // disposal item reason becomes Other with the asset's reason in the notes.
    const disposed = await editAsset(company, pending, {
      status: 'Disposed',
      serial_number: 'SN-10',
      disposal_reason: 'Sold',
    });
    const [completed] = await items(company);
    expect(completed).toMatchObject({
      id: item!.id,
      status: 'Completed',
      completed_by: company.email,
      serial_number: 'SN-10',
      disposal_reason: 'Other',
      disposal_notes: 'Hardware disposal reason: Sold',
    });
    expect(await stats(company)).toMatchObject({ pending: 0, completed: 1 });

    // Back to Disposal Pending reverts it; Active takes it off the list.
    const again = await editAsset(company, disposed, { status: 'Disposal Pending' });
    expect((await items(company))[0]).toMatchObject({
      status: 'Pending',
      completed_at: null,
      completed_by: null,
    });
    const active = await editAsset(company, again, {
      status: 'Active',
      disposal_reason: null,
      disposal_date: null,
    });
    expect(active.disposal_item_id).toBeNull();
    expect(await items(company)).toEqual([]);
    expect(await stats(company)).toMatchObject({ pending: 0, completed: 0 });

    const trail = (await auditLogs(company)).map((entry) => `${entry.entity_type} ${entry.action}`);
    expect(trail.slice(0, 2).sort()).toEqual(['disposal_item deleted', 'hardware_asset updated']);
    expect(trail.filter((entry) => entry.startsWith('disposal_item'))).toEqual([
      'disposal_item deleted',
      'disposal_item updated',
      'disposal_item updated',
      'disposal_item created',
    ]);
  });

  it('creates the item for an asset added, bulk-changed or imported in a disposal status', async () => {
    const company = await signUpCompany();
    await createAsset(company, {
      ...laptop,
      model: 'Created',
      status: 'Disposed',
      disposal_reason: 'Recycled',
    });
    const [a, b] = [await createAsset(company), await createAsset(company, { ...laptop, model: 'Other' })];
    const bulk = await post(company, '/api/hardware/bulk-status', {
      ids: [a.id, b.id],
      status: 'Disposal Pending',
      disposal_reason: 'Obsolete',
    });
    expect(bulk.body).toEqual({ updated: 2 });
    const imported = await api('/api/hardware/import', {
      method: 'POST',
      token: company.accessToken,
      rawBody:
        'asset_type,manufacturer,model,status,disposal_reason\nPhone,Apple,iPhone 8,Disposal Pending,Lost/Stolen\nPhone,Apple,iPhone 9,Active,',
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.body).toMatchObject({ success: 2, failed: 0 });

    const list = await items(company);
    expect(list[0]).toMatchObject({
      asset_name: 'Apple iPhone 8',
      status: 'Pending',
      disposal_reason: 'Lost/Stolen',
    });
    expect(list.map((item) => [item.asset_name, item.status, item.disposal_reason]).sort()).toEqual([
      ['Apple iPhone 8', 'Pending', 'Lost/Stolen'],
      ['Dell Created', 'Completed', 'Other'],
      ['Dell Latitude 5440', 'Pending', 'Obsolete'],
      ['Dell Other', 'Pending', 'Obsolete'],
    ]);
    expect(await stats(company)).toMatchObject({ pending: 3, completed: 1, this_month: 4 });
    for (const item of list) {
      const asset = (await getAsset(company, item.asset_id!)).body;
      expect(asset.disposal_item_id).toBe(item.id);
    }
  });

  it('completing, reverting and deleting a linked item move its asset: Disposed, Disposal Pending, Active', async () => {
    const company = await signUpCompany();
    const asset = await createAsset(company, {
      ...laptop,
      status: 'Disposal Pending',
      disposal_reason: 'End of Life',
    });
    const [item] = await items(company);

    const completed = await post<DisposalItem>(company, `/api/disposals/${item!.id}/complete`);
    expect(completed.body).toMatchObject({
      status: 'Completed',
      completed_by: company.email,
      asset_id: asset.id,
    });
    expect((await getAsset(company, asset.id)).body).toMatchObject({ status: 'Disposed', version: 2 });
    const dashboard = (await api<DashboardResponse>('/api/dashboard', { token: company.accessToken })).body;
    expect(dashboard.hardware_by_status).toMatchObject({ Disposed: 1, 'Disposal Pending': 0 });

    await post(company, `/api/disposals/${item!.id}/revert`);
    expect((await getAsset(company, asset.id)).body).toMatchObject({
      status: 'Disposal Pending',
      version: 3,
    });
    expect((await items(company))[0]).toMatchObject({ status: 'Pending', completed_at: null });

    const deleted = await post(company, '/api/disposals/delete', { ids: [item!.id] });
    expect(deleted).toEqual({ status: 200, body: { deleted: 1 } });
    expect((await getAsset(company, asset.id)).body).toMatchObject({
      status: 'Active',
      disposal_item_id: null,
      version: 4,
    });
    expect(await items(company)).toEqual([]);

    // Each move is recorded twice: on the disposal item and on the asset.
    const trail = (await auditLogs(company))
      .slice(0, 6)
      .map((entry) => [entry.entity_type, entry.action, entry.changes.status]);
    expect(trail).toEqual(
      expect.arrayContaining([
        ['disposal_item', 'deleted', { old: 'Pending', new: null }],
        ['hardware_asset', 'updated', { old: 'Disposal Pending', new: 'Active' }],
        ['disposal_item', 'updated', { old: 'Completed', new: 'Pending' }],
        ['hardware_asset', 'updated', { old: 'Disposed', new: 'Disposal Pending' }],
        ['disposal_item', 'updated', { old: 'Pending', new: 'Completed' }],
        ['hardware_asset', 'updated', { old: 'Disposal Pending', new: 'Disposed' }],
      ]),
    );
  });

  it('keeps the item as an unlinked record when its asset is deleted', async () => {
    const company = await signUpCompany();
    const asset = await createAsset(company, {
      ...laptop,
      status: 'Disposal Pending',
      disposal_reason: 'Sold',
    });
    const removed = await api(`/api/hardware/${asset.id}`, { method: 'DELETE', token: company.accessToken });
    expect(removed.status).toBe(204);
    const [item] = await items(company);
    expect(item).toMatchObject({ asset_id: null, asset_name: 'Dell Latitude 5440', status: 'Pending' });
    const entries = await auditLogs(company);
    expect(entries.find((entry) => entry.entity_type === 'disposal_item')).toMatchObject({
      entity_type: 'disposal_item',
      action: 'updated',
      changes: { asset_id: { old: asset.id, new: null } },
    });

    // From then on it is changed on its own.
    expect((await post<DisposalItem>(company, `/api/disposals/${item!.id}/complete`)).body.status).toBe(
      'Completed',
    );
    expect((await post(company, '/api/disposals/delete', { ids: [item!.id] })).body).toEqual({ deleted: 1 });
    expect(await stats(company)).toMatchObject({ pending: 0, completed: 0 });
    expect((await getAsset(company, asset.id)).status).toBe(404);
  });
});

describe('deleting disposal items', () => {
  it('deletes the selected items all together or not at all', async () => {
    const company = await signUpCompany();
    const other = await signUpCompany();
    const mine = [await addItem(company, manual), await addItem(company, manual)];
    const linked = await createAsset(company, { ...laptop, status: 'Disposed', disposal_reason: 'Donated' });
    const foreign = await addItem(other, manual);

    const mixed = await post(company, '/api/disposals/delete', { ids: [mine[0]!.id, foreign.id] });
    expect(mixed.status).toBe(404);
    expect(await items(company)).toHaveLength(3);
    expect(await items(other)).toHaveLength(1);

    for (const body of [
      { ids: [] },
      { ids: [mine[0]!.id, mine[0]!.id] },
      { ids: Array(25).fill(mine[0]!.id) },
      {},
    ]) {
      expect((await post(company, '/api/disposals/delete', body)).status).toBe(400);
    }

    // A transaction DynamoDB refuses (an audit entry over the 400 KB item limit) deletes nothing.
    useFunctionEnv();
    const { deleteDisposalItems } = await import('../../functions/disposal/service');
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    const all = (await items(company)).map((item) => item.id);
    await expect(
      deleteDisposalItems(
        me.organization.id,
        all,
        { email: `${'x'.repeat(420_000)}@example.test` },
        new Date(),
      ),
    ).rejects.toThrow();
    expect(await items(company)).toHaveLength(3);
    expect((await getAsset(company, linked.id)).body.status).toBe('Disposed');

    const deleted = await post(company, '/api/disposals/delete', { ids: all });
    expect(deleted.body).toEqual({ deleted: 3 });
    expect(await items(company)).toEqual([]);
    expect((await getAsset(company, linked.id)).body).toMatchObject({
      status: 'Active',
      disposal_item_id: null,
    });
    expect(await stats(company)).toMatchObject({ pending: 0, completed: 0 });
  });

  it('deletes 24 linked items in one transaction, putting their assets back to Active', async () => {
    const company = await signUpCompany();
    const rows = Array.from(
      { length: 24 },
      (_, index) => `Laptop,Dell,Model ${index},Disposal Pending,Obsolete`,
    );
    const imported = await api('/api/hardware/import', {
      method: 'POST',
      token: company.accessToken,
      rawBody: `asset_type,manufacturer,model,status,disposal_reason\n${rows.join('\n')}`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(imported.body).toMatchObject({ success: 24 });
    const ids = (await items(company, '?limit=100')).map((item) => item.id);
    expect(ids).toHaveLength(24);
    expect((await post(company, '/api/disposals/delete', { ids })).body).toEqual({ deleted: 24 });
    const dashboard = (await api<DashboardResponse>('/api/dashboard', { token: company.accessToken })).body;
    expect(dashboard).toMatchObject({ total_hardware: 24, active_hardware: 24 });
  });
});

describe('tenancy and the subscription gate', () => {
  it('keeps each organisation’s disposal items out of reach of every other organisation', async () => {
    const owner = await signUpCompany();
    const intruder = await signUpCompany();
    const asset = await createAsset(owner, {
      ...laptop,
      status: 'Disposal Pending',
      disposal_reason: 'Obsolete',
    });
    const [item] = await items(owner);

    expect(await items(intruder)).toEqual([]);
    expect(await items(intruder, '?q=dell')).toEqual([]);
    expect(await stats(intruder)).toEqual({ pending: 0, completed: 0, this_month: 0 });
    for (const action of ['complete', 'revert']) {
      expect((await post(intruder, `/api/disposals/${item!.id}/${action}`)).status).toBe(404);
    }
    expect((await post(intruder, '/api/disposals/delete', { ids: [item!.id] })).status).toBe(404);
    // A cursor of the owner's list reads nothing of theirs.
    const first = await api<DisposalListResponse>('/api/disposals?limit=1', { token: owner.accessToken });
    await addItem(owner, manual);
    const paged = await api<DisposalListResponse>('/api/disposals?limit=1', { token: owner.accessToken });
    const cursor = paged.body.next_cursor ?? first.body.next_cursor;
    if (cursor) {
      const foreign = await api<DisposalListResponse>(`/api/disposals?cursor=${encodeURIComponent(cursor)}`, {
        token: intruder.accessToken,
      });
      expect(foreign.status === 400 || foreign.body.items.length === 0).toBe(true);
    }

    expect(await items(owner)).toHaveLength(2);
    expect((await getAsset(owner, asset.id)).body.status).toBe('Disposal Pending');
  });

  it('needs an active subscription', async () => {
    const company = await signUpCompany();
    const item = await addItem(company, manual);
    const me = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;
    await setSubscription(me.organization.id, { status: 'cancelled' });
    for (const [method, path] of [
      ['GET', '/api/disposals'],
      ['GET', '/api/disposals/stats'],
      ['POST', '/api/disposals'],
      ['POST', `/api/disposals/${item.id}/complete`],
      ['POST', `/api/disposals/${item.id}/revert`],
      ['POST', '/api/disposals/delete'],
    ] as const) {
      const response = await api(path, {
        method,
        token: company.accessToken,
        body: method === 'POST' ? manual : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(402);
    }
    expect((await api('/api/disposals')).status).toBe(401);
  });
});
