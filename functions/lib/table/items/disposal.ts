import * as z from 'zod';
import {
  DISPOSAL_ASSET_TYPES,
  DISPOSAL_ITEM_STATUSES,
  DISPOSAL_REASONS,
  type DisposalItemStatus,
} from '../../../../shared/disposal';
import { create, getItems, listAll, put, remove, type TableWrite } from '../commands';
import { equals } from '../conditions';
import { listSearchablePage } from '../pages';
import { idProjection, key, stored, tableKey } from './stored';

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
  /** A page of the list newest first, of one status or all, searched by `q` (lib/table/pages.ts). */
  page: (
    organizationId: string,
    status: DisposalItemStatus | undefined,
    options: { q?: string; cursor?: string; limit: number },
  ) =>
    listSearchablePage(
      disposalRecordSchema,
      status
        ? disposalItems.withStatus(organizationId, status)
        : disposalItems.ofOrganization(organizationId),
      (item) => ({
        ...(status ? disposalItems.statusKey(item) : {}),
        ...disposalItems.key(organizationId, item.id),
      }),
      options,
    ),
  /** The ids of the items whose disposal date is between two sort keys. */
  listIdsDisposedBetween: (organizationId: string, from: string, to: string) =>
    listAll(idProjection, disposalItems.disposedBetween(organizationId, from, to), { attributes: ['id'] }),
  /** Several items by id, consistently read; missing ones are left out. */
  getMany: (organizationId: string, ids: string[]) =>
    getItems(
      disposalRecordSchema,
      ids.map((id) => disposalItems.key(organizationId, id)),
      { consistent: true, what: 'disposal items' },
    ),
  /** A new item: refused when its id is taken. */
  create: (record: DisposalRecord): TableWrite => create(disposalItems.item(record)),
  /** Replaces an item if it is still at the version read. */
  putIfVersion: (record: DisposalRecord, version: number): TableWrite =>
    put(disposalItems.item(record), equals('version', version)),
  /** Removes an item if it is still at the version read. */
  removeIfVersion: (organizationId: string, id: string, version: number): TableWrite =>
    remove(disposalItems.key(organizationId, id), equals('version', version)),
};
