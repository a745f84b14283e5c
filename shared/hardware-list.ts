import * as z from 'zod';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_DISPOSAL_REASONS,
  HARDWARE_PAGE_SIZE,
  HARDWARE_STATUSES,
  bulkIdsSchema,
  requireDisposalReason,
} from './hardware';
import { foldedText, optionalChoice, pagingFields, searchText, SORT_ORDERS, type SortOrder } from './list';

/**
 * The hardware list an IT admin works in (issue 34): sorted by any column the table shows, filtered
 * by status, type and location, and changed in bulk (status, location, assigned to).
 */

/** The orders of the list: when added (newest first by default), or a column of the table. */
export const HARDWARE_SORTS = [
  'created',
  'asset',
  'serial_number',
  'asset_tag',
  'status',
  'assigned_to',
  'location',
  'warranty_expiry',
] as const;
export type HardwareSort = (typeof HARDWARE_SORTS)[number];

/** What each order is called: the table's column, or "Date added". */
export const HARDWARE_SORT_LABELS: Record<HardwareSort, string> = {
  created: 'Date added',
  asset: 'Asset',
  serial_number: 'Serial Number',
  asset_tag: 'Asset Tag',
  status: 'Status',
  assigned_to: 'Assigned To',
  location: 'Location',
  warranty_expiry: 'Warranty Expiry',
};

/** Newest first when added; A to Z (earliest date first) for a column. */
export function defaultSortOrder(sort: HardwareSort): SortOrder {
  return sort === 'created' ? 'desc' : 'asc';
}

const LOCATION_MAX = 200;

/** A location as a filter names it: trimmed, empty meaning none; matched case-insensitively. */
const locationFilter = z
  .string()
  .trim()
  .max(LOCATION_MAX, { error: `Location must be at most ${LOCATION_MAX} characters` })
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * GET /api/hardware: a search (manufacturer, model, serial number, asset tag, assigned to and
 * location), the status, type and location filters, the order and a page.
 */
export const hardwareListQuerySchema = z
  .strictObject({
    q: searchText(),
    status: optionalChoice(HARDWARE_STATUSES, 'Status'),
    type: optionalChoice(HARDWARE_ASSET_TYPES, 'Type'),
    location: locationFilter,
    sort: optionalChoice(HARDWARE_SORTS, 'Sort'),
    order: optionalChoice(SORT_ORDERS, 'Order'),
    ...pagingFields(HARDWARE_PAGE_SIZE),
  })
  .transform(({ sort = 'created', order, ...query }) => ({
    ...query,
    sort,
    order: order ?? defaultSortOrder(sort),
  }));
export type HardwareListQuery = z.output<typeof hardwareListQuerySchema>;

/** Two spellings of a location are one when they fold alike ("London office", "london  Office"). */
export function sameLocation(a: string | null | undefined, b: string | null | undefined): boolean {
  return foldedText(a) !== '' && foldedText(a) === foldedText(b);
}

/** GET /api/hardware/locations: the organisation's locations, each with its assets, by name. */
export const hardwareLocationSchema = z.object({
  /** The spelling most of its assets have. */
  name: z.string(),
  count: z.number().int().nonnegative(),
});
export type HardwareLocation = z.output<typeof hardwareLocationSchema>;
export const hardwareLocationsResponseSchema = z.object({ items: z.array(hardwareLocationSchema) });
export type HardwareLocationsResponse = z.output<typeof hardwareLocationsResponseSchema>;

// ---- Bulk changes ----

/** A text field set in bulk: trimmed; empty or null clears it; left out leaves it as it is. */
function bulkText(label: string) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(LOCATION_MAX, { error: `${label} must be at most ${LOCATION_MAX} characters` })
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));
}

export const BULK_UPDATE_MESSAGES = {
  nothingToChange: 'Choose what to change: status, location or assigned to',
} as const;

/**
 * POST /api/hardware/bulk-update: one or more of status (with its disposal reason), location and
 * assigned to, set on up to BULK_STATUS_MAX_ASSETS assets at once.
 */
export const bulkUpdateSchema = z
  .strictObject({
    ids: bulkIdsSchema,
    status: optionalChoice(HARDWARE_STATUSES, 'Status'),
    disposal_reason: optionalChoice(HARDWARE_DISPOSAL_REASONS, 'Disposal reason'),
    location: bulkText('Location'),
    assigned_to: bulkText('Assigned to'),
  })
  .superRefine((change, context) => {
    if (change.status === undefined && change.location === undefined && change.assigned_to === undefined) {
      context.addIssue({ code: 'custom', path: [], message: BULK_UPDATE_MESSAGES.nothingToChange });
    }
    requireDisposalReason(change, context);
  });
export type BulkUpdate = z.output<typeof bulkUpdateSchema>;
export type BulkUpdateInput = z.input<typeof bulkUpdateSchema>;

/** The fields a bulk change sets (the bulk bar offers one at a time). */
export const BULK_FIELDS = ['status', 'location', 'assigned_to'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

export const BULK_FIELD_LABELS: Record<BulkField, string> = {
  status: 'Status',
  location: 'Location',
  assigned_to: 'Assigned to',
};

const assets = (count: number) => `${count.toLocaleString('en-GB')} hardware asset${count === 1 ? '' : 's'}`;

/** The question asked before a bulk change runs (SPEC 5's confirmation style). */
export function bulkUpdateQuestion(count: number, field: BulkField, value: string | null): string {
  if (field === 'status') return `Change the status of ${assets(count)} to ${value ?? ''}?`;
  if (field === 'location') {
    return value
      ? `Change the location of ${assets(count)} to ${value}?`
      : `Clear the location of ${assets(count)}?`;
  }
  return value ? `Assign ${assets(count)} to ${value}?` : `Unassign ${assets(count)}?`;
}

/** The notice once it is done: how many changed (those already so are not counted). */
export function bulkUpdateNotice(updated: number, field: BulkField, value: string | null): string {
  if (field === 'status') return `Changed the status of ${assets(updated)} to ${value ?? ''}`;
  if (field === 'location') {
    return value ? `Moved ${assets(updated)} to ${value}` : `Cleared the location of ${assets(updated)}`;
  }
  return value ? `Assigned ${assets(updated)} to ${value}` : `Unassigned ${assets(updated)}`;
}
