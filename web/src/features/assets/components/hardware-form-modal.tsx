import {
  Alert,
  Button,
  Flex,
  Loader,
  SelectField,
  Text,
  TextAreaField,
  TextField,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_DISPOSAL_REASONS,
  HARDWARE_FIELDS,
  HARDWARE_MESSAGES,
  HARDWARE_STATUSES,
  hardwareAssetInputSchema,
  isDisposalStatus,
  withDisposalDate,
  type HardwareAsset,
  type HardwareAssetFormValues,
  type HardwareStatus,
} from '@shared/hardware';
import { errorMessage, isApiError } from '../../../api/api-client';
import { ModalDialog } from '../../../components/modal-dialog';
import { useHardwareAsset } from '../api/get-hardware';
import { useSaveHardware } from '../api/save-hardware';
import '../../../components/dialog-form.css';

type FieldName = keyof HardwareAssetFormValues;
/** Every field as the text its input holds. */
type FormValues = Record<FieldName, string>;
type FieldErrors = Partial<Record<FieldName, string>>;

const EMPTY_VALUES: FormValues = {
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

function valuesOf(asset: HardwareAsset): FormValues {
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
function candidateOf(values: FormValues): Record<FieldName, string | null> {
  const disposal = isDisposalStatus(values.status as HardwareStatus);
  return {
    ...values,
    disposal_reason: disposal && values.disposal_reason ? values.disposal_reason : null,
    disposal_date: disposal ? values.disposal_date : null,
  };
}

function isFieldName(value: unknown): value is FieldName {
  return typeof value === 'string' && (HARDWARE_FIELDS as readonly string[]).includes(value);
}

/** The field a server error is about: a duplicate serial or tag, or a 400's per-field details. */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  if (error.code === 'duplicate_serial_number') return { serial_number: error.message };
  if (error.code === 'duplicate_asset_tag') return { asset_tag: error.message };
  const errors: FieldErrors = {};
  if (error.status === 400 && Array.isArray(error.details)) {
    for (const detail of error.details as unknown[]) {
      if (typeof detail !== 'object' || detail === null) continue;
      const { path, message } = detail as { path?: unknown; message?: unknown };
      const field = typeof path === 'string' ? path.split('.')[0] : undefined;
      if (isFieldName(field) && typeof message === 'string' && !errors[field]) errors[field] = message;
    }
  }
  return errors;
}

type Mode = { kind: 'add' } | { kind: 'edit'; id: string };

interface HardwareFormModalProps {
  mode: Mode;
  onClose: () => void;
  onSaved: (asset: HardwareAsset, kind: Mode['kind']) => void;
  returnFocus?: () => HTMLElement | null;
}

/** Add Hardware / Edit Hardware. Edit loads the asset first, so the form carries its current version. */
export function HardwareFormModal({ mode, onClose, onSaved, returnFocus }: HardwareFormModalProps) {
  const title = mode.kind === 'add' ? 'Add Hardware' : 'Edit Hardware';
  return (
    <ModalDialog title={title} onClose={onClose} size="large" returnFocus={returnFocus}>
      {mode.kind === 'add' ? (
        <HardwareForm asset={null} onCancel={onClose} onSaved={(asset) => onSaved(asset, 'add')} />
      ) : (
        <EditLoader id={mode.id} onCancel={onClose} onSaved={(asset) => onSaved(asset, 'edit')} />
      )}
    </ModalDialog>
  );
}

function EditLoader({
  id,
  onCancel,
  onSaved,
}: {
  id: string;
  onCancel: () => void;
  onSaved: (asset: HardwareAsset) => void;
}) {
  const asset = useHardwareAsset(id);
  if (asset.isPending) {
    return (
      <Flex role="status" alignItems="center" gap="small" padding="large" justifyContent="center">
        <Loader aria-hidden="true" />
        <Text>Loading hardware asset…</Text>
      </Flex>
    );
  }
  if (asset.isError) {
    return (
      <>
        <Alert variation="error" heading="Could not load the hardware asset" role="alert">
          {errorMessage(asset.error)}
        </Alert>
        <Flex justifyContent="flex-end" gap="small" marginTop="medium">
          <Button onClick={onCancel}>Cancel</Button>
          <Button variation="primary" onClick={() => void asset.refetch()}>
            Try again
          </Button>
        </Flex>
      </>
    );
  }
  return <HardwareForm asset={asset.data} onCancel={onCancel} onSaved={onSaved} reload={asset.refetch} />;
}

interface HardwareFormProps {
  /** The asset being edited, as loaded; null to add one. */
  asset: HardwareAsset | null;
  onCancel: () => void;
  onSaved: (asset: HardwareAsset) => void;
  /** Fetches the asset again (Edit only), for the Reload after a conflicting change. */
  reload?: () => Promise<{ data?: HardwareAsset | undefined; isError: boolean; error: unknown }>;
}

function HardwareForm({ asset, onCancel, onSaved, reload }: HardwareFormProps) {
  const [base, setBase] = useState(asset);
  const [values, setValues] = useState<FormValues>(() => (asset ? valuesOf(asset) : EMPTY_VALUES));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const reloadButtonRef = useRef<HTMLButtonElement>(null);
  const staleHintId = useId();
  const save = useSaveHardware();

  const disposal = isDisposalStatus(values.status as HardwareStatus);
  // A disposal status and the disposal list go together (README, "Disposal list"): say so before saving.
  const disposalListHint =
    disposal === Boolean(base?.disposal_item_id)
      ? undefined
      : disposal
        ? 'Saving puts this asset on the disposal list.'
        : 'Saving takes this asset off the disposal list.';

  // Edit renders the form after the dialog opened: move focus into it then.
  useEffect(() => {
    const form = formRef.current;
    const dialog = form?.closest('dialog');
    if (!form || !dialog?.open || form.contains(document.activeElement)) return;
    form.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);

  const focusField = (name: FieldName) => {
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  };

  const showFieldErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = HARDWARE_FIELDS.find((name) => next[name]);
    if (first) focusField(first);
  };

  const setField = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const setStatus = (status: string) => {
    setValues((current) => {
      const filled = withDisposalDate(
        { status: status as HardwareStatus, disposal_date: current.disposal_date || null },
        new Date(),
      );
      return { ...current, status, disposal_date: filled.disposal_date ?? '' };
    });
    if (errors.status) setErrors((current) => ({ ...current, status: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || stale) return;
    setSaveError(null);
    const parsed = hardwareAssetInputSchema.safeParse(candidateOf(values));
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isFieldName(field) && !next[field]) next[field] = issue.message;
      }
      showFieldErrors(next);
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync(
        base
          ? { kind: 'update', id: base.id, version: base.version, input: parsed.data }
          : { kind: 'create', input: parsed.data },
      );
      onSaved(saved);
    } catch (error) {
      if (isApiError(error) && error.code === 'stale_version') {
        setStale(true);
        // The conflict notice renders with its Reload button; take the keyboard user there.
        requestAnimationFrame(() => reloadButtonRef.current?.focus());
        return;
      }
      console.error('Failed to save hardware asset', error);
      setSaveError(errorMessage(error));
      showFieldErrors(serverFieldErrors(error));
    }
  };

  const onReload = async () => {
    if (!reload) return;
    setReloading(true);
    setReloadError(null);
    const result = await reload();
    setReloading(false);
    if (result.isError || !result.data) {
      setReloadError(errorMessage(result.error, 'Could not load the hardware asset'));
      return;
    }
    setBase(result.data);
    setValues(valuesOf(result.data));
    setErrors({});
    setSaveError(null);
    setStale(false);
    focusField('asset_type');
  };

  const fieldProps = (name: FieldName) => ({
    name,
    value: values[name],
    hasError: Boolean(errors[name]),
    errorMessage: errors[name],
    onChange: (event: { target: { value: string } }) => setField(name, event.target.value),
  });

  return (
    <form
      ref={formRef}
      className="dialog-form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={save.isPending}
    >
      {stale ? (
        <Alert
          variation="warning"
          heading="Someone else changed this asset"
          role="alert"
          marginBottom="medium"
        >
          <Text as="span">{HARDWARE_MESSAGES.staleVersion}</Text>{' '}
          <Text as="span">Reload to see the current details; your changes here will be discarded.</Text>
          <Flex marginTop="small" alignItems="center" gap="small">
            <Button
              ref={reloadButtonRef}
              size="small"
              onClick={() => void onReload()}
              isLoading={reloading}
              loadingText="Reloading…"
            >
              Reload
            </Button>
            {reloadError ? <Text color="font.error">{reloadError}</Text> : null}
          </Flex>
        </Alert>
      ) : null}
      {saveError ? (
        <Alert variation="error" heading={HARDWARE_MESSAGES.saveFailed} role="alert" marginBottom="medium">
          {saveError}
        </Alert>
      ) : null}

      <Text className="dialog-form__hint" fontSize="small" color="font.secondary">
        Fields marked <span aria-hidden="true">*</span>
        <VisuallyHidden>with an asterisk</VisuallyHidden> are required.
      </Text>

      <FormSection legend="Asset">
        <SelectField
          label="Asset Type"
          className="is-required"
          isRequired
          data-autofocus
          placeholder="Choose a type"
          {...fieldProps('asset_type')}
        >
          {HARDWARE_ASSET_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
        <TextField label="Manufacturer" autoComplete="off" {...fieldProps('manufacturer')} />
        <TextField label="Model" autoComplete="off" {...fieldProps('model')} />
        <TextField label="Serial Number" autoComplete="off" {...fieldProps('serial_number')} />
        <TextField label="Asset Tag" autoComplete="off" {...fieldProps('asset_tag')} />
      </FormSection>

      <FormSection legend="Lifecycle">
        <TextField label="Purchase Date" type="date" {...fieldProps('purchase_date')} />
        <TextField label="Warranty Expiry" type="date" {...fieldProps('warranty_expiry')} />
        <SelectField
          label="Status"
          className="is-required"
          isRequired
          {...fieldProps('status')}
          onChange={(event) => setStatus(event.target.value)}
        >
          {HARDWARE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </SelectField>
        {disposal ? (
          <>
            <SelectField
              label="Disposal Reason"
              className="is-required"
              isRequired
              placeholder="Choose a reason"
              {...fieldProps('disposal_reason')}
            >
              {HARDWARE_DISPOSAL_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {reason}
                </option>
              ))}
            </SelectField>
            <TextField label="Disposal Date" type="date" {...fieldProps('disposal_date')} />
          </>
        ) : null}
        {disposalListHint ? (
          <Text className="dialog-form__note" fontSize="small" color="font.secondary" role="note">
            {disposalListHint}
          </Text>
        ) : null}
      </FormSection>

      <FormSection legend="Assignment">
        <TextField label="Location" {...fieldProps('location')} />
        <TextField label="Assigned To" autoComplete="off" {...fieldProps('assigned_to')} />
      </FormSection>

      <FormSection legend="Specification">
        <TextField label="CPU" autoComplete="off" {...fieldProps('cpu')} />
        <TextField
          label="RAM (GB)"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...fieldProps('ram_gb')}
        />
        <TextField
          label="Storage (GB)"
          type="number"
          min={0}
          step="any"
          inputMode="decimal"
          {...fieldProps('storage_gb')}
        />
        <TextField label="Operating System" autoComplete="off" {...fieldProps('os')} />
      </FormSection>

      <TextAreaField label="Notes" rows={3} {...fieldProps('notes')} />

      <div className="dialog-form__actions">
        {stale ? (
          <Text fontSize="small" color="font.secondary" id={staleHintId}>
            Reload the asset before saving again.
          </Text>
        ) : null}
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          type="submit"
          variation="primary"
          isLoading={save.isPending}
          loadingText="Saving…"
          isDisabled={stale}
          aria-describedby={stale ? staleHintId : undefined}
        >
          Save
        </Button>
      </div>
    </form>
  );
}

function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="dialog-form__section">
      <legend className="dialog-form__legend">{legend}</legend>
      <div className="dialog-form__grid">{children}</div>
    </fieldset>
  );
}
