import { Button, Heading } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import './modal-dialog.css';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.getClientRects().length > 0,
  );
}

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom. */
  footer?: ReactNode;
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the text that describes the dialog (confirmations). */
  describedBy?: string;
  /** False while work runs that must not be abandoned: Escape and the close button do nothing. */
  dismissible?: boolean;
  size?: 'small' | 'medium' | 'large';
  /**
   * Where focus goes when the dialog closes, if not back to the element that opened it (say the
   * opener is about to disappear). Read when the dialog closes.
   */
  returnFocus?: () => HTMLElement | null;
}

/**
 * A modal dialog on the native <dialog> (showModal): the rest of the page is inert, Tab cycles
 * inside it, Escape closes it, and focus goes back to the opener. The first element marked
 * `data-autofocus` gets focus on opening (otherwise the dialog itself).
 */
export function ModalDialog({
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
  describedBy,
  dismissible = true,
  size = 'medium',
  returnFocus,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const shownRef = useRef(false);
  const titleId = useId();
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    shownRef.current = true;
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]');
    (first ?? dialog).focus();
    return () => {
      shownRef.current = false;
      if (dialog.open) dialog.close();
      const target = returnFocusRef.current?.() ?? opener;
      if (target?.isConnected) target.focus();
    };
  }, []);

  const requestClose = () => {
    if (dismissible) onClose();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // The dialog closes through React state, never on its own.
      event.preventDefault();
      event.stopPropagation();
      requestClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableIn(dialogRef.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className={`modal modal--${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClose={() => {
        // A browser may still close it (repeated Escape); keep React's state in step.
        const dialog = dialogRef.current;
        if (!shownRef.current || !dialog || dialog.open) return;
        if (dismissible) onClose();
        else dialog.showModal();
      }}
    >
      <div className="modal__header">
        <Heading level={2} id={titleId} className="modal__title">
          {title}
        </Heading>
        <Button
          size="small"
          variation="link"
          className="modal__close"
          aria-label="Close"
          onClick={requestClose}
          isDisabled={!dismissible}
        >
          <span aria-hidden="true">×</span>
        </Button>
      </div>
      <div className="modal__body">{children}</div>
      {footer ? <div className="modal__footer">{footer}</div> : null}
    </dialog>
  );
}
