import { describe, expect, it } from 'vitest';
import { diffLines, ENTITY_TYPE_LABELS } from './audit-changes';

/** The report path's software_installation entries (issue 27) as the Audit Logs screen reads them. */
describe('software installation entries', () => {
  it('name the entity type and read as what was installed, removed or changed', () => {
    expect(ENTITY_TYPE_LABELS.software_installation).toBe('Software installation');
    expect(
      diffLines({
        action: 'created',
        changes: { software: { old: null, new: ['Google Chrome 120.0', 'Zoom 5.17'] } },
      }),
    ).toEqual([
      { kind: 'added', field: 'software', label: 'Software', value: ['Google Chrome 120.0', 'Zoom 5.17'] },
    ]);
    expect(diffLines({ action: 'deleted', changes: { software: { old: 'Zoom 5.17', new: null } } })).toEqual([
      { kind: 'removed', field: 'software', label: 'Software', value: 'Zoom 5.17' },
    ]);
    expect(
      diffLines({
        action: 'updated',
        changes: { software: { old: 'Google Chrome 119.0', new: 'Google Chrome 120.0' } },
      }),
    ).toEqual([
      {
        kind: 'changed',
        field: 'software',
        label: 'Software',
        old: 'Google Chrome 119.0',
        new: 'Google Chrome 120.0',
      },
    ]);
  });
});
