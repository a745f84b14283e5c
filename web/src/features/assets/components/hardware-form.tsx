import { Alert, Button, Flex, SelectField, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
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
  type HardwareStatus,
} from '@shared/hardware';
import { errorMessage, isApiError } from '../../../api/api-client';
import { FormSection, RequiredFieldsHint } from '../../../components/dialog-form';
import { issueErrorsOf } from '../../../components/field-errors';
import { useFormFields } from '../../../components/use-form-fields';
import { useSaveHardware } from '../api/save-hardware';
import {
  candidateOf,
  EMPTY_VALUES,
  serverFieldErrors,
  valuesOf,
  type FieldName,
} from './hardware-form-values';

interface HardwareFormProps {
  /** The asset being edited, as loaded; null to add one. */
  asset: HardwareAsset | null;
  onCancel: () => void;
  onSaved: (asset: HardwareAsset) => void;
  /** Fetches the asset again (Edit only), for the Reload after a conflicting change. */
  reload?: () => Promise<{ data?: HardwareAsset | undefined; isError: boolean; error: unknown }>;
}

/** The asset's fields in sections; Save checks them, then adds or updates (with the version it was loaded at). */
export function HardwareForm({ asset, onCancel, onSaved, reload }: HardwareFormProps) {
  const [base, setBase] = useState(asset);
  const [form, formRef] = useFormFields<FieldName>(HARDWARE_FIELDS, () =>
    asset ? valuesOf(asset) : EMPTY_VALUES,
  );
  const { values, setValues, setErrors, showErrors, clearError, focusField, fieldProps } = form;
  const [saveError, setSaveError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [reloadError, setReloadError] = useState<string | null>(null);
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
  }, [formRef]);

  const setStatus = (status: string) => {
    setValues((current) => {
      const filled = withDisposalDate(
        { status: status as HardwareStatus, disposal_date: current.disposal_date || null },
        new Date(),
      );
      return { ...current, status, disposal_date: filled.disposal_date ?? '' };
    });
    clearError('status');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || stale) return;
    setSaveError(null);
    const parsed = hardwareAssetInputSchema.safeParse(candidateOf(values));
    if (!parsed.success) {
      showErrors(issueErrorsOf(parsed.error.issues, HARDWARE_FIELDS));
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
      showErrors(serverFieldErrors(error));
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

      <RequiredFieldsHint />

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
