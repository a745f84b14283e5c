import { Button, SelectField, Text } from '@aws-amplify/ui-react';
import { SelectionBar } from '../../../components/selection-bar';
import { useId, useState } from 'react';
import {
  BULK_STATUS_MAX_ASSETS,
  HARDWARE_DISPOSAL_REASONS,
  HARDWARE_STATUSES,
  bulkStatusSchema,
  isDisposalStatus,
  type BulkStatusChange,
  type HardwareStatus,
} from '@shared/hardware';
import { errorMessage } from '../../../api/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useBulkStatus } from '../api/bulk-status';
import { plural } from '../../../components/format';

interface BulkStatusBarProps {
  selectedIds: readonly string[];
  onDone: (updated: number) => void;
  onClearSelection: () => void;
}

type BulkField = 'status' | 'disposal_reason';

/** The question asked before the change runs. */
function bulkStatusQuestion(count: number, status: HardwareStatus): string {
  return `Change the status of ${plural(count, 'asset', 'assets')} to ${status}?`;
}

/**
 * Shown while rows are selected: one status (and disposal reason) for all of them, applied once the
 * person confirms it.
 */
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
  const [pending, setPending] = useState<BulkStatusChange | null>(null);

  /** Checks the choice, then asks before changing anything. */
  const apply = () => {
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
    setPending(parsed.data);
  };

  const confirm = async (change: BulkStatusChange) => {
    try {
      const result = await bulk.mutateAsync(change);
      setPending(null);
      setStatus('');
      setReason('');
      onDone(result.updated);
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error('Bulk status change failed', error);
    }
  };

  return (
    <>
      <SelectionBar
        label="Change the status of the selected hardware"
        count={count}
        max={BULK_STATUS_MAX_ASSETS}
        noun={['hardware asset', 'hardware assets']}
        limitId={limitId}
        onClear={onClearSelection}
        fields={
          <>
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
          </>
        }
        actions={
          <Button
            size="small"
            variation="primary"
            onClick={apply}
            isDisabled={tooMany}
            aria-describedby={tooMany ? limitId : undefined}
          >
            Change Status
          </Button>
        }
        note={
          problem ? (
            <Text id={problemId} className="selection-bar__note" color="font.error">
              {problem}
            </Text>
          ) : null
        }
      />
      {pending ? (
        <ConfirmDialog
          question={bulkStatusQuestion(pending.ids.length, pending.status)}
          detail={
            pending.disposal_reason
              ? `${pending.ids.length === 1 ? 'It goes' : 'They go'} on the disposal list with the reason ${pending.disposal_reason}.`
              : undefined
          }
          confirmLabel="Change Status"
          destructive={false}
          busy={bulk.isPending}
          error={
            bulk.isError
              ? { heading: 'Could not change the status', message: errorMessage(bulk.error) }
              : null
          }
          onConfirm={() => void confirm(pending)}
          onCancel={() => {
            bulk.reset();
            setPending(null);
          }}
        />
      ) : null}
    </>
  );
}
