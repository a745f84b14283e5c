import { Button, SelectField, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import type { Ref } from 'react';
import { ROLE_LABELS, ROLES, shortId, type Role } from '@shared/constants';
import { canChangeRoleOf, roleOptions, type UserListItem } from '@shared/users';
import { ColumnHeaders } from '../../../components/column-headers';
import { DataTable } from '../../../components/data-table';
import { formatTimestampDate, userInitial } from './user-format';

function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

interface UsersTableProps {
  ref?: Ref<HTMLDivElement>;
  users: readonly UserListItem[];
  viewer: { id: string; role: Role };
  /** The row whose role change awaits confirmation, and the role picked: its dropdown shows it. */
  pendingRole: { id: string; role: Role } | null;
  /** A refetch is under way. */
  busy: boolean;
  onPickRole: (user: UserListItem, role: Role) => void;
  onPasswordReset: (user: UserListItem) => void;
  onDelete: (user: UserListItem) => void;
}

/** The users with their role dropdowns and actions; on phones each row is a card (DataTable). */
export function UsersTable({
  ref,
  users,
  viewer,
  pendingRole,
  busy,
  onPickRole,
  onPasswordReset,
  onDelete,
}: UsersTableProps) {
  const superAdmin = viewer.role === 'super_admin';
  const columns = ['User', 'Email', ...(superAdmin ? ['Organization'] : []), 'Role', 'Registered'];
  const options = roleOptions(viewer.role);

  return (
    <DataTable
      ref={ref}
      label="User accounts"
      busy={busy}
      className="users-table"
      header={
        <>
          <ColumnHeaders labels={columns} />
          <TableCell as="th" scope="col" className="data-table__actions">
            Actions
          </TableCell>
        </>
      }
    >
      {users.map((user) => {
        const self = user.id === viewer.id;
        const locked = self || !canChangeRoleOf(viewer.role, user.role);
        // A super_admin row seen by an admin keeps its own role as the (disabled) choice.
        const choices = options.includes(user.role) ? options : [...options, user.role];
        const shownRole = pendingRole?.id === user.id ? pendingRole.role : user.role;
        return (
          <TableRow key={user.id}>
            <TableCell as="th" scope="row" className="users-table__user-cell">
              <div className="users-table__user">
                <span className="users-avatar" aria-hidden="true">
                  {userInitial(user)}
                </span>
                <span className="users-table__who">
                  {user.full_name?.trim() ? (
                    <span className="users-table__name">{user.full_name}</span>
                  ) : null}
                  <span className="data-table__mono users-table__id" title={user.id}>
                    {shortId(user.id)}
                  </span>
                  {self ? (
                    <Text as="span" fontSize="small" color="font.secondary">
                      (you)
                    </Text>
                  ) : null}
                </span>
              </div>
            </TableCell>
            <TableCell data-label="Email" className="users-table__email">
              {user.email}
            </TableCell>
            {superAdmin ? (
              <TableCell data-label="Organization">
                {user.organization ? (
                  user.organization.name
                ) : (
                  <Text as="span" color="font.tertiary">
                    —
                  </Text>
                )}
              </TableCell>
            ) : null}
            <TableCell data-label="Role" className="users-table__role">
              <SelectField
                label={`Role of ${user.email}`}
                labelHidden
                size="small"
                value={shownRole}
                isDisabled={locked}
                data-role-select={user.id}
                onChange={(event) => {
                  const role = event.target.value;
                  if (isRole(role) && role !== user.role) onPickRole(user, role);
                }}
              >
                {choices.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role]}
                  </option>
                ))}
              </SelectField>
            </TableCell>
            <TableCell data-label="Registered" className="data-table__date">
              <time dateTime={user.created_at}>{formatTimestampDate(user.created_at)}</time>
            </TableCell>
            <TableCell className="data-table__actions row-actions">
              <div className="data-table__buttons">
                <Button
                  size="small"
                  onClick={() => onPasswordReset(user)}
                  aria-label={`Send password reset to ${user.email}`}
                  data-password-reset={user.id}
                >
                  Send password reset
                </Button>
                {superAdmin && !self ? (
                  <Button
                    size="small"
                    variation="link"
                    colorTheme="error"
                    onClick={() => onDelete(user)}
                    aria-label={`Delete ${user.email}`}
                    data-delete-user={user.id}
                  >
                    Delete
                  </Button>
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        );
      })}
    </DataTable>
  );
}
