import { describe, expect, it } from 'vitest';
import { timelineSentence } from './agent-timeline-format';

const change = (
  kind: Parameters<typeof timelineSentence>[0]['kind'],
  subject: string,
  from: string | null,
  to: string | null,
) => timelineSentence({ kind, detail: { subject, from, to } });

describe('timeline sentences', () => {
  it('says what happened to a program, with its version when it has one', () => {
    expect(change('software_installed', 'Google Chrome', null, '120.0')).toBe(
      'Installed Google Chrome 120.0',
    );
    expect(change('software_installed', 'Notepad++', null, '')).toBe('Installed Notepad++');
    expect(change('software_removed', 'Zoom', '5.16, 5.17', null)).toBe('Removed Zoom 5.16, 5.17');
    expect(change('software_changed', 'Google Chrome', '119.0', '120.0')).toBe(
      'Updated Google Chrome 119.0 → 120.0',
    );
    expect(change('software_changed', 'Tool', '', '2.0')).toBe('Updated Tool none → 2.0');
  });

  it('says what changed of the machine, from and to', () => {
    expect(change('hardware_changed', 'memory', '16 GB', '32 GB')).toBe('Memory 16 GB → 32 GB');
    expect(change('hardware_changed', 'cpu', 'Intel Core i5', 'Intel Core i7')).toBe(
      'CPU Intel Core i5 → Intel Core i7',
    );
    expect(change('hardware_changed', 'disks', 'C: 512 GB', 'C: 512 GB, D: 1024 GB')).toBe(
      'Disks C: 512 GB → C: 512 GB, D: 1024 GB',
    );
    expect(change('os_changed', 'os', 'Windows 11 Pro 22H2', 'Windows 11 Pro 23H2')).toBe(
      'OS Windows 11 Pro 22H2 → Windows 11 Pro 23H2',
    );
    expect(change('hostname_changed', 'hostname', 'PC-01', 'FINANCE-01')).toBe('Hostname PC-01 → FINANCE-01');
    expect(change('user_changed', 'user', null, 'ACME\\jane')).toBe('User none → ACME\\jane');
  });
});
