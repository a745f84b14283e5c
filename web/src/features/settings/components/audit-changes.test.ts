import { describe, expect, it } from 'vitest';
import { diffLines, displayValue, fieldLabel } from './audit-changes';

describe('audit field names', () => {
  it('uses the words people know', () => {
    expect(fieldLabel('ram_gb')).toBe('RAM (GB)');
    expect(fieldLabel('asset_tag')).toBe('Asset tag');
    expect(fieldLabel('os')).toBe('Operating system');
  });

  it('humanises fields it has not met', () => {
    expect(fieldLabel('memory_total_gb')).toBe('Memory total (GB)');
    expect(fieldLabel('created_asset_ids')).toBe('Created asset IDs');
    expect(fieldLabel('lastSeen')).toBe('Last seen');
  });
});

describe('audit values', () => {
  it('shows null as a dash, dates in British style and lists as lists', () => {
    expect(displayValue(null)).toBe('—');
    expect(displayValue('')).toBe('—');
    expect(displayValue('2026-03-01')).toBe('1 Mar 2026');
    expect(displayValue(16)).toBe('16');
    expect(displayValue(1500.5)).toBe('1,500.5');
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue(['a', 'b'])).toEqual(['a', 'b']);
    expect(displayValue([])).toBe('—');
  });
});

describe('audit diff', () => {
  it('lists the fields a creation set, in form order, without bookkeeping', () => {
    const lines = diffLines({
      action: 'created',
      changes: {
        version: { old: null, new: 1 },
        status: { old: null, new: 'Active' },
        notes: { old: null, new: null },
        asset_type: { old: null, new: 'Laptop' },
        ram_gb: { old: null, new: 16 },
      },
    });
    expect(lines).toEqual([
      { kind: 'added', field: 'asset_type', label: 'Asset type', value: 'Laptop' },
      { kind: 'added', field: 'status', label: 'Status', value: 'Active' },
      { kind: 'added', field: 'ram_gb', label: 'RAM (GB)', value: '16' },
    ]);
  });

  it('lists the fields a deletion removed', () => {
    const lines = diffLines({
      action: 'deleted',
      changes: { model: { old: 'Latitude', new: null }, location: { old: null, new: null } },
    });
    expect(lines).toEqual([{ kind: 'removed', field: 'model', label: 'Model', value: 'Latitude' }]);
  });

  it('shows an update from old to new, with null as a dash', () => {
    const lines = diffLines({
      action: 'updated',
      changes: {
        status: { old: 'Active', new: 'Retired' },
        assigned_to: { old: 'Ann', new: null },
        updated_at: { old: '2026-01-01T00:00:00Z', new: '2026-01-02T00:00:00Z' },
      },
    });
    expect(lines).toEqual([
      { kind: 'changed', field: 'status', label: 'Status', old: 'Active', new: 'Retired' },
      { kind: 'changed', field: 'assigned_to', label: 'Assigned to', old: 'Ann', new: '—' },
    ]);
  });

  it('shows a list field as the items it gained and lost', () => {
    const lines = diffLines({
      action: 'updated',
      changes: { tags: { old: ['a', 'b'], new: ['b', 'c'] } },
    });
    expect(lines).toEqual([
      { kind: 'list-changed', field: 'tags', label: 'Tags', added: ['c'], removed: ['a'] },
    ]);
  });

  it('keeps a list set at creation as a list', () => {
    const lines = diffLines({
      action: 'created',
      changes: { assets: { old: null, new: ['Laptop Dell (SN-1)', 'Phone Apple'] } },
    });
    expect(lines).toEqual([
      { kind: 'added', field: 'assets', label: 'Assets', value: ['Laptop Dell (SN-1)', 'Phone Apple'] },
    ]);
  });
});
