import { monotonicFactory } from 'ulid';
import type { Page } from '../../../shared/api';
import type {
  AuditAction,
  AuditEntityType,
  AuditLog,
  AuditLogListQuery,
  FieldChange,
} from '../../../shared/audit';
import { create, listSearchablePage, type TableWrite } from './commands';
import { auditLogs, type AuditLogItem } from './items';

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

/**
 * The organisation's audit entries, newest first (ULID keys, so one key-ordered read), a page from
 * a cursor.
 */
export async function listAuditLogs(
  organizationId: string,
  { cursor, limit }: AuditLogListQuery,
): Promise<Page<AuditLog>> {
  const page = await listSearchablePage<AuditLogItem>(
    auditLogs.ofOrganization(organizationId),
    (entry) => auditLogs.key(organizationId, entry.id),
    { cursor, limit },
  );
  return {
    next_cursor: page.next_cursor,
    items: page.items.map((entry) => ({
      id: entry.id,
      timestamp: entry.timestamp,
      entity_type: entry.entity_type,
      entity_id: entry.entity_id ?? null,
      entity_label: entry.entity_label,
      action: entry.action,
      changed_by: entry.changed_by,
      changes: entry.changes,
    })),
  };
}
