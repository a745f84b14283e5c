import { Button, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import type { Ref } from 'react';
import { shortId } from '@shared/constants';
import type { OrganizationSummary } from '@shared/users';
import { ColumnHeaders } from '../../../components/column-headers';
import { DataTable } from '../../../components/data-table';
import { formatTimestampDate } from './user-format';

const COLUMNS = ['Organization', 'Users', 'Created'];

/** Why the viewer's own organisation has no working Delete: the server refuses it too. */
export const OWN_ORGANIZATION_TITLE = 'Your own organization cannot be deleted';

interface OrganizationsTableProps {
  ref?: Ref<HTMLDivElement>;
  organizations: readonly OrganizationSummary[];
  /** The viewer's organisation: its Delete is disabled. */
  ownOrganizationId: string;
  /** A refetch is under way. */
  busy: boolean;
  onDelete: (organization: OrganizationSummary) => void;
}

/** The organisations with their user counts and Delete; on phones each row is a card (DataTable). */
export function OrganizationsTable({
  ref,
  organizations,
  ownOrganizationId,
  busy,
  onDelete,
}: OrganizationsTableProps) {
  return (
    <DataTable
      ref={ref}
      label="Organizations"
      busy={busy}
      className="organizations-table"
      header={
        <>
          <ColumnHeaders labels={COLUMNS} />
          <TableCell as="th" scope="col" className="data-table__actions">
            Actions
          </TableCell>
        </>
      }
    >
      {organizations.map((organization) => {
        const own = organization.id === ownOrganizationId;
        return (
          <TableRow key={organization.id}>
            <TableCell as="th" scope="row" className="organizations-table__name-cell">
              <span className="users-table__who">
                <span className="users-table__name">{organization.name}</span>
                <span className="data-table__mono users-table__id" title={organization.id}>
                  {shortId(organization.id)}
                </span>
                {own ? (
                  <Text as="span" fontSize="small" color="font.secondary">
                    (yours)
                  </Text>
                ) : null}
              </span>
            </TableCell>
            <TableCell data-label="Users" className="organizations-table__count">
              {organization.user_count.toLocaleString('en-GB')}
            </TableCell>
            <TableCell data-label="Created" className="data-table__date">
              <time dateTime={organization.created_at}>{formatTimestampDate(organization.created_at)}</time>
            </TableCell>
            <TableCell className="data-table__actions row-actions">
              <div className="data-table__buttons">
                {/* A disabled button gets no pointer events in some browsers: the wrapper carries the title. */}
                <span title={own ? OWN_ORGANIZATION_TITLE : undefined}>
                  <Button
                    size="small"
                    variation="link"
                    colorTheme="error"
                    isDisabled={own}
                    title={own ? OWN_ORGANIZATION_TITLE : undefined}
                    onClick={() => onDelete(organization)}
                    aria-label={`Delete the organization ${organization.name}`}
                    data-delete-organization={organization.id}
                  >
                    Delete
                  </Button>
                </span>
              </div>
            </TableCell>
          </TableRow>
        );
      })}
    </DataTable>
  );
}
