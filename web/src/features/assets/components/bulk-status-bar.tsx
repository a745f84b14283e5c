import { Alert, Button, SelectField, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import {
  BULK_STATUS_MAX_ASSETS,
  HARDWARE_DISPOSAL_REASONS,
  HARDWARE_STATUSES,
  bulkStatusSchema,
  isDisposalStatus,
  type HardwareStatus,
} from '../../../../../shared/hardware';
import { errorMessage } from '../../../api/api-client';
import { useBulkStatus } from '../api/bulk-status';
import { plural } from './hardware-format';

interface BulkStatusBarProps {
  selectedIds: readonly string[];
  onDone: (updated: number) => void;
  onClearSelection: () => void;
}

type BulkField = 'status' | 'disposal_reason';

/** Shown while rows are selected: one status (and disposal reason) for all of them. */
export function BulkStatusBar({ selectedIds, onDone, onClearSelection }: BulkStatusBarProps) {
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Partial<Record<BulkField, string>>>({});
  const bulk = useBulkStatus();
  const limitId = useId();
  const problemId = useId();
  const problem = errors.status ?? errors.disposal_reason;
  const count = selectedIds.length;
  const tooMany = count > BULK_STATUS_MAX_ASSETS;
  const disposal = status !== '' && isDisposalStatus(status as HardwareStatus);

  const apply = async () => {
    bulk.reset();
    const parsed = bulkStatusSchema.safeParse({
      ids: selectedIds,
      status: status || undefined,
      ...(disposal ? { disposal_reason: reason || undefined } : {}),
    });
    if (!parsed.success) {
      const next: Partial<Record<BulkField, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'status' || field === 'disposal_reason') && !next[field]) {
          next[field] = field === 'status' && !status ? 'Choose the new status' : issue.message;
        }
      }
      setErrors(next);
      document.getElementById(next.status ? 'bulk-status' : 'bulk-disposal-reason')?.focus();
      return;
    }
    setErrors({});
    try {
      const result = await bulk.mutateAsync(parsed.data);
      setStatus('');
      setReason('');
      onDone(result.updated);
    } catch (error) {
      console.error('Bulk status change failed', error);
    }
  };

  return (
    <section className="bulk-bar" aria-label="Change the status of the selected hardware">
      <Text className="bulk-bar__count" fontWeight="semibold">
        {count.toLocaleString('en-GB')} selected
      </Text>
      <SelectField
        id="bulk-status"
        label="New status"
        size="small"
        placeholder="Choose a status"
        value={status}
        hasError={Boolean(errors.status)}
        aria-describedby={errors.status ? problemId : undefined}
        onChange={(event) => {
          setStatus(event.target.value);
          setErrors({});
        }}
      >
        {HARDWARE_STATUSES.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
      {disposal ? (
        <SelectField
          id="bulk-disposal-reason"
          label="Disposal reason"
          size="small"
          placeholder="Choose a reason"
          isRequired
          value={reason}
          hasError={Boolean(errors.disposal_reason)}
          aria-describedby={errors.disposal_reason ? problemId : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setErrors((current) => ({ ...current, disposal_reason: undefined }));
          }}
        >
          {HARDWARE_DISPOSAL_REASONS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
      ) : null}
      <div className="bulk-bar__actions">
        <Button
          size="small"
          variation="primary"
          onClick={() => void apply()}
          isDisabled={tooMany}
          isLoading={bulk.isPending}
          loadingText="Applying…"
          aria-describedby={tooMany ? limitId : undefined}
        >
          Apply
        </Button>
        <Button size="small" variation="link" onClick={onClearSelection}>
          Clear selection
        </Button>
      </div>
      {problem ? (
        <Text id={problemId} className="bulk-bar__note" color="font.error">
          {problem}
        </Text>
      ) : null}
      {tooMany ? (
        <Text id={limitId} className="bulk-bar__note" color="font.warning">
          Select at most {BULK_STATUS_MAX_ASSETS} hardware assets at a time: {plural(count, 'is', 'are')}{' '}
          selected. Deselect some rows to continue.
        </Text>
      ) : null}
      {bulk.isError ? (
        <Alert
          variation="error"
          heading="Could not change the status"
          role="alert"
          className="bulk-bar__note"
        >
          {errorMessage(bulk.error)}
        </Alert>
      ) : null}
    </section>
  );
}
