import * as z from 'zod';
import { NOT_TEXT, textOrEmpty } from './schema-helpers';
import { choice, listQuerySchema, pageSchema, PAGE_SIZE_MAX } from './list';
import {
  isoDate,
  optionalDateSchema,
  ulidSchema,
  type HardwareAsset,
  type HardwareDisposalReason,
} from './hardware';

/**
 * Asset disposal: the product's words (SPEC.md sections 2 to 5, 8 and 9), the schemas shared by
 * the Add Disposal Item form and the API, and the rules that keep a hardware asset and its
 * disposal item in step (docs/disposal-sync.md tells the whole story).
 */
export const DISPOSAL_ASSET_TYPES = ['Hardware', 'Software', 'Other'] as const;
export type DisposalAssetType = (typeof DISPOSAL_ASSET_TYPES)[number];

export const DISPOSAL_REASONS = [
  'End of Life',
  'Damaged',
  'Obsolete',
  'Lost/Stolen',
  'Upgrade',
  'Other',
] as const;
export type DisposalReason = (typeof DISPOSAL_REASONS)[number];

export const DISPOSAL_ITEM_STATUSES = ['Pending', 'Completed'] as const;
export type DisposalItemStatus = (typeof DISPOSAL_ITEM_STATUSES)[number];

/**
 * Rows per page, and the most disposal items deleted at once: a linked item's deletion is four
 * items of one DynamoDB transaction (the item, its audit entry, the asset, the asset's audit entry)
 * and a transaction holds 100, so a page's select-all always fits.
 */
export const DISPOSAL_PAGE_SIZE = 24;
/** The longest page the list gives, for reading the whole list (the CSV export). */
export const DISPOSAL_PAGE_SIZE_MAX = PAGE_SIZE_MAX;
export const DISPOSAL_DELETE_MAX = 24;

export const DISPOSAL_MESSAGES = {
  searchPlaceholder: 'search by asset name, serial number, tag, or reason',
  emptyList: 'No assets marked for disposal yet.',
  emptySearch: 'No disposal items match your search.',
  noAssetLinked: 'No asset linked',
  assetNameRequired: 'Asset name is required',
  reasonRequired: 'Disposal reason is required',
  organizationNotFound: 'Organization ID not found',
  addFailed: 'Failed to add disposal item',
  completeConfirm: 'Mark this disposal as completed?',
  completeFailed: 'Failed to mark disposal as complete',
  revertConfirm: 'Revert this disposal to Pending? The linked asset status will sync automatically.',
  revertFailed: 'Failed to revert disposal status',
  deleteFailed: 'Failed to delete disposal items',
  exportFailed: 'Failed to export CSV',
  assetLoadFailed: 'Failed to load asset details',
  noAssociatedAsset: 'This disposal item does not have an associated asset.',
  notFound: 'Disposal item not found',
  alreadyCompleted: 'This disposal item is already completed. Reload the list to see its current state.',
  alreadyPending: 'This disposal item is already pending. Reload the list to see its current state.',
  changedMeanwhile:
    'Some of these disposal items were changed by someone else at the same time. Reload the list and try again.',
} as const;

/** 'Delete 3 disposal items? Associated assets will be reset to Active status.' */
export function disposalDeleteConfirm(count: number): string {
  return `Delete ${count} disposal item${count === 1 ? '' : 's'}? Associated assets will be reset to Active status.`;
}

/**
 * Hardware disposal reasons and disposal item reasons differ (SPEC 9). A linked disposal item takes
 * the reason here; where it becomes Other, its notes keep the asset's own reason.
 */
export const HARDWARE_TO_DISPOSAL_REASON: Record<HardwareDisposalReason, DisposalReason> = {
  'End of Life': 'End of Life',
  'Broken/Defective': 'Damaged',
  Sold: 'Other',
  Donated: 'Other',
  Recycled: 'Other',
  'Lost/Stolen': 'Lost/Stolen',
  Obsolete: 'Obsolete',
};

