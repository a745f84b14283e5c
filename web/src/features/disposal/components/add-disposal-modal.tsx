import { Alert, Button, SelectField, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  DISPOSAL_ASSET_TYPES,
  DISPOSAL_ITEM_STATUSES,
  DISPOSAL_MESSAGES,
  DISPOSAL_REASONS,
  disposalItemInputSchema,
  type DisposalItem,
  type DisposalItemFormValues,
} from '@shared/disposal';
import { errorMessage } from '../../../api/api-client';
import { RequiredFieldsHint } from '../../../components/dialog-form';
import { fieldErrorsOf, issueErrorsOf } from '../../../components/field-errors';
import { useFormFields } from '../../../components/use-form-fields';
import { useCurrentUser } from '../../../api/me';
import { ModalDialog } from '../../../components/modal-dialog';
import { useAddDisposalItem } from '../api/disposal-mutations';
import { localIsoDate } from '../../../components/csv-report';
import '../disposal.css';

type FieldName = keyof DisposalItemFormValues;
/** Every field as the text its input holds. */
type FormValues = Record<FieldName, string>;

/** In the order they appear, so the first invalid one gets focus. */
const FIELDS: readonly FieldName[] = [
  'asset_type',
  'asset_name',
  'serial_number',
  'asset_tag',
  'disposal_reason',
  'disposal_date',
  'status',
  'disposal_notes',
];

function initialValues(): FormValues {
  return {
    asset_type: 'Hardware',
    asset_name: '',
    serial_number: '',
    asset_tag: '',
    disposal_reason: '',
    // Today in the viewer's calendar (SPEC 5: the date defaults to today).
    disposal_date: localIsoDate(new Date()),
    status: 'Pending',
    disposal_notes: '',
  };
}

interface AddDisposalModalProps {
  onClose: () => void;
  onAdded: (item: DisposalItem) => void;
  returnFocus?: () => HTMLElement | null;
}

/** Add Disposal Item: an item by hand, linked to no asset. */
export function AddDisposalModal({ onClose, onAdded, returnFocus }: AddDisposalModalProps) {
  const { profile } = useCurrentUser();
  const [form, formRef] = useFormFields<FieldName>(FIELDS, initialValues);
  const { values, setErrors, showErrors, fieldProps } = form;
  const [saveError, setSaveError] = useState<string | null>(null);
  const add = useAddDisposalItem();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    setSaveError(null);
    const parsed = disposalItemInputSchema.safeParse({
      ...values,
      disposal_reason: values.disposal_reason || undefined,
    });
    if (!parsed.success) {
      showErrors(issueErrorsOf(parsed.error.issues, FIELDS));
      return;
    }
    setErrors({});
    if (!profile.organization_id) {
      setSaveError(DISPOSAL_MESSAGES.organizationNotFound);
      return;
    }
    try {
      onAdded(await add.mutateAsync(parsed.data));
    } catch (error) {
      console.error(DISPOSAL_MESSAGES.addFailed, error);
      setSaveError(errorMessage(error));
      showErrors(fieldErrorsOf(error, FIELDS));
    }
  };

  return (
    <ModalDialog title="Add Disposal Item" onClose={onClose} returnFocus={returnFocus}>
      <form
        ref={formRef}
        className="dialog-form disposal-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={add.isPending}
      >
        {saveError ? (
          <Alert variation="error" heading={DISPOSAL_MESSAGES.addFailed} role="alert" marginBottom="medium">
            {saveError}
          </Alert>
        ) : null}

        <RequiredFieldsHint />

        <div className="dialog-form__grid disposal-form__grid">
          <SelectField
            label="Asset Type"
            className="is-required"
            isRequired
            data-autofocus
            {...fieldProps('asset_type')}
          >
            {DISPOSAL_ASSET_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
          <TextField
            label="Asset Name"
            className="is-required"
            isRequired
            autoComplete="off"
            maxLength={200}
            {...fieldProps('asset_name')}
          />
          <TextField
            label="Serial Number"
            autoComplete="off"
            maxLength={200}
            {...fieldProps('serial_number')}
          />
          <TextField label="Asset Tag" autoComplete="off" maxLength={200} {...fieldProps('asset_tag')} />
          <SelectField
            label="Disposal Reason"
            className="is-required"
            isRequired
            placeholder="Select a reason"
            {...fieldProps('disposal_reason')}
          >
            {DISPOSAL_REASONS.map((reason) => (
              <option key={reason} value={reason}>
                {reason}
              </option>
            ))}
          </SelectField>
          <TextField label="Disposal Date" type="date" {...fieldProps('disposal_date')} />
          <SelectField label="Status" className="is-required" isRequired {...fieldProps('status')}>
            {DISPOSAL_ITEM_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField label="Notes" rows={3} maxLength={2000} {...fieldProps('disposal_notes')} />

        <div className="dialog-form__actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variation="primary" isLoading={add.isPending} loadingText="Adding…">
            Add Item
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
