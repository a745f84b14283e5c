import * as z from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, fieldChangeSchema } from '../../../../shared/audit';
import { listSearchablePage } from '../pages';
import { key, stored, tableKey } from './stored';

export const auditLogItemSchema = z.object({
  /** A ULID of the change's time: "latest 100" is the key order. */
  id: z.string(),
  organization_id: z.string(),
  timestamp: z.string(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.string().optional(),
  entity_label: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  changed_by: z.string(),
  changes: z.record(z.string(), fieldChangeSchema),
});
export type AuditLogItem = z.infer<typeof auditLogItemSchema>;

export const auditLogs = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `AUDIT#${id}`),
  item: (entry: AuditLogItem) => stored(entry, auditLogs.key(entry.organization_id, entry.id)),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('AUDIT#'),
  }),
  /** A page of the organisation's entries in key order (ULIDs: oldest first), from a cursor. */
  pageOfOrganization: (organizationId: string, query: { cursor?: string; limit: number }) =>
    listSearchablePage(
      auditLogItemSchema,
      auditLogs.ofOrganization(organizationId),
      (entry) => auditLogs.key(organizationId, entry.id),
      query,
    ),
};
