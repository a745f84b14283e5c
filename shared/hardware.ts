import * as z from 'zod';
import { NOT_TEXT, textOrNull } from './schema-helpers';
import { choice, optionalChoice, pageSchema } from './list';

/**
 * Hardware assets: the product's words (SPEC.md sections 3, 4, 5 and 9) and the one zod schema
 * that validates both the Add/Edit form and the API.
 */
export const HARDWARE_ASSET_TYPES = [
  'Desktop',
  'Laptop',
  'Server',
  'Tablet',
  'Phone',
  'Monitor',
  'Printer',
  'Network Device',
  'Other',
] as const;
export type HardwareAssetType = (typeof HARDWARE_ASSET_TYPES)[number];

export const HARDWARE_STATUSES = [
  'Active',
  'Retired',
  'In Repair',
  'In Storage',
  'Disposal Pending',
  'Disposed',
] as const;
export type HardwareStatus = (typeof HARDWARE_STATUSES)[number];

export const HARDWARE_DISPOSAL_REASONS = [
  'End of Life',
  'Broken/Defective',
  'Sold',
  'Donated',
  'Recycled',
  'Lost/Stolen',
  'Obsolete',
] as const;
export type HardwareDisposalReason = (typeof HARDWARE_DISPOSAL_REASONS)[number];

/** Statuses that reveal the disposal fields and require a disposal reason. */
export const DISPOSAL_STATUSES: readonly HardwareStatus[] = ['Disposal Pending', 'Disposed'];

export function isDisposalStatus(status: HardwareStatus): boolean {
  return DISPOSAL_STATUSES.includes(status);
}

/**
 * A bulk change, its audit entries and the counter move are one DynamoDB transaction (100 items):
 * up to four items per asset (the asset and its audit entry, and when it moves onto, along or off
 * the disposal list its disposal item and that item's audit entry) plus the counter.
 */
export const BULK_STATUS_MAX_ASSETS = 24;
/** A page's select-all always fits one bulk change. */
export const HARDWARE_PAGE_SIZE = BULK_STATUS_MAX_ASSETS;
/** Warranties shown on the dashboard: those ending within this many days. */
export const WARRANTY_WINDOW_DAYS = 90;

export const HARDWARE_MESSAGES = {
  saveFailed: 'Failed to save hardware asset',
  deleteConfirm: 'Are you sure you want to delete this hardware asset?',
  deleteFailed: 'Failed to delete hardware asset',
  notFound: 'Hardware asset not found',
  staleVersion: 'This hardware asset was changed by someone else since you opened it.',
  disposalReasonRequired: 'Disposal reason is required when status is Disposal Pending or Disposed',
} as const;

const TEXT_MAX = 200;
const NOTES_MAX = 2000;
const NUMBER_MAX = 1_000_000;

/** Optional text: trimmed, and empty means "not set" (null). */
const optionalText = (max: number) => textOrNull(max, { error: NOT_TEXT });

function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** A date as YYYY-MM-DD; empty is saved as null. */
export const optionalDateSchema = z
  .string({ error: 'Must be a date as YYYY-MM-DD' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || (/^\d{4}-\d{2}-\d{2}$/.test(value) && isCalendarDate(value)), {
    error: 'Must be a date as YYYY-MM-DD',
  });

function numberOrZero(value: unknown): number {
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value.trim())
        : NaN;
  return Number.isFinite(number) ? number : 0;
}

/** RAM and storage in GB: at least 0; anything that is not a number becomes 0 (SPEC 5). */
function gigabytes(label: string) {
  return z.preprocess(
    numberOrZero,
    z
      .number()
      .min(0, { error: `${label} must be 0 or more` })
      .max(NUMBER_MAX, { error: `${label} must be at most ${NUMBER_MAX}` }),
  );
}

/** The fields of a hardware asset as the form and the API take them. */
const hardwareAssetFields = {
  asset_type: choice(HARDWARE_ASSET_TYPES, 'Asset type'),
  manufacturer: optionalText(TEXT_MAX),
  model: optionalText(TEXT_MAX),
  serial_number: optionalText(TEXT_MAX),
  asset_tag: optionalText(TEXT_MAX),
  purchase_date: optionalDateSchema,
  warranty_expiry: optionalDateSchema,
  status: choice(HARDWARE_STATUSES, 'Status'),
  location: optionalText(TEXT_MAX),
  assigned_to: optionalText(TEXT_MAX),
  cpu: optionalText(TEXT_MAX),
  ram_gb: gigabytes('RAM'),
  storage_gb: gigabytes('Storage'),
  /** Operating system, kept as text (the CSV import's os column). */
  os: optionalText(TEXT_MAX),
  notes: optionalText(NOTES_MAX),
  disposal_reason: optionalChoice(HARDWARE_DISPOSAL_REASONS, 'Disposal reason')
    .nullable()
    .transform((v) => v ?? null),
  disposal_date: optionalDateSchema,
};

/** Disposal Pending and Disposed need a reason (SPEC 5): the form's, a bulk change's. */
export function requireDisposalReason(
  asset: { status?: HardwareStatus | undefined; disposal_reason?: HardwareDisposalReason | null | undefined },
  context: z.RefinementCtx,
) {
  if (asset.status && isDisposalStatus(asset.status) && !asset.disposal_reason) {
    context.addIssue({
      code: 'custom',
      path: ['disposal_reason'],
      message: HARDWARE_MESSAGES.disposalReasonRequired,
    });
  }
}

