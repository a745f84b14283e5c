import { Button, Heading, VisuallyHidden } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { ROLE_LABELS, type Role } from '@shared/constants';
import { INVITATION_MESSAGES, type Invitation } from '@shared/invitations';
import { USER_MESSAGES, type UserListItem } from '@shared/users';
import { errorMessage } from '../../../api/api-client';
import { useCurrentUser } from '../../../api/me';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState, ListLoading } from '../../../components/list-states';
import { LoadError } from '../../../components/load-error';
import { SHORT_NOTICE_MS, SuccessNotice, useSuccessNotice } from '../../../components/success-notice';
import { StatCard } from '../../../components/stat-card';
import { useCancelInvitation, useResendInvitation } from '../api/invitation-mutations';
import { usePendingInvitations } from '../api/list-invitations';
import { useUserList } from '../api/list-users';
import { useChangeUserRole, useDeleteUser, useSendPasswordReset } from '../api/user-mutations';
import { InviteUserModal } from './invite-user-modal';
import { PendingInvitations } from './pending-invitations';
import { countUsers, splitInvitations } from './user-format';
import { UsersTable } from './users-table';

type Dialog =
  | { kind: 'invite' }
  | { kind: 'cancel-invitation'; invitation: Invitation }
  | { kind: 'role'; user: UserListItem; role: Role }
  | { kind: 'reset'; user: UserListItem }
  | { kind: 'delete'; user: UserListItem };

