import * as z from 'zod';
import { AUDIT_LOG_PAGE_SIZE } from './constants';
import { pageSchema, pagingFields } from './list';

/** The audit trail (SPEC.md sections 3 and 9): who changed what, written with the change itself. */
export const AUDIT_ENTITY_TYPES = [
  'hardware_asset',
  'disposal_item',
  'software_asset',
  'software_installation',
  // A monitored machine: its device re-enrolled (its token replaced) or the machine deleted.
  'agent_machine',
  // A person's security (MFA turned on or off) and the organisation's (MFA required of everyone).
  'user',
  'organization',
  // An enrolment key rotated, or deleted with the devices it enrolled (issue 35).
  'api_key',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const AUDIT_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One field's move: null on the old side for a creation, on the new side for a deletion. */
export const fieldChangeSchema = z.object({ old: z.unknown(), new: z.unknown() });
export type FieldChange = z.infer<typeof fieldChangeSchema>;

export const auditLogSchema = z.object({
  id: z.string(),
  timestamp: z.string(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  /** The changed item; null for an entry covering several (a CSV import batch). */
  entity_id: z.string().nullable(),
  /** What was changed, in words: "Dell Latitude 5440 (SN-5440-0001)", "Imported 32 hardware assets". */
  entity_label: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The email of the person who made the change. */
  changed_by: z.string(),
  changes: z.record(z.string(), fieldChangeSchema),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

/** The latest entries first, AUDIT_LOG_PAGE_SIZE a page (SPEC 9); `cursor` reads older ones. */
export const auditLogListQuerySchema = z.strictObject(pagingFields(AUDIT_LOG_PAGE_SIZE));
export type AuditLogListQuery = z.output<typeof auditLogListQuerySchema>;

export const auditLogListResponseSchema = pageSchema(auditLogSchema);
export type AuditLogListResponse = z.infer<typeof auditLogListResponseSchema>;