/** The fields a linked disposal item copies from its hardware asset. */
export interface LinkedDisposalFields {
  asset_type: DisposalAssetType;
  asset_name: string;
  serial_number: string;
  asset_tag: string;
  disposal_reason: DisposalReason;
  disposal_date: string;
  disposal_notes: string;
}

/** What a hardware asset in Disposal Pending or Disposed puts on its disposal item. */
export function linkedDisposalFields(
  asset: Pick<
    HardwareAsset,
    | 'asset_type'
    | 'manufacturer'
    | 'model'
    | 'serial_number'
    | 'asset_tag'
    | 'disposal_reason'
    | 'disposal_date'
  >,
  now: Date,
): LinkedDisposalFields {
  const hardwareReason = asset.disposal_reason ?? 'End of Life';
  const reason = HARDWARE_TO_DISPOSAL_REASON[hardwareReason];
  return {
    asset_type: 'Hardware',
    asset_name: [asset.manufacturer, asset.model].filter(Boolean).join(' ') || asset.asset_type,
    serial_number: asset.serial_number ?? '',
    asset_tag: asset.asset_tag ?? '',
    disposal_reason: reason,
    disposal_date: asset.disposal_date ?? isoDate(now),
    disposal_notes: reason === 'Other' ? `Hardware disposal reason: ${hardwareReason}` : '',
  };
}

/** A linked item is Pending while its asset is Disposal Pending, Completed while it is Disposed. */
export function disposalStatusOfHardware(status: HardwareAsset['status']): DisposalItemStatus | null {
  if (status === 'Disposal Pending') return 'Pending';
  if (status === 'Disposed') return 'Completed';
  return null;
}

const TEXT_MAX = 200;
const NOTES_MAX = 2000;

/** Optional text: trimmed, and empty is stored as empty text (SPEC 5). */
const optionalText = (max: number) => textOrEmpty(max, { error: NOT_TEXT });

export const disposalItemInputSchema = z.strictObject({
  asset_type: choice(DISPOSAL_ASSET_TYPES, 'Asset type').default('Hardware'),
  asset_name: z
    .string({ error: DISPOSAL_MESSAGES.assetNameRequired })
    .trim()
    .min(1, { error: DISPOSAL_MESSAGES.assetNameRequired })
    .max(TEXT_MAX, { error: `Asset name must be at most ${TEXT_MAX} characters` }),
  serial_number: optionalText(TEXT_MAX),
  asset_tag: optionalText(TEXT_MAX),
  disposal_reason: z.enum(DISPOSAL_REASONS, { error: DISPOSAL_MESSAGES.reasonRequired }),
  /** Today when left out. */
  disposal_date: optionalDateSchema,
  disposal_notes: optionalText(NOTES_MAX),
  status: choice(DISPOSAL_ITEM_STATUSES, 'Status').default('Pending'),
});
/** What the Add Disposal Item form holds and the API receives. */
export type DisposalItemFormValues = z.input<typeof disposalItemInputSchema>;
export type DisposalItemInput = z.output<typeof disposalItemInputSchema>;

