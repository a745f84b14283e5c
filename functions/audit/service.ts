import type { Page } from '../../shared/api';
import type { AuditLog, AuditLogListQuery } from '../../shared/audit';
import { auditLogs } from '../lib/table/items/audit';

/**
 * The organisation's audit entries, newest first (ULID keys, so one key-ordered read), a page from
 * a cursor.
 */
export async function listAuditLogs(
  organizationId: string,
  { cursor, limit }: AuditLogListQuery,
): Promise<Page<AuditLog>> {
  const page = await auditLogs.pageOfOrganization(organizationId, { cursor, limit });
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
