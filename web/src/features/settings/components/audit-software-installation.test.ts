import { describe, expect, it } from 'vitest';
import { diffLines, ENTITY_TYPE_LABELS } from './audit-changes';

/** The report path's software_installation entries (issue 27) as the Audit Logs screen reads them. */
describe('software installation entries', () => {
  it('name the entity type and read as what was installed, removed or updated', () => {
    expect(ENTITY_TYPE_LABELS.software_installation).toBe('Software installation');
    expect(
      diffLines({
        action: 'created',
        changes: { installed: { old: null, new: ['Google Chrome 120.0', 'Zoom 5.17'] } },
      }),
    ).toEqual([
      { kind: 'added', field: 'installed', label: 'Installed', value: ['Google Chrome 120.0', 'Zoom 5.17'] },
    ]);
    expect(
      diffLines({
        action: 'updated',
        changes: {
          removed: { old: ['Zoom 5.17'], new: null },
          updated: { old: ['Google Chrome 119.0'], new: ['Google Chrome 120.0'] },
        },
      }),
    ).toEqual([
      { kind: 'changed', field: 'removed', label: 'Removed', old: ['Zoom 5.17'], new: '—' },
      {
        kind: 'list-changed',
        field: 'updated',
        label: 'Updated',
        added: ['Google Chrome 120.0'],
        removed: ['Google Chrome 119.0'],
      },
    ]);
  });
});
