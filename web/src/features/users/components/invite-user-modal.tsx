import { Alert, Button, SelectField, Text, TextField } from '@aws-amplify/ui-react';
import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { ROLE_LABELS } from '@shared/constants';
import {
  INVITABLE_ROLES,
  INVITATION_MESSAGES,
  inviteSchema,
  type InvitableRole,
  type Invitation,
} from '@shared/invitations';
import { errorMessage } from '../../../api/api-client';
import { useCurrentUser } from '../../../api/me';
import { ModalDialog } from '../../../components/modal-dialog';
import { useSendInvitation } from '../api/invitation-mutations';
import '../../../components/dialog-form.css';

type FieldName = 'email' | 'role';
type FieldErrors = Partial<Record<FieldName, string>>;

function isInvitableRole(value: string): value is InvitableRole {
  return (INVITABLE_ROLES as readonly string[]).includes(value);
}

interface InviteUserModalProps {
  onClose: () => void;
  onSent: (invitation: Invitation) => void;
  returnFocus?: () => HTMLElement | null;
}

/** Invite User: an email address and a role (User or Admin, default User). */
export function InviteUserModal({ onClose, onSent, returnFocus }: InviteUserModalProps) {
  const { profile } = useCurrentUser();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('user');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sendError, setSendError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const send = useSendInvitation();

  const focusField = (name: FieldName) => {
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    setSendError(null);
    const parsed = inviteSchema.safeParse({ email, role });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'email' || field === 'role') && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      const first = (['email', 'role'] as const).find((name) => next[name]);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    // SPEC 5: the inviter must belong to an organization unless super_admin.
    if (!profile.organization_id && profile.role !== 'super_admin') {
      setSendError(INVITATION_MESSAGES.noOrganization);
      return;
    }
    try {
      onSent(await send.mutateAsync(parsed.data));
    } catch (error) {
      console.error(INVITATION_MESSAGES.sendFailed, error);
      setSendError(errorMessage(error));
    }
  };

  return (
    <ModalDialog
      title="Invite User"
      onClose={onClose}
      returnFocus={returnFocus}
      size="small"
      dismissible={!send.isPending}
    >
      <form
        ref={formRef}
        className="dialog-form users-invite-form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        aria-busy={send.isPending}
      >
        {sendError ? (
          <Alert
            variation="error"
            heading={INVITATION_MESSAGES.sendFailed}
            role="alert"
            marginBottom="medium"
          >
            {sendError}
          </Alert>
        ) : null}
        <Text fontSize="small" color="font.secondary">
          We will email them a link to create their account in your organization.
        </Text>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          className="is-required"
          isRequired
          maxLength={254}
          data-autofocus
          value={email}
          hasError={Boolean(errors.email)}
          errorMessage={errors.email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errors.email) setErrors((current) => ({ ...current, email: undefined }));
          }}
        />
        <SelectField
          label="Role"
          name="role"
          value={role}
          hasError={Boolean(errors.role)}
          errorMessage={errors.role}
          onChange={(event) => {
            if (isInvitableRole(event.target.value)) setRole(event.target.value);
          }}
        >
          {INVITABLE_ROLES.map((value) => (
            <option key={value} value={value}>
              {ROLE_LABELS[value]}
            </option>
          ))}
        </SelectField>
        <div className="dialog-form__actions">
          <Button onClick={onClose} isDisabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" variation="primary" isLoading={send.isPending} loadingText="Sending…">
            Send Invitation
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
