import type { MachineChange, MachineChangeFilter } from '@shared/inventory';

/** The timeline's filter chips: what each shows, in the order they are offered. */
export const TIMELINE_FILTERS: readonly { label: string; filter: MachineChangeFilter | null }[] = [
  { label: 'All', filter: null },
  { label: 'Software', filter: 'software' },
  { label: 'Hardware', filter: 'hardware_changed' },
  { label: 'OS', filter: 'os_changed' },
  { label: 'Hostname', filter: 'hostname_changed' },
  { label: 'User', filter: 'user_changed' },
];

const HARDWARE_SUBJECTS: Record<string, string> = { memory: 'Memory', cpu: 'CPU', disks: 'Disks' };

/** A side of a change that was nothing (no version, no user signed in). */
const NOTHING = 'none';

const shown = (value: string | null) => (value && value.trim() !== '' ? value : null);
const withVersion = (name: string, version: string | null) => {
  const text = shown(version);
  return text ? `${name} ${text}` : name;
};
const fromTo = (from: string | null, to: string | null) =>
  `${shown(from) ?? NOTHING} → ${shown(to) ?? NOTHING}`;

/** An event as a sentence: "Installed Google Chrome 120.0", "Memory 16 GB → 32 GB". */
export function timelineSentence({ kind, detail }: Pick<MachineChange, 'kind' | 'detail'>): string {
  const { subject, from, to } = detail;
  switch (kind) {
    case 'software_installed':
      return `Installed ${withVersion(subject, to)}`;
    case 'software_removed':
      return `Removed ${withVersion(subject, from)}`;
    case 'software_changed':
      return `Updated ${subject} ${fromTo(from, to)}`;
    case 'hardware_changed':
      return `${HARDWARE_SUBJECTS[subject] ?? subject} ${fromTo(from, to)}`;
    case 'os_changed':
      return `OS ${fromTo(from, to)}`;
    case 'hostname_changed':
      return `Hostname ${fromTo(from, to)}`;
    case 'user_changed':
      return `User ${fromTo(from, to)}`;
  }
}

/** What a chip or a kind is called beside an event. */
export const KIND_LABELS: Record<MachineChange['kind'], string> = {
  software_installed: 'Software',
  software_removed: 'Software',
  software_changed: 'Software',
  hardware_changed: 'Hardware',
  os_changed: 'OS',
  hostname_changed: 'Hostname',
  user_changed: 'User',
};
