import { DISPOSAL_MESSAGES, disposalDeleteConfirm, type DisposalItem } from '@shared/disposal';
import { errorMessage } from '../../../api/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { plural } from '../../../components/format';
import type { useCompleteDisposal, useDeleteDisposals, useRevertDisposal } from '../api/disposal-mutations';

export type Transition = 'complete' | 'revert';

/** Complete and Revert: the same confirmation, in their own words. */
export const TRANSITION_TEXTS: Record<
  Transition,
  { question: string; label: string; failed: string; done: (item: DisposalItem) => string }
> = {
  complete: {
    question: DISPOSAL_MESSAGES.completeConfirm,
    label: 'Complete',
    failed: DISPOSAL_MESSAGES.completeFailed,
    done: (item) => `Marked the disposal of ${item.asset_name} as completed`,
  },
  revert: {
    question: DISPOSAL_MESSAGES.revertConfirm,
    label: 'Revert',
    failed: DISPOSAL_MESSAGES.revertFailed,
    done: (item) => `Reverted ${item.asset_name} to Pending`,
  },
};

function ItemDetail({ item }: { item: DisposalItem }) {
  const identifiers = [
    item.serial_number ? `serial ${item.serial_number}` : null,
    item.asset_tag ? `tag ${item.asset_tag}` : null,
  ].filter(Boolean);
  return (
    <>
      <strong>{item.asset_name}</strong> ({item.asset_type}
      {identifiers.length > 0 ? `, ${identifiers.join(', ')}` : ''}), {item.disposal_reason}.
    </>
  );
}

/** The items about to be deleted: the first few by name. */
function DeleteDetail({ items }: { items: readonly DisposalItem[] }) {
  const SHOWN = 3;
  const names = items.slice(0, SHOWN).map((item) => item.asset_name);
  const more = items.length - names.length;
  return (
    <>
      {names.map((name, index) => (
        <span key={index}>
          {index > 0 ? (index === names.length - 1 && more === 0 ? ' and ' : ', ') : null}
          <strong>{name}</strong>
        </span>
      ))}
      {more > 0 ? ` and ${plural(more, 'other item', 'other items')}` : null}
      {' will be removed from the disposal list.'}
    </>
  );
}

interface TransitionDialogProps {
  kind: Transition;
  item: DisposalItem;
  mutation: ReturnType<typeof useCompleteDisposal> | ReturnType<typeof useRevertDisposal>;
  onDone: (message: string) => void;
  onCancel: () => void;
  returnFocus: () => HTMLElement | null;
}

/** Complete (Pending → Completed) or Revert (Completed → Pending) of one item, once confirmed. */
export function TransitionDialog({
  kind,
  item,
  mutation,
  onDone,
  onCancel,
  returnFocus,
}: TransitionDialogProps) {
  const texts = TRANSITION_TEXTS[kind];
  const confirm = async () => {
    try {
      await mutation.mutateAsync(item.id);
      onDone(texts.done(item));
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error(texts.failed, error);
    }
  };
  return (
    <ConfirmDialog
      question={texts.question}
      detail={<ItemDetail item={item} />}
      confirmLabel={texts.label}
      destructive={false}
      busy={mutation.isPending}
      error={mutation.isError ? { heading: texts.failed, message: errorMessage(mutation.error) } : null}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
      returnFocus={returnFocus}
    />
  );
}

interface DeleteDialogProps {
  ids: readonly string[];
  /** The loaded items, for the names of those to delete. */
  items: readonly DisposalItem[];
  mutation: ReturnType<typeof useDeleteDisposals>;
  onDone: (message: string) => void;
  onCancel: () => void;
  returnFocus: () => HTMLElement | null;
}

/** Delete Selected, once confirmed. */
export function DeleteDialog({ ids, items, mutation, onDone, onCancel, returnFocus }: DeleteDialogProps) {
  const confirm = async () => {
    try {
      const result = await mutation.mutateAsync(ids);
      onDone(`Deleted ${plural(result.deleted, 'disposal item', 'disposal items')}`);
    } catch (error) {
      console.error(DISPOSAL_MESSAGES.deleteFailed, error);
    }
  };
  return (
    <ConfirmDialog
      question={disposalDeleteConfirm(ids.length)}
      detail={<DeleteDetail items={items.filter((item) => ids.includes(item.id))} />}
      confirmLabel="Delete"
      busy={mutation.isPending}
      error={
        mutation.isError
          ? { heading: DISPOSAL_MESSAGES.deleteFailed, message: errorMessage(mutation.error) }
          : null
      }
      onConfirm={() => void confirm()}
      onCancel={onCancel}
      returnFocus={returnFocus}
    />
  );
}
