import type { AuditAction, AuditEntityType, AuditLog } from '@shared/audit';

/** A value as shown: one text, or the items of a list. */
export type DisplayValue = string | string[];

/** One line of the readable diff of an audit entry. */
export type DiffLine =
  | { kind: 'added'; field: string; label: string; value: DisplayValue }
  | { kind: 'removed'; field: string; label: string; value: DisplayValue }
  | { kind: 'changed'; field: string; label: string; old: DisplayValue; new: DisplayValue }
  /** A list field that gained and lost items. */
  | { kind: 'list-changed'; field: string; label: string; added: string[]; removed: string[] };

export const EMPTY_VALUE = '—';

export const ENTITY_TYPE_LABELS: Record<AuditEntityType, string> = {
  hardware_asset: 'Hardware asset',
  disposal_item: 'Disposal item',
  software_asset: 'Software asset',
  software_installation: 'Software installation',
  agent_machine: 'Monitored machine',
  user: 'User',
  organization: 'Organization',
  api_key: 'API key',
};

export const ACTION_LABELS: Record<AuditAction, string> = {
  created: 'Created',
  updated: 'Updated',
  deleted: 'Deleted',
};

/** The fields people know by name, in the order the hardware and disposal forms show them. */
const FIELD_LABELS: Record<string, string> = {
  asset_type: 'Asset type',
  asset_name: 'Asset name',
  manufacturer: 'Manufacturer',
  model: 'Model',
  serial_number: 'Serial number',
  asset_tag: 'Asset tag',
  status: 'Status',
  assigned_to: 'Assigned to',
  location: 'Location',
  purchase_date: 'Purchase date',
  warranty_expiry: 'Warranty expiry',
  cpu: 'CPU',
  ram_gb: 'RAM (GB)',
  storage_gb: 'Storage (GB)',
  os: 'Operating system',
  notes: 'Notes',
  disposal_reason: 'Disposal reason',
  disposal_date: 'Disposal date',
  disposal_notes: 'Disposal notes',
  asset_id: 'Linked asset',
  completed_at: 'Completed at',
  completed_by: 'Completed by',
  monitored_machine: 'Monitored machine',
  installed: 'Installed',
  removed: 'Removed',
  updated: 'Updated',
};
const FIELD_ORDER = Object.keys(FIELD_LABELS);

/** Bookkeeping that says nothing to a reader of the trail. */
const HIDDEN_FIELDS = new Set(['id', 'organization_id', 'version', 'created_at', 'updated_at']);

const WORDS: Record<string, string> = {
  gb: '(GB)',
  mb: '(MB)',
  id: 'ID',
  ids: 'IDs',
  os: 'OS',
  cpu: 'CPU',
  ram: 'RAM',
  api: 'API',
  url: 'URL',
  csv: 'CSV',
};

/** ram_gb → "RAM (GB)", asset_tag → "Asset tag", someNewField → "Some new field". */
export function fieldLabel(field: string): string {
  const known = FIELD_LABELS[field];
  if (known) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
  const text = words.map((word) => WORDS[word] ?? word).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function formatScalar(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return value.toLocaleString('en-GB');
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      const date = new Date(`${value}T00:00:00Z`);
      return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
    }
    if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? value : dateTimeFormat.format(date);
    }
    return value;
  }
  return JSON.stringify(value);
}

/** A stored value in words: null is a dash, dates are British, lists stay lists. */
export function displayValue(value: unknown): DisplayValue {
  if (Array.isArray(value)) return value.length === 0 ? EMPTY_VALUE : value.map(formatScalar);
  return formatScalar(value);
}

function isSet(value: unknown): boolean {
  return !(
    value === null ||
    value === undefined ||
    value === '' ||
    (Array.isArray(value) && value.length === 0)
  );
}

function sameDisplay(a: DisplayValue, b: DisplayValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function orderedFields(changes: AuditLog['changes']): string[] {
  const fields = Object.keys(changes).filter((field) => !HIDDEN_FIELDS.has(field));
  const rank = (field: string) => {
    const index = FIELD_ORDER.indexOf(field);
    return index === -1 ? FIELD_ORDER.length : index;
  };
  // Array.prototype.sort is stable: unknown fields keep the order the server wrote them in.
  return fields.sort((a, b) => rank(a) - rank(b));
}

/**
 * The readable diff of an entry: for a creation the fields it set, for a deletion the fields it
 * had, for an update each changed field from old to new (a list field as the items it gained and
 * lost).
 */
export function diffLines(entry: Pick<AuditLog, 'action' | 'changes'>): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const field of orderedFields(entry.changes)) {
    const change = entry.changes[field];
    if (!change) continue;
    const label = fieldLabel(field);
    if (entry.action === 'created') {
      if (isSet(change.new)) lines.push({ kind: 'added', field, label, value: displayValue(change.new) });
      continue;
    }
    if (entry.action === 'deleted') {
      if (isSet(change.old)) lines.push({ kind: 'removed', field, label, value: displayValue(change.old) });
      continue;
    }
    if (Array.isArray(change.old) && Array.isArray(change.new)) {
      const before = change.old.map(formatScalar);
      const after = change.new.map(formatScalar);
      const added = after.filter((item) => !before.includes(item));
      const removed = before.filter((item) => !after.includes(item));
      if (added.length > 0 || removed.length > 0) {
        lines.push({ kind: 'list-changed', field, label, added, removed });
        continue;
      }
    }
    const old = displayValue(change.old);
    const next = displayValue(change.new);
    if (!sameDisplay(old, next)) lines.push({ kind: 'changed', field, label, old, new: next });
  }
  return lines;
}
