// @vitest-environment jsdom
import { Button, TextField } from '@aws-amplify/ui-react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installDialog } from '../../../test/support/dom';
import { FormSection, RequiredFieldsHint } from './dialog-form';
import { ModalDialog } from './modal-dialog';
import { useFormFields } from './use-form-fields';

beforeAll(installDialog);
// Without vitest's globals Testing Library cannot register its own cleanup: each test starts empty.
afterEach(cleanup);

const FIELDS = ['asset_name', 'asset_tag'] as const;
type Field = (typeof FIELDS)[number];

interface AddAssetProps {
  onSave: (values: Record<Field, string>) => Promise<void>;
  onClose: () => void;
}

/**
 * A dialog form as the hardware and disposal forms build theirs: ModalDialog, the required-fields
 * hint, a FormSection, useFormFields, and a submit button that shows the save running. The rule
 * checked is SPEC's "Asset name is required after trimming".
 */
function AddAsset({ onSave, onClose }: AddAssetProps) {
  const [form, formRef] = useFormFields<Field>(FIELDS, () => ({ asset_name: '', asset_tag: '' }));
  const [saving, setSaving] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (!form.values.asset_name.trim()) {
      form.showErrors({ asset_name: 'Asset name is required' });
      return;
    }
    setSaving(true);
    try {
      await onSave(form.values);
    } finally {
      setSaving(false);
    }
  };
  return (
    <ModalDialog title="Add Hardware" onClose={onClose} dismissible={!saving}>
      <form ref={formRef} className="dialog-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <RequiredFieldsHint />
        <FormSection legend="Asset details">
          <TextField label="Asset Name" isRequired data-autofocus {...form.fieldProps('asset_name')} />
          <TextField label="Asset Tag" {...form.fieldProps('asset_tag')} />
        </FormSection>
        <div className="dialog-form__actions">
          <Button onClick={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variation="primary" isLoading={saving} loadingText="Saving…">
            Save
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

function renderForm() {
  const onClose = vi.fn();
  let finish: () => void = () => undefined;
  const onSave = vi.fn(
    (_values: Record<Field, string>) => new Promise<void>((resolve) => (finish = resolve)),
  );
  render(<AddAsset onSave={onSave} onClose={onClose} />);
  return { user: userEvent.setup(), onSave, onClose, finish: () => finish() };
}

const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Asset Name/ });

describe('the dialog form parts', () => {
  it('says what the asterisk means, in words for screen readers', () => {
    renderForm();
    const hint = screen.getByText(/are required\.$/);
    expect(hint.textContent).toBe('Fields marked *with an asterisk are required.');
    // The sign is hidden from screen readers, and the words are hidden from the eye only.
    expect(within(hint).getByText('*').getAttribute('aria-hidden')).toBe('true');
    expect(within(hint).getByText('with an asterisk').className).toContain('visually-hidden');
  });

  it('groups fields under their legend', () => {
    renderForm();
    const section = screen.getByRole('group', { name: 'Asset details' });
    expect(within(section).getByRole('textbox', { name: /^Asset Name/ })).toBe(nameField());
    expect(within(section).getByRole('textbox', { name: 'Asset Tag' })).toBeTruthy();
  });
});

describe('a dialog form', () => {
  it('opens with the focus in its first field', () => {
    renderForm();
    expect(screen.getByRole('dialog', { name: 'Add Hardware' })).toBeTruthy();
    expect(document.activeElement).toBe(nameField());
  });

  it('submits with Enter in a field', async () => {
    const { user, onSave } = renderForm();
    await user.type(nameField(), 'Laptop{Enter}');
    expect(onSave).toHaveBeenCalledWith({ asset_name: 'Laptop', asset_tag: '' });
  });

  it('shows what is wrong by the field, with the focus on it, until it is typed in', async () => {
    const { user, onSave } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Asset Tag' }), 'T-1');
    await user.type(nameField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Asset name is required')).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(nameField());

    await user.type(nameField(), 'Laptop');
    expect(screen.queryByText('Asset name is required')).toBeNull();
    expect(nameField().getAttribute('aria-invalid')).toBe('false');
  });

  it('while saving, shows it on the button, saves once, and cannot be cancelled', async () => {
    const { user, onSave, onClose, finish } = renderForm();
    await user.type(nameField(), 'Laptop{Enter}');
    const saveButton = screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' });
    expect(saveButton.disabled).toBe(true);
    await user.type(nameField(), '{Enter}');
    expect(onSave).toHaveBeenCalledOnce();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();

    finish();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
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
  ])('closes with %s, saving nothing', async (_, close) => {
    const { user, onSave, onClose } = renderForm();
    await user.type(nameField(), 'Laptop');
    await close(user);
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });
});
