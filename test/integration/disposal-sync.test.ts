import { describe, expect, it } from 'vitest';
import type { DashboardResponse } from '../../shared/api';
import type { DisposalItem } from '../../shared/disposal';
import { api, signUpCompany } from '../support/api';
import { importCsv } from '../support/import';
import { editAsset, getAsset, items, post, stats } from '../support/disposal';
import { auditLogs, createOk as createAsset, laptop } from '../support/hardware';

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
    const imported = await importCsv(
      company,
      'asset_type,manufacturer,model,status,disposal_reason\nPhone,Apple,iPhone 8,Disposal Pending,Lost/Stolen\nPhone,Apple,iPhone 9,Active,',
    );
    expect(imported).toMatchObject({ success: 2, failed: 0 });

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