/** Strict: a field the API does not know is refused by name, not dropped with what it held. */
export const hardwareAssetInputSchema = z
  .strictObject(hardwareAssetFields)
  .superRefine(requireDisposalReason);
/** The fields a person edits, in the Add/Edit form's order. */
export const HARDWARE_FIELDS = [
  'asset_type',
  'manufacturer',
  'model',
  'serial_number',
  'asset_tag',
  'purchase_date',
  'warranty_expiry',
  'status',
  'disposal_reason',
  'disposal_date',
  'location',
  'assigned_to',
  'cpu',
  'ram_gb',
  'storage_gb',
  'os',
  'notes',
] as const satisfies readonly (keyof HardwareAssetInput)[];

/** What the form holds and the API receives. */
export type HardwareAssetFormValues = z.input<typeof hardwareAssetInputSchema>;
/** What the API stores after validation. */
export type HardwareAssetInput = z.output<typeof hardwareAssetInputSchema>;

/** An edit carries the version it was based on; a stale one is refused with 409. */
export const hardwareAssetUpdateSchema = z
  .strictObject({
    ...hardwareAssetFields,
    version: z.number({ error: 'version is required' }).int().positive(),
  })
  .superRefine(requireDisposalReason);
export type HardwareAssetUpdate = z.output<typeof hardwareAssetUpdateSchema>;

/** Today as YYYY-MM-DD (UTC): the disposal date filled in when a disposal status is chosen. */
export function isoDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Choosing Disposal Pending or Disposed fills disposal_date with today when it is empty (SPEC 4).
 * The form applies it as the status changes; the API applies it again so direct calls agree.
 */
export function withDisposalDate<T extends { status: HardwareStatus; disposal_date: string | null }>(
  asset: T,
  now: Date,
): T {
  return isDisposalStatus(asset.status) && !asset.disposal_date
    ? { ...asset, disposal_date: isoDate(now) }
    : asset;
}

export const hardwareAssetSchema = z.object({
  id: z.string(),
  asset_type: z.enum(HARDWARE_ASSET_TYPES),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  serial_number: z.string().nullable(),
  asset_tag: z.string().nullable(),
  purchase_date: z.string().nullable(),
  warranty_expiry: z.string().nullable(),
  status: z.enum(HARDWARE_STATUSES),
  location: z.string().nullable(),
  assigned_to: z.string().nullable(),
  cpu: z.string().nullable(),
  ram_gb: z.number(),
  storage_gb: z.number(),
  os: z.string().nullable(),
  notes: z.string().nullable(),
  disposal_reason: z.enum(HARDWARE_DISPOSAL_REASONS).nullable(),
  disposal_date: z.string().nullable(),
  /** Its item on the disposal list, kept while the status is Disposal Pending or Disposed. */
  disposal_item_id: z.string().nullable(),
  /** The monitored machine this asset is (issue 27: one record per device); null when not monitored. */
  machine_id: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number().int(),
});
export type HardwareAsset = z.infer<typeof hardwareAssetSchema>;

type Named = Pick<HardwareAsset, 'asset_type' | 'manufacturer' | 'model' | 'asset_tag' | 'serial_number'>;

/**
 * How an asset is named on screen, in accessible names, in the list's Asset order and on a monitored
 * machine's card: "Dell Latitude 5440", or its type and tag (or serial) when it has no make or model.
 */
export function hardwareAssetName(asset: Named): string {
  const name = [asset.manufacturer, asset.model].filter(Boolean).join(' ');
  if (name) return name;
  return [asset.asset_type, asset.asset_tag ?? asset.serial_number].filter(Boolean).join(' ');
}

export const hardwareListResponseSchema = pageSchema(hardwareAssetSchema).extend({
  /**
   * How many assets match: exactly when `total_exact`, else at least this many (a search that
   * stopped at its bounded read before the end of the list; README, Hardware inventory).
   */
  total: z.number().int().nonnegative(),
  total_exact: z.boolean(),
});
export type HardwareListResponse = z.infer<typeof hardwareListResponseSchema>;

export const ulidSchema = z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/i, { error: 'Invalid id' });

export const hardwareIdParamsSchema = z.object({ id: ulidSchema });

/** The assets a bulk change takes: at most one transaction's worth, each once. */
export const bulkIdsSchema = z
  .array(ulidSchema)
  .min(1, { error: 'Select at least one hardware asset' })
  .max(BULK_STATUS_MAX_ASSETS, {
    error: `Select at most ${BULK_STATUS_MAX_ASSETS} hardware assets at a time`,
  })
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Each hardware asset may be listed once' });

export const bulkStatusSchema = z
  .strictObject({
    ids: bulkIdsSchema,
    status: choice(HARDWARE_STATUSES, 'Status'),
    disposal_reason: optionalChoice(HARDWARE_DISPOSAL_REASONS, 'Disposal reason'),
  })
  .superRefine(requireDisposalReason);
export type BulkStatusChange = z.output<typeof bulkStatusSchema>;

export const bulkStatusResponseSchema = z.object({ updated: z.number().int().nonnegative() });
export type BulkStatusResponse = z.infer<typeof bulkStatusResponseSchema>;
