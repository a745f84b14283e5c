import { Button, Heading, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { Ref } from 'react';
import { ROLE_LABELS } from '../../../../../shared/constants';
import type { Invitation } from '../../../../../shared/invitations';
import { ColumnHeaders } from '../../../components/column-headers';
import { formatTimestampDate } from './user-format';

const COLUMNS = ['Email', 'Role', 'Invited By', 'Expires'];

interface PendingInvitationsProps {
  ref?: Ref<HTMLElement>;
  invitations: readonly Invitation[];
  onCancel: (invitation: Invitation) => void;
}

/** The pending invitations with their count; the caller hides it when there are none. */
export function PendingInvitations({ ref, invitations, onCancel }: PendingInvitationsProps) {
  return (
    <section ref={ref} className="users-invitations" aria-labelledby="users-invitations-title">
      <Heading level={3} id="users-invitations-title" marginBottom="small">
        Pending Invitations ({invitations.length.toLocaleString('en-GB')})
      </Heading>
      <div
        className="table-scroll hardware-table users-invitations__table"
        role="region"
        aria-label="Pending invitations"
        tabIndex={0}
      >
        <Table size="small" highlightOnHover className="responsive-table">
          <TableHead>
            <TableRow>
              <ColumnHeaders labels={COLUMNS} />
              <TableCell as="th" scope="col" className="hardware-table__actions">
                Actions
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invitations.map((invitation) => (
              <TableRow key={invitation.id}>
                <TableCell as="th" scope="row" className="users-table__email">
                  {invitation.email}
                </TableCell>
                <TableCell data-label="Role">{ROLE_LABELS[invitation.role]}</TableCell>
                <TableCell data-label="Invited By" className="users-table__email">
                  {invitation.invited_by}
                </TableCell>
                <TableCell data-label="Expires" className="hardware-table__date">
                  <time dateTime={invitation.expires_at}>{formatTimestampDate(invitation.expires_at)}</time>
                </TableCell>
                <TableCell className="hardware-table__actions row-actions">
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
            ))}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}
