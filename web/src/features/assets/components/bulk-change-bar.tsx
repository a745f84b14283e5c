import { Button, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import {
  BULK_STATUS_MAX_ASSETS,
  HARDWARE_DISPOSAL_REASONS,
  HARDWARE_STATUSES,
  isDisposalStatus,
  type HardwareAsset,
} from '@shared/hardware';
import {
  BULK_FIELD_LABELS,
  BULK_FIELDS,
  bulkUpdateNotice,
  bulkUpdateQuestion,
  bulkUpdateSchema,
  type BulkField,
  type BulkUpdate,
} from '@shared/hardware-list';
import { errorMessage } from '../../../api/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SelectionBar } from '../../../components/selection-bar';
import { useBulkUpdate } from '../api/bulk-update';
import { useHardwareLocations } from '../api/list-locations';
import { assetName } from './hardware-format';

interface BulkChangeBarProps {
  /** The ticked rows, in the list's order. */
  selected: readonly HardwareAsset[];
  /** Once changed: the notice to show. */
  onDone: (notice: string) => void;
  onClearSelection: () => void;
}

type Problem = Partial<Record<'value' | 'disposal_reason', string>>;

/** The ids of the inputs, for the focus a problem sends there. */
const INPUT_IDS = {
  status: 'bulk-status',
  location: 'bulk-location',
  assigned_to: 'bulk-assigned-to',
  disposal_reason: 'bulk-disposal-reason',
} as const;

const BUTTON_LABELS: Record<BulkField, string> = {
  status: 'Change Status',
  location: 'Change Location',
  assigned_to: 'Change Assigned To',
};

/** "Dell Latitude 5440, HP EliteBook 840 and 3 more" */
function namesOf(assets: readonly HardwareAsset[]): string {
  const names = assets.slice(0, 3).map(assetName);
  const more = assets.length - names.length;
  return more > 0
    ? `${names.join(', ')} and ${more} more`
    : names.join(', ').replace(/, ([^,]*)$/, ' and $1');
}

/**
 * Shown while rows are selected: what to change (status, location or assigned to) and its value for
 * all of them, applied once the person confirms it. A location is picked from the organisation's or
 * typed new; an empty location or assignee clears it (the question says so: "Clear the location of…").
 */
export function BulkChangeBar({ selected, onDone, onClearSelection }: BulkChangeBarProps) {
  const [field, setField] = useState<BulkField>('status');
  const [status, setStatus] = useState('');
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<Problem>({});
  const [pending, setPending] = useState<{ change: BulkUpdate; value: string | null } | null>(null);
  const bulk = useBulkUpdate();
  const locations = useHardwareLocations();
  const limitId = useId();
  const problemId = useId();
  const locationsId = useId();
  const count = selected.length;
  const tooMany = count > BULK_STATUS_MAX_ASSETS;
  const chosenStatus = HARDWARE_STATUSES.find((each) => each === status);
  const disposal = field === 'status' && chosenStatus !== undefined && isDisposalStatus(chosenStatus);
  const shownProblem = problem.value ?? problem.disposal_reason;

  /** Checks the choice, then asks before changing anything. */
  const apply = () => {
    bulk.reset();
    if (field === 'status' && !status) {
      setProblem({ value: 'Choose the new status' });
      document.getElementById(INPUT_IDS.status)?.focus();
      return;
    }
    const parsed = bulkUpdateSchema.safeParse({
      ids: selected.map((asset) => asset.id),
      ...(field === 'status'
        ? { status, ...(disposal ? { disposal_reason: reason || undefined } : {}) }
        : { [field]: text }),
    });
    if (!parsed.success) {
      const next: Problem = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'disposal_reason' ? 'disposal_reason' : 'value';
        next[key] ??= issue.message;
      }
      setProblem(next);
      document.getElementById(next.value ? INPUT_IDS[field] : INPUT_IDS.disposal_reason)?.focus();
      return;
    }
    setProblem({});
    const value = field === 'status' ? status : (parsed.data[field] ?? null);
    setPending({ change: parsed.data, value });
  };

  const confirm = async ({ change, value }: { change: BulkUpdate; value: string | null }) => {
    try {
      const result = await bulk.mutateAsync(change);
      setPending(null);
      setStatus('');
      setReason('');
      setText('');
      onDone(bulkUpdateNotice(result.updated, field, value));
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error('Bulk change failed', error);
    }
  };

  const described = shownProblem ? problemId : undefined;
  return (
    <>
      <SelectionBar
        label="Change the selected hardware"
        count={count}
        max={BULK_STATUS_MAX_ASSETS}
        noun={['hardware asset', 'hardware assets']}
        limitId={limitId}
        onClear={onClearSelection}
        fields={
          <>
            <SelectField
              id="bulk-field"
              label="Change"
              size="small"
              value={field}
              onChange={(event) => {
                const next = BULK_FIELDS.find((each) => each === event.target.value);
                if (next) setField(next);
                setText('');
                setProblem({});
              }}
            >
              {BULK_FIELDS.map((each) => (
                <option key={each} value={each}>
                  {BULK_FIELD_LABELS[each]}
                </option>
              ))}
            </SelectField>
            {field === 'status' ? (
              <SelectField
                id={INPUT_IDS.status}
                label="New status"
                size="small"
                placeholder="Choose a status"
                value={status}
                hasError={Boolean(problem.value)}
                aria-describedby={problem.value ? problemId : undefined}
                onChange={(event) => {
                  setStatus(event.target.value);
                  setProblem({});
                }}
              >
                {HARDWARE_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </SelectField>
            ) : (
              <TextField
                id={INPUT_IDS[field]}
                className="bulk-change__text"
                label={field === 'location' ? 'New location' : 'Assign to'}
                size="small"
                placeholder={field === 'location' ? 'Pick or type a location' : 'A person'}
                value={text}
                list={field === 'location' ? locationsId : undefined}
                autoComplete="off"
                maxLength={200}
                hasError={Boolean(problem.value)}
                aria-describedby={described}
                onChange={(event) => {
                  setText(event.target.value);
                  setProblem({});
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !tooMany) apply();
                }}
              />
            )}
            {field === 'location' ? (
              <datalist id={locationsId}>
                {(locations.data ?? []).map((each) => (
                  <option key={each.name} value={each.name} />
                ))}
              </datalist>
            ) : null}
            {disposal ? (
              <SelectField
                id={INPUT_IDS.disposal_reason}
                label="Disposal reason"
                size="small"
                placeholder="Choose a reason"
                isRequired
                value={reason}
                hasError={Boolean(problem.disposal_reason)}
                aria-describedby={problem.disposal_reason ? problemId : undefined}
                onChange={(event) => {
                  setReason(event.target.value);
                  setProblem((current) => ({ ...current, disposal_reason: undefined }));
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
            {BUTTON_LABELS[field]}
          </Button>
        }
        note={
          shownProblem ? (
            <Text id={problemId} className="selection-bar__note" color="font.error">
              {shownProblem}
            </Text>
          ) : null
        }
      />
      {pending ? (
        <ConfirmDialog
          question={bulkUpdateQuestion(pending.change.ids.length, field, pending.value)}
          detail={
            <>
              {namesOf(selected)}.
              {pending.change.disposal_reason
                ? ` ${pending.change.ids.length === 1 ? 'It goes' : 'They go'} on the disposal list with the reason ${pending.change.disposal_reason}.`
                : ''}
            </>
          }
          confirmLabel={BUTTON_LABELS[field]}
          destructive={false}
          busy={bulk.isPending}
          error={
            bulk.isError ? { heading: 'Could not change them', message: errorMessage(bulk.error) } : null
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
