import { monotonicFactory } from 'ulid';
import type { AuditAction, AuditEntityType, FieldChange } from '../../shared/audit';
import { create, type TableWrite } from './table/commands';
import { auditLogs } from './table/items/audit';

/**
 * The audit trail's entries as every feature writes them: in the same transaction as the change
 * they record, with the fields that changed.
 */

/** The person a change is recorded against. */
export interface Actor {
  email: string;
}

export interface AuditInput {
  organizationId: string;
  actor: Actor;
  now: Date;
  entityType: AuditEntityType;
  action: AuditAction;
  /** Null for an entry covering several items (an import batch). */
  entityId: string | null;
  entityLabel: string;
  changes: Record<string, FieldChange>;
}

/**
 * Entries written together (an asset's and its disposal item's) keep the order they were made in,
 * even within one millisecond: ids from one process only ever increase.
 */
const auditId = monotonicFactory();

/** An audit entry, to be written in the same transaction as the change it records. */
export function auditEntry(input: AuditInput): TableWrite {
  return create(
    auditLogs.item({
      id: auditId(input.now.getTime()),
      organization_id: input.organizationId,
      timestamp: input.now.toISOString(),
      entity_type: input.entityType,
      ...(input.entityId === null ? {} : { entity_id: input.entityId }),
      entity_label: input.entityLabel,
      action: input.action,
      changed_by: input.actor.email,
      changes: input.changes,
    }),
  );
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || value === 0;
}

/** The audited fields that differ: for a creation the set fields, for a deletion the cleared ones. */
export function fieldChanges<T extends object>(
  fields: readonly (keyof T & string)[],
  before: T | null,
  after: T | null,
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  for (const field of fields) {
    const old = before ? before[field] : null;
    const next = after ? after[field] : null;
    if (old === next) continue;
    if (!before && isEmpty(next)) continue;
    if (!after && isEmpty(old)) continue;
    changes[field] = { old: old ?? null, new: next ?? null };
  }
  return changes;
}
