// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DISPOSAL_MESSAGES, disposalDeleteConfirm } from '@shared/disposal';
import { installDialog } from '../../../test/support/dom';
import { ConfirmDialog } from './confirm-dialog';

beforeAll(installDialog);
// Without vitest's globals Testing Library cannot register its own cleanup: each test starts empty.
afterEach(cleanup);

const QUESTION = disposalDeleteConfirm(2);

interface PageProps {
  busy?: boolean;
  error?: { heading: string; message: string } | null;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm?: () => void;
  /** Focus goes to the table instead of the opener (the row the opener was on is gone). */
  returnToTable?: boolean;
}

/** A page as the disposal list uses the dialog: a button opens it, backing out closes it. */
function Page({ busy = false, error = null, cancelLabel, destructive, onConfirm, returnToTable }: PageProps) {
  const [open, setOpen] = useState(false);
  const tableRef = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={tableRef} role="region" aria-label="Disposal items" tabIndex={0} />
      <button type="button" onClick={() => setOpen(true)}>
        Delete Selected (2)
      </button>
      {open ? (
        <ConfirmDialog
          question={QUESTION}
          detail={<>Old laptop and Broken monitor</>}
          confirmLabel="Delete"
          cancelLabel={cancelLabel}
          destructive={destructive}
          busy={busy}
          error={error}
          onConfirm={onConfirm ?? (() => undefined)}
          onCancel={() => setOpen(false)}
          returnFocus={returnToTable ? () => tableRef.current : undefined}
        />
      ) : null}
    </>
  );
}

async function openDialog(props: PageProps = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  const opener = screen.getByRole('button', { name: 'Delete Selected (2)' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('alertdialog', { name: QUESTION }) };
}

describe('ConfirmDialog', () => {
  it('asks its question as an alert dialog, described by what it is about', async () => {
    const { dialog } = await openDialog();
    expect(screen.getByRole('alertdialog', { description: 'Old laptop and Broken monitor' })).toBe(dialog);
    expect(within(dialog).getByRole('heading', { level: 2, name: QUESTION })).toBeTruthy();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
  });

  it('puts the keyboard focus on the button that backs out', async () => {
    const { dialog } = await openDialog();
    // Enter right after opening must not destroy anything.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('confirms with its button, and stays open for the caller to close', async () => {
    const onConfirm = vi.fn();
    const { user, dialog } = await openDialog({ onConfirm });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('alertdialog')).toBe(dialog);
  });

  it('confirms from the keyboard, with Enter on its button', async () => {
    const onConfirm = vi.fn();
    const { user } = await openDialog({ onConfirm });
    // Focus is moved by hand: the dialog keeps Tab inside by reading layout, which jsdom has none of.
    screen.getByRole('button', { name: 'Delete' }).focus();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it.each([
    [
      'Cancel',
      (user: ReturnType<typeof userEvent.setup>) =>
        user.click(screen.getByRole('button', { name: 'Cancel' })),
    ],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'the close button',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' })),
    ],
  ])('cancels with %s, confirming nothing, and gives the focus back to the opener', async (_, cancel) => {
    const onConfirm = vi.fn();
    const { user, opener } = await openDialog({ onConfirm });
    await cancel(user);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus where the caller says when it closes', async () => {
    const { user } = await openDialog({ returnToTable: true });
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Disposal items' }));
  });

  it('while the work runs, says so on the confirm button, which cannot be pressed again', async () => {
    const onConfirm = vi.fn();
    const { user, dialog } = await openDialog({ busy: true, onConfirm });
    const confirm = within(dialog).getByRole('button', { name: 'Delete…' });
    expect(confirm).toHaveProperty('disabled', true);
    await user.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('shows a failure inside the dialog, which stays open for another try', async () => {
    const onConfirm = vi.fn();
    const { user, dialog } = await openDialog({
      onConfirm,
      error: { heading: DISPOSAL_MESSAGES.deleteFailed, message: 'The service is unavailable' },
    });
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain(DISPOSAL_MESSAGES.deleteFailed);
    expect(alert.textContent).toContain('The service is unavailable');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('names the backing-out button as asked, and is red only for what cannot be undone', async () => {
    const { dialog } = await openDialog({ cancelLabel: 'Keep items', destructive: false });
    expect(within(dialog).getByRole('button', { name: 'Keep items' })).toBe(document.activeElement);
    // Amplify's colour theme is a class: the red one is amplify-button--error.
    expect(within(dialog).getByRole('button', { name: 'Delete' }).className).not.toContain('--error');
    cleanup();
    const red = await openDialog();
    expect(within(red.dialog).getByRole('button', { name: 'Delete' }).className).toContain('--error');
  });
});
