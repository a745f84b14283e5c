import type { AuditLog } from '../../../shared/audit';
import { AUDIT_LOG_PAGE_SIZE } from '../../../shared/constants';
import { db } from './service';

/** The organisation's latest audit entries, newest first (ULID keys, so one key-ordered read). */
export async function listAuditLogs(organizationId: string): Promise<AuditLog[]> {
  const { data } = await db()
    .entities.auditLog.query.primary({ organization_id: organizationId })
    .go({ order: 'desc', limit: AUDIT_LOG_PAGE_SIZE });
  return data.map((entry) => ({
    id: entry.id,
    timestamp: entry.timestamp,
    entity_type: entry.entity_type,
    entity_id: entry.entity_id ?? null,
    entity_label: entry.entity_label,
    action: entry.action,
    changed_by: entry.changed_by,
    changes: entry.changes as AuditLog['changes'],
  }));
}
