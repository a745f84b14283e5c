import type { FieldChange } from '../../shared/audit';
import { DISPOSAL_FIELDS, type DisposalItem } from '../../shared/disposal';
import { auditEntry, fieldChanges, type Actor } from '../lib/audit-trail';
import type { CounterDeltas } from '../lib/table/counters';
import { disposalCounter } from './counts';
import { disposalItems, type DisposalRecord } from '../lib/table/items/disposal';
import type { TableWrite } from '../lib/table/transaction';

/** Disposal items as the table holds them, and the transaction items of their changes. */

export interface DisposalChange {
  before: DisposalItem | null;
  after: DisposalItem | null;
}

export function toDisposalItem(record: DisposalRecord): DisposalItem {
  return {
    id: record.id,
    asset_id: record.asset_id ?? null,
    asset_type: record.asset_type,
    asset_name: record.asset_name,
    serial_number: record.serial_number ?? '',
    asset_tag: record.asset_tag ?? '',
    disposal_reason: record.disposal_reason,
    disposal_date: record.disposal_date,
    disposal_notes: record.disposal_notes ?? '',
    organization_id: record.organization_id,
    created_by: record.created_by,
    status: record.status,
    completed_at: record.completed_at ?? null,
    completed_by: record.completed_by ?? null,
    created_at: record.created_at,
    updated_at: record.updated_at,
    version: record.version,
  };
}

function toRecord(item: DisposalItem): DisposalRecord {
  const record: DisposalRecord = {
    ...item,
    asset_id: item.asset_id ?? undefined,
    completed_at: item.completed_at ?? undefined,
    completed_by: item.completed_by ?? undefined,
    search_text: [item.asset_name, item.serial_number, item.asset_tag, item.disposal_reason]
      .filter(Boolean)
      .join('\n')
      .toLowerCase(),
  };
  for (const field of ['asset_id', 'completed_at', 'completed_by'] as const) {
    if (record[field] === undefined) delete record[field];
  }
  return record;
}

export function disposalLabel(item: Pick<DisposalItem, 'asset_name' | 'serial_number'>): string {
  return item.serial_number ? `${item.asset_name} (${item.serial_number})` : item.asset_name;
}

export function disposalChanges(change: DisposalChange): Record<string, FieldChange> {
  return fieldChanges(DISPOSAL_FIELDS, change.before, change.after);
}

/** A change that moves anything: the after side gets the next version and the change's time. */
export function bumped(change: DisposalChange, now: Date): DisposalChange {
  const { before, after } = change;
  if (!before || !after) return change;
  return { before, after: { ...after, version: before.version + 1, updated_at: now.toISOString() } };
}

/** The item (guarded by its version, or by not existing yet) and, unless left to a batch's, its audit entry. */
export function disposalChangeItems(
  organizationId: string,
  { before, after }: DisposalChange,
  audit: { actor: Actor; now: Date } | null,
): TableWrite[] {
  const id = (after ?? before)!.id;
  const write = !before
    ? disposalItems.create(toRecord(after!))
    : !after
      ? disposalItems.removeIfVersion(organizationId, id, before.version)
      : disposalItems.putIfVersion(toRecord(after), before.version);
  if (!audit) return [write];
  return [
    write,
    auditEntry({
      ...audit,
      organizationId,
      entityType: 'disposal_item',
      action: !before ? 'created' : !after ? 'deleted' : 'updated',
      entityId: id,
      entityLabel: disposalLabel((after ?? before)!),
      changes: disposalChanges({ before, after }),
    }),
  ];
}

/** How the Pending and Completed totals move. */
export function addDisposalDeltas(deltas: CounterDeltas, { before, after }: DisposalChange): void {
  if (before?.status === after?.status) return;
  if (before)
    deltas.set(disposalCounter(before.status), (deltas.get(disposalCounter(before.status)) ?? 0) - 1);
  if (after) deltas.set(disposalCounter(after.status), (deltas.get(disposalCounter(after.status)) ?? 0) + 1);
}

/** Several disposal items of the organisation by id, consistently read; missing ones are left out. */
export async function readDisposalItems(
  organizationId: string,
  ids: string[],
): Promise<Map<string, DisposalItem>> {
  if (ids.length === 0) return new Map();
  const records = await disposalItems.getMany(organizationId, ids);
  return new Map(records.map((record) => [record.id, toDisposalItem(record)]));
}