/** The Users tab: summary, Invite User, pending invitations and the users table with its actions. */
export function UsersTab() {
  const { profile } = useCurrentUser();
  const superAdmin = profile.role === 'super_admin';
  const users = useUserList();
  const invitations = usePendingInvitations();

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { notice, showNotice, clearNotice } = useSuccessNotice();

  const cancelInvitation = useCancelInvitation();
  const resendInvitation = useResendInvitation();
  const changeRole = useChangeUserRole();
  const passwordReset = useSendPasswordReset();
  const deletion = useDeleteUser();

  const inviteButtonRef = useRef<HTMLButtonElement>(null);
  const tableRegionRef = useRef<HTMLDivElement>(null);
  const invitationsRef = useRef<HTMLElement>(null);

  // SPEC 9: a failed load of the invitations is only logged.
  useEffect(() => {
    if (invitations.isError) console.error('Failed to load invitations', invitations.error);
  }, [invitations.isError, invitations.error]);

  /** A row's button by its data attribute, for focus after a dialog closes. */
  const rowElement = (attribute: string, id: string) =>
    document.querySelector<HTMLElement>(`[${attribute}="${id}"]`);
  const fallbackFocus = () => tableRegionRef.current ?? inviteButtonRef.current;

  const pending = invitations.data ?? [];
  // Read at each render: a list left open past an invitation's expiry shows it Expired once it refreshes.
  const now = new Date();
  const pendingCount = splitInvitations(pending, now).pending;
  const counts = users.data ? countUsers(users.data) : undefined;
  const usersFailed = users.isError && !users.data;

  const openInvite = () => setDialog({ kind: 'invite' });

  const confirmCancelInvitation = async (invitation: Invitation) => {
    try {
      await cancelInvitation.mutateAsync(invitation.id);
      setDialog(null);
      showNotice(INVITATION_MESSAGES.cancelled, SHORT_NOTICE_MS);
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error(INVITATION_MESSAGES.cancelFailed, error);
    }
  };

  const resend = async (invitation: Invitation) => {
    try {
      await resendInvitation.mutateAsync(invitation.id);
      showNotice(INVITATION_MESSAGES.resent(invitation.email));
    } catch (error) {
      // The list shows the failure; Resend stays there for another try.
      console.error(INVITATION_MESSAGES.resendFailed, error);
    }
  };

  const confirmRoleChange = async (user: UserListItem, role: Role) => {
    try {
      await changeRole.mutateAsync({ id: user.id, role });
      setDialog(null);
      showNotice(USER_MESSAGES.roleUpdated, SHORT_NOTICE_MS);
    } catch (error) {
      console.error(USER_MESSAGES.roleFailed, error);
    }
  };

  const confirmPasswordReset = async (user: UserListItem) => {
    try {
      await passwordReset.mutateAsync(user.id);
      setDialog(null);
      showNotice(USER_MESSAGES.resetSent(user.email));
    } catch (error) {
      console.error(USER_MESSAGES.resetFailed, error);
    }
  };

  const confirmDelete = async (user: UserListItem) => {
    try {
      await deletion.mutateAsync(user.id);
      setDialog(null);
      showNotice(USER_MESSAGES.deleted(user.full_name || user.email), SHORT_NOTICE_MS);
    } catch (error) {
      console.error(USER_MESSAGES.deleteFailed, error);
    }
  };

  return (
    <>
      <div className="stat-grid users-stats" aria-busy={users.isPending && !usersFailed}>
        <StatCard label="Total Users" value={counts?.total} unavailable={usersFailed} />
        {superAdmin ? (
          <StatCard label="Super Admins" value={counts?.byRole.super_admin} unavailable={usersFailed} />
        ) : null}
        <StatCard label="Admins" value={counts?.byRole.admin} unavailable={usersFailed} />
        <StatCard label="Users" value={counts?.byRole.user} unavailable={usersFailed} />
        {!superAdmin && pendingCount > 0 ? <StatCard label="Pending Invites" value={pendingCount} /> : null}
      </div>

      <div className="users-toolbar">
        <Button ref={inviteButtonRef} variation="primary" onClick={openInvite}>
          Invite User
        </Button>
      </div>

      <SuccessNotice notice={notice} onDismiss={clearNotice} />

      {pending.length > 0 ? (
        <PendingInvitations
          ref={invitationsRef}
          invitations={pending}
          now={now}
          resending={resendInvitation.isPending ? (resendInvitation.variables ?? null) : null}
          resendError={resendInvitation.isError ? errorMessage(resendInvitation.error) : null}
          onResend={(invitation) => void resend(invitation)}
          onCancel={(invitation) => {
            cancelInvitation.reset();
            setDialog({ kind: 'cancel-invitation', invitation });
          }}
        />
      ) : null}

      <Heading level={3} marginBottom="small" className="users-heading">
        Users
      </Heading>
      <VisuallyHidden role="status">{users.isPending ? 'Loading users…' : ''}</VisuallyHidden>
      {users.isPending ? (
        <ListLoading text="Loading users…" />
      ) : usersFailed ? (
        <LoadError heading={USER_MESSAGES.loadFailed} query={users} />
      ) : users.data.length === 0 ? (
        <EmptyState level={4} heading={USER_MESSAGES.noUsers} />
      ) : (
        <UsersTable
          ref={tableRegionRef}
          users={users.data}
          viewer={profile}
          pendingRole={dialog?.kind === 'role' ? { id: dialog.user.id, role: dialog.role } : null}
          busy={users.isFetching}
          onPickRole={(user, role) => {
            changeRole.reset();
            setDialog({ kind: 'role', user, role });
          }}
          onPasswordReset={(user) => {
            passwordReset.reset();
            setDialog({ kind: 'reset', user });
          }}
          onDelete={(user) => {
            deletion.reset();
            setDialog({ kind: 'delete', user });
          }}
        />
      )}

      {dialog?.kind === 'invite' ? (
        <InviteUserModal
          onClose={() => setDialog(null)}
          returnFocus={() => inviteButtonRef.current}
          onSent={(invitation) => {
            setDialog(null);
            showNotice(INVITATION_MESSAGES.sent(invitation.email));
          }}
        />
      ) : null}
      {dialog?.kind === 'cancel-invitation' ? (
        <ConfirmDialog
          question={INVITATION_MESSAGES.cancelConfirm}
          detail={
            <>
              The invitation of <strong>{dialog.invitation.email}</strong> as{' '}
              {ROLE_LABELS[dialog.invitation.role]} will stop working.
            </>
          }
          confirmLabel="Cancel invitation"
          cancelLabel="Keep invitation"
          busy={cancelInvitation.isPending}
          error={
            cancelInvitation.isError
              ? { heading: INVITATION_MESSAGES.cancelFailed, message: errorMessage(cancelInvitation.error) }
              : null
          }
          onConfirm={() => void confirmCancelInvitation(dialog.invitation)}
          onCancel={() => setDialog(null)}
          returnFocus={() =>
            rowElement('data-cancel-invitation', dialog.invitation.id) ??
            invitationsRef.current ??
            inviteButtonRef.current
          }
        />
      ) : null}
      {dialog?.kind === 'role' ? (
        <ConfirmDialog
          question={USER_MESSAGES.roleConfirm(dialog.role)}
          detail={
            <>
              <strong>{dialog.user.email}</strong> is {ROLE_LABELS[dialog.user.role]} now.
            </>
          }
          confirmLabel="Change Role"
          destructive={false}
          busy={changeRole.isPending}
          error={
            changeRole.isError
              ? { heading: USER_MESSAGES.roleFailed, message: errorMessage(changeRole.error) }
              : null
          }
          onConfirm={() => void confirmRoleChange(dialog.user, dialog.role)}
          onCancel={() => setDialog(null)}
          returnFocus={() =>
            rowElement('data-role-select', dialog.user.id)?.querySelector('select') ??
            rowElement('data-role-select', dialog.user.id) ??
            fallbackFocus()
          }
        />
      ) : null}
      {dialog?.kind === 'reset' ? (
        <ConfirmDialog
          question={USER_MESSAGES.resetConfirm(dialog.user.email)}
          confirmLabel="Send"
          destructive={false}
          busy={passwordReset.isPending}
          error={
            passwordReset.isError
              ? { heading: USER_MESSAGES.resetFailed, message: errorMessage(passwordReset.error) }
              : null
          }
          onConfirm={() => void confirmPasswordReset(dialog.user)}
          onCancel={() => setDialog(null)}
          returnFocus={() => rowElement('data-password-reset', dialog.user.id) ?? fallbackFocus()}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          question={USER_MESSAGES.deleteConfirm(dialog.user.email)}
          confirmLabel="Delete"
          busy={deletion.isPending}
          error={
            deletion.isError
              ? { heading: USER_MESSAGES.deleteFailed, message: errorMessage(deletion.error) }
              : null
          }
          onConfirm={() => void confirmDelete(dialog.user)}
          onCancel={() => setDialog(null)}
          returnFocus={fallbackFocus}
        />
      ) : null}
    </>
  );
}
