import { Alert, Button, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { ModalDialog } from './modal-dialog';

interface ConfirmDialogProps {
  /** The question, word for word; it is the dialog's name. */
  question: string;
  /** What it is about, shown under the question. */
  detail?: ReactNode;
  confirmLabel: string;
  /** The button that backs out; say what it keeps when "Cancel" would be ambiguous. Default 'Cancel'. */
  cancelLabel?: string;
  /** Red for what cannot be undone (the default); plain primary for a reversible step. */
  destructive?: boolean;
  busy: boolean;
  /** A failure to show in the dialog, which stays open for another try. */
  error?: { heading: string; message: string } | null;
  onConfirm: () => void;
  onCancel: () => void;
  returnFocus?: () => HTMLElement | null;
}

/** An accessible yes/no question (role alertdialog), the backing-out button focused first. */
export function ConfirmDialog({
  question,
  detail,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = true,
  busy,
  error,
  onConfirm,
  onCancel,
  returnFocus,
}: ConfirmDialogProps) {
  const detailId = useId();
  return (
    <ModalDialog
      title={question}
      role="alertdialog"
      size="small"
      describedBy={detail ? detailId : undefined}
      onClose={onCancel}
      returnFocus={returnFocus}
      footer={
        <>
          <Button onClick={onCancel} data-autofocus>
            {cancelLabel}
          </Button>
          <Button
            variation="primary"
            colorTheme={destructive ? 'error' : undefined}
            onClick={onConfirm}
            isLoading={busy}
            loadingText={`${confirmLabel}…`}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {detail ? (
        <Text id={detailId} as="div">
          {detail}
        </Text>
      ) : null}
      {error ? (
        <Alert variation="error" heading={error.heading} role="alert" marginTop="medium">
          {error.message}
        </Alert>
      ) : null}
    </ModalDialog>
  );
}
