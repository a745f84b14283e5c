import * as z from 'zod';
import {
  DISPOSAL_ASSET_TYPES,
  DISPOSAL_ITEM_STATUSES,
  DISPOSAL_REASONS,
  type DisposalItemStatus,
} from '../../../../shared/disposal';
import { key, stored, tableKey } from './stored';

/** One row of the disposal list (SPEC.md section 3, disposal_list), as stored. */
export const disposalRecordSchema = z.object({
  /** A ULID: the list's "newest first" is the key order. */
  id: z.string(),
  organization_id: z.string(),
  /** The linked hardware asset, absent for an item added by hand or whose asset was deleted. */
  asset_id: z.string().optional(),
  asset_type: z.enum(DISPOSAL_ASSET_TYPES),
  asset_name: z.string(),
  serial_number: z.string().optional(),
  asset_tag: z.string().optional(),
  disposal_reason: z.enum(DISPOSAL_REASONS),
  disposal_date: z.string(),
  disposal_notes: z.string().optional(),
  created_by: z.string(),
  status: z.enum(DISPOSAL_ITEM_STATUSES),
  completed_at: z.string().optional(),
  completed_by: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
  /** Asset name, serial number, asset tag and reason, lower-cased, for a contains() filter. */
  search_text: z.string(),
});
export type DisposalRecord = z.infer<typeof disposalRecordSchema>;

export const disposalItems = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `DISP#${id}`),
  statusKey: (record: Pick<DisposalRecord, 'organization_id' | 'status' | 'id'>) => ({
    gsi1pk: key(`ORG#${record.organization_id}#DISPSTATUS#${record.status}`),
    gsi1sk: key(`DISP#${record.id}`),
  }),
  item: (record: DisposalRecord) =>
    stored(record, {
      ...disposalItems.key(record.organization_id, record.id),
      ...disposalItems.statusKey(record),
      // "This Month" counts one month's range of disposal dates instead of reading the whole list.
      gsi2pk: key(`ORG#${record.organization_id}#DISPDATE`),
      gsi2sk: key(`${record.disposal_date}#${record.id}`),
    }),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('DISP#'),
  }),
  withStatus: (organizationId: string, status: DisposalItemStatus) => ({
    index: 'gsi1' as const,
    partition: key(`ORG#${organizationId}#DISPSTATUS#${status}`),
    sortPrefix: key('DISP#'),
  }),
  disposedBetween: (organizationId: string, from: string, to: string) => ({
    index: 'gsi2' as const,
    partition: key(`ORG#${organizationId}#DISPDATE`),
    sortBetween: [key(from), key(to)] as [string, string],
  }),
};
