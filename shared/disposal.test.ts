import { describe, expect, it } from 'vitest';
import {
  HARDWARE_TO_DISPOSAL_REASON,
  disposalItemInputSchema,
  syncedDisposalItem,
  type DisposalItem,
} from './disposal';
import { HARDWARE_DISPOSAL_REASONS, type HardwareAsset } from './hardware';

const now = new Date('2026-11-22T10:00:00.000Z');
const context = { organizationId: 'org-1', actor: 'ann@example.test', now, newId: () => 'NEW' };

const asset: HardwareAsset = {
  id: 'HW1',
  asset_type: 'Laptop',
  manufacturer: 'Dell',
  model: 'Latitude 5440',
  serial_number: 'SN-1',
  asset_tag: null,
  purchase_date: null,
  warranty_expiry: null,
  status: 'Disposal Pending',
  location: null,
  assigned_to: null,
  cpu: null,
  ram_gb: 16,
  storage_gb: 512,
  os: null,
  notes: 'keep',
  disposal_reason: 'Broken/Defective',
  disposal_date: '2026-11-02',
  disposal_item_id: null,
  machine_id: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 3,
};

describe('syncedDisposalItem', () => {
  it('puts an asset in Disposal Pending on the list as a Pending item with its fields copied', () => {
    expect(syncedDisposalItem(asset, null, context)).toEqual({
      id: 'NEW',
      organization_id: 'org-1',
      asset_id: 'HW1',
      asset_type: 'Hardware',
      asset_name: 'Dell Latitude 5440',
      serial_number: 'SN-1',
      asset_tag: '',
      disposal_reason: 'Damaged',
      disposal_date: '2026-11-02',
      disposal_notes: '',
      status: 'Pending',
      completed_at: null,
      completed_by: null,
      created_by: 'ann@example.test',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      version: 1,
    });
  });

  it('completes the item when the asset is Disposed, keeping the first completion on later edits', () => {
    const pending = syncedDisposalItem(asset, null, context)!;
    const completed = syncedDisposalItem({ ...asset, status: 'Disposed' }, pending, {
      ...context,
      actor: 'bob@example.test',
    })!;
    expect(completed).toMatchObject({
      id: 'NEW',
      created_by: 'ann@example.test',
      status: 'Completed',
      completed_at: now.toISOString(),
      completed_by: 'bob@example.test',
    });
    const later = { ...context, now: new Date('2026-12-01T00:00:00.000Z') };
    expect(syncedDisposalItem({ ...asset, status: 'Disposed', model: 'X' }, completed, later)).toMatchObject({
      asset_name: 'Dell X',
      completed_at: now.toISOString(),
      completed_by: 'bob@example.test',
    });
    expect(syncedDisposalItem(asset, completed, later)).toMatchObject({
      status: 'Pending',
      completed_at: null,
      completed_by: null,
    });
  });

  it('takes the item off the list for any other status, and unlinks it when the asset is deleted', () => {
    const item = syncedDisposalItem(asset, null, context)!;
    for (const status of ['Active', 'Retired', 'In Repair', 'In Storage'] as const) {
      expect(syncedDisposalItem({ ...asset, status }, item, context)).toBeNull();
      expect(syncedDisposalItem({ ...asset, status }, null, context)).toBeNull();
    }
    expect(syncedDisposalItem(null, item, context)).toEqual<DisposalItem>({ ...item, asset_id: null });
    expect(syncedDisposalItem(null, null, context)).toBeNull();
  });

  it('maps every hardware disposal reason, keeping the ones that become Other in the notes', () => {
    const mapped = HARDWARE_DISPOSAL_REASONS.map((reason) => {
      const item = syncedDisposalItem({ ...asset, disposal_reason: reason }, null, context)!;
      return [reason, item.disposal_reason, item.disposal_notes];
    });
    expect(mapped).toEqual([
      ['End of Life', 'End of Life', ''],
      ['Broken/Defective', 'Damaged', ''],
      ['Sold', 'Other', 'Hardware disposal reason: Sold'],
      ['Donated', 'Other', 'Hardware disposal reason: Donated'],
      ['Recycled', 'Other', 'Hardware disposal reason: Recycled'],
      ['Lost/Stolen', 'Lost/Stolen', ''],
      ['Obsolete', 'Obsolete', ''],
    ]);
    expect(Object.keys(HARDWARE_TO_DISPOSAL_REASON)).toEqual([...HARDWARE_DISPOSAL_REASONS]);
  });

  it('names an asset without manufacturer or model by its type', () => {
    const item = syncedDisposalItem({ ...asset, manufacturer: null, model: null }, null, context)!;
    expect(item.asset_name).toBe('Laptop');
  });
});

describe('disposalItemInputSchema', () => {
  it('trims, defaults and stores empty optional text as empty text', () => {
    expect(
      disposalItemInputSchema.parse({ asset_name: ' Printer ', disposal_reason: 'Other', asset_tag: '  ' }),
    ).toEqual({
      asset_type: 'Hardware',
      asset_name: 'Printer',
      serial_number: '',
      asset_tag: '',
      disposal_reason: 'Other',
      disposal_date: null,
      disposal_notes: '',
      status: 'Pending',
    });
  });
});
