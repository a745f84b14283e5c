import {
  HARDWARE_FIELDS,
  isDisposalStatus,
  type HardwareAsset,
  type HardwareAssetFormValues,
  type HardwareStatus,
} from '@shared/hardware';
import { isApiError } from '../../../api/api-client';
import { fieldErrorsOf } from '../../../components/field-errors';

/** The Add / Edit Hardware form's values: every field as the text its input holds. */
export type FieldName = keyof HardwareAssetFormValues;
export type FormValues = Record<FieldName, string>;
export type FieldErrors = Partial<Record<FieldName, string>>;

export const EMPTY_VALUES: FormValues = {
  asset_type: '',
  manufacturer: '',
  model: '',
  serial_number: '',
  asset_tag: '',
  purchase_date: '',
  warranty_expiry: '',
  status: 'Active',
  location: '',
  assigned_to: '',
  cpu: '',
  ram_gb: '',
  storage_gb: '',
  os: '',
  notes: '',
  disposal_reason: '',
  disposal_date: '',
};

export function valuesOf(asset: HardwareAsset): FormValues {
  const text = (value: string | null) => value ?? '';
  return {
    asset_type: asset.asset_type,
    manufacturer: text(asset.manufacturer),
    model: text(asset.model),
    serial_number: text(asset.serial_number),
    asset_tag: text(asset.asset_tag),
    purchase_date: text(asset.purchase_date),
    warranty_expiry: text(asset.warranty_expiry),
    status: asset.status,
    location: text(asset.location),
    assigned_to: text(asset.assigned_to),
    cpu: text(asset.cpu),
    ram_gb: String(asset.ram_gb),
    storage_gb: String(asset.storage_gb),
    os: text(asset.os),
    notes: text(asset.notes),
    disposal_reason: text(asset.disposal_reason),
    disposal_date: text(asset.disposal_date),
  };
}

/** What the schema checks: the inputs' text, with the disposal fields only for a disposal status. */
export function candidateOf(values: FormValues): Record<FieldName, string | null> {
  const disposal = isDisposalStatus(values.status as HardwareStatus);
  return {
    ...values,
    disposal_reason: disposal && values.disposal_reason ? values.disposal_reason : null,
    disposal_date: disposal ? values.disposal_date : null,
  };
}

/** The field a server error is about: a duplicate serial or tag, or a 400's per-field details. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (isApiError(error) && error.code === 'duplicate_serial_number') return { serial_number: error.message };
  if (isApiError(error) && error.code === 'duplicate_asset_tag') return { asset_tag: error.message };
  return fieldErrorsOf(error, HARDWARE_FIELDS);
}
