import {
  Alert,
  Badge,
  Button,
  Heading,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
} from '@aws-amplify/ui-react';
import type { Ref } from 'react';
import { ROLE_LABELS } from '@shared/constants';
import { INVITATION_MESSAGES, isExpiredInvitation, type Invitation } from '@shared/invitations';
import { ColumnHeaders } from '../../../components/column-headers';
import { formatTimestampDate, splitInvitations } from './user-format';
import '../../../components/data-table.css';

const COLUMNS = ['Email', 'Role', 'Invited By', 'Status', 'Expires'];

interface PendingInvitationsProps {
  ref?: Ref<HTMLElement>;
  invitations: readonly Invitation[];
  now: Date;
  /** The invitation being sent again, if any. */
  resending: string | null;
  /** Why the last Resend failed, in the server's words. */
  resendError: string | null;
  onResend: (invitation: Invitation) => void;
  onCancel: (invitation: Invitation) => void;
}

/**
 * The pending invitations with their count; one whose link ran out is marked Expired, left out of
 * the count, and can be sent again. The caller hides the list when there are none.
 */
export function PendingInvitations({
  ref,
  invitations,
  now,
  resending,
  resendError,
  onResend,
  onCancel,
}: PendingInvitationsProps) {
  const { pending, expired } = splitInvitations(invitations, now);
  return (
    <section ref={ref} className="users-invitations" aria-labelledby="users-invitations-title">
      <Heading level={3} id="users-invitations-title" marginBottom="small">
        Pending Invitations ({pending.toLocaleString('en-GB')})
        {expired > 0 ? (
          <span className="users-invitations__expired"> · {expired.toLocaleString('en-GB')} expired</span>
        ) : null}
      </Heading>
      {resendError ? (
        <Alert variation="error" heading={INVITATION_MESSAGES.resendFailed} role="alert" marginBottom="small">
          {resendError}
        </Alert>
      ) : null}
      <div
        className="table-scroll data-table users-invitations__table"
        role="region"
        aria-label="Pending invitations"
        tabIndex={0}
      >
        <Table size="small" highlightOnHover className="responsive-table">
          <TableHead>
            <TableRow>
              <ColumnHeaders labels={COLUMNS} />
              <TableCell as="th" scope="col" className="data-table__actions">
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invitations.map((invitation) => {
              const isExpired = isExpiredInvitation(invitation, now);
              return (
                <TableRow key={invitation.id}>
                  <TableCell as="th" scope="row" className="users-table__email">
                    {invitation.email}
                  </TableCell>
                  <TableCell data-label="Role">{ROLE_LABELS[invitation.role]}</TableCell>
                  <TableCell data-label="Invited By" className="users-table__email">
                    {invitation.invited_by}
                  </TableCell>
                  <TableCell data-label="Status">
                    <Badge size="small" variation={isExpired ? 'warning' : 'info'}>
                      {isExpired ? 'Expired' : 'Pending'}
                    </Badge>
                  </TableCell>
                  <TableCell data-label="Expires" className="data-table__date">
                    <time dateTime={invitation.expires_at}>{formatTimestampDate(invitation.expires_at)}</time>
                  </TableCell>
                  <TableCell className="data-table__actions row-actions">
                    <Button
                      size="small"
                      onClick={() => onResend(invitation)}
                      isLoading={resending === invitation.id}
                      loadingText="Resending…"
                      isDisabled={resending !== null && resending !== invitation.id}
                      aria-label={`Resend the invitation of ${invitation.email}`}
                      data-resend-invitation={invitation.id}
                    >
                      Resend
                    </Button>{' '}
                    <Button
                      size="small"
                      onClick={() => onCancel(invitation)}
                      aria-label={`Cancel the invitation of ${invitation.email}`}
                      data-cancel-invitation={invitation.id}
                    >
                      Cancel
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