export const disposalItemSchema = z.object({
  id: z.string(),
  /** The linked hardware asset; null for an item added by hand or whose asset was deleted. */
  asset_id: z.string().nullable(),
  asset_type: z.enum(DISPOSAL_ASSET_TYPES),
  asset_name: z.string(),
  serial_number: z.string(),
  asset_tag: z.string(),
  disposal_reason: z.enum(DISPOSAL_REASONS),
  disposal_date: z.string(),
  disposal_notes: z.string(),
  organization_id: z.string(),
  /** The email of the person who added it. */
  created_by: z.string(),
  status: z.enum(DISPOSAL_ITEM_STATUSES),
  completed_at: z.string().nullable(),
  /** The email of the person who completed it. */
  completed_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type DisposalItem = z.infer<typeof disposalItemSchema>;

export const disposalListResponseSchema = pageSchema(disposalItemSchema);
export type DisposalListResponse = z.infer<typeof disposalListResponseSchema>;

/** The search covers asset name, serial number, asset tag and disposal reason. */
export const disposalListQuerySchema = listQuerySchema(DISPOSAL_ITEM_STATUSES, DISPOSAL_PAGE_SIZE);
export type DisposalListQuery = z.output<typeof disposalListQuerySchema>;

export const disposalStatsQuerySchema = z.strictObject({
  /** The viewer's current month, YYYY-MM: "This Month" is in their calendar, not the server's. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month must be YYYY-MM' })
    .optional(),
});
export type DisposalStatsQuery = z.output<typeof disposalStatsQuerySchema>;

export const disposalStatsSchema = z.object({
  pending: z.number().int().nonnegative(),
  completed: z.number().int().nonnegative(),
  /** Items whose disposal date is in the month asked for. */
  this_month: z.number().int().nonnegative(),
});
export type DisposalStats = z.infer<typeof disposalStatsSchema>;

export const disposalIdParamsSchema = z.object({ id: ulidSchema });

export const disposalDeleteSchema = z.strictObject({
  ids: z
    .array(ulidSchema)
    .min(1, { error: 'Select at least one disposal item' })
    .max(DISPOSAL_DELETE_MAX, { error: `Select at most ${DISPOSAL_DELETE_MAX} disposal items at a time` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'Each disposal item may be listed once' }),
});
export type DisposalDelete = z.output<typeof disposalDeleteSchema>;

export const disposalDeleteResponseSchema = z.object({ deleted: z.number().int().nonnegative() });
export type DisposalDeleteResponse = z.infer<typeof disposalDeleteResponseSchema>;

/** The fields of a disposal item its audit entries record. */
export const DISPOSAL_FIELDS = [
  'asset_id',
  'asset_type',
  'asset_name',
  'serial_number',
  'asset_tag',
  'disposal_reason',
  'disposal_date',
  'disposal_notes',
  'status',
  'completed_at',
  'completed_by',
] as const satisfies readonly (keyof DisposalItem)[];

export interface DisposalSyncContext {
  organizationId: string;
  /** The email of the person making the change. */
  actor: string;
  now: Date;
  /** The id of a new disposal item. */
  newId: () => string;
}

/**
 * The one rule that keeps a hardware asset and its disposal item in step, applied to every change
 * of an asset (docs in README, "Disposal list"): given the asset after its change (null when it is
 * deleted) and the item it was linked to, the item as it must be after the change (null: none).
 *
 * - Disposal Pending or Disposed: the item exists, Pending or Completed, with the asset's name,
 *   serial, tag, reason (mapped) and date copied. Becoming Completed records who and when;
 *   becoming Pending clears both.
 * - Any other status: the item is removed from the list.
 * - Deleted asset: the item stays on the list as a record, no longer linked.
 *
 * The disposal list's own actions go through the asset: completing a linked item sets its asset to
 * Disposed, reverting sets it to Disposal Pending, deleting sets it to Active, and this rule then
 * moves the item.
 */
export function syncedDisposalItem(
  asset: HardwareAsset | null,
  linked: DisposalItem | null,
  context: DisposalSyncContext,
): DisposalItem | null {
  if (!asset) return linked ? { ...linked, asset_id: null } : null;
  const status = disposalStatusOfHardware(asset.status);
  if (!status) return null;
  const timestamp = context.now.toISOString();
  const completion =
    status === 'Pending'
      ? { completed_at: null, completed_by: null }
      : linked?.status === 'Completed'
        ? { completed_at: linked.completed_at, completed_by: linked.completed_by }
        : { completed_at: timestamp, completed_by: context.actor };
  return {
    ...(linked ?? {
      id: context.newId(),
      organization_id: context.organizationId,
      created_by: context.actor,
      created_at: timestamp,
      updated_at: timestamp,
      version: 1,
    }),
    ...linkedDisposalFields(asset, context.now),
    asset_id: asset.id,
    status,
    ...completion,
  };
}
