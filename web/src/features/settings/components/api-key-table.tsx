import { LoadError } from '../../../components/load-error';
import {
  Button,
  Placeholder,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Ref } from 'react';
import type { ApiKey, ApiKeyListResponse } from '@shared/api-keys';
import { ColumnHeaders } from '../../../components/column-headers';
import { formatCreated, formatLastUsed, shortenedKey } from './api-key-format';
import '../../../components/data-table.css';
import '../api-keys.css';

export const NO_API_KEYS = 'No API keys yet. Generate one to connect a monitoring agent.';

interface ApiKeyTableProps {
  keys: UseQueryResult<ApiKeyListResponse>;
  /** Admins get a Delete button per key. */
  canManage: boolean;
  onDelete: (key: ApiKey) => void;
  /** Admins get Rotate too (issue 35): a new secret, the old one stops enrolling. */
  onRotate: (key: ApiKey) => void;
  /** The list's region, which takes focus when a deleted key's row is gone. */
  regionRef: Ref<HTMLDivElement>;
  labelledBy: string;
}

function ApiKeySkeleton() {
  return (
    <div className="api-keys__skeleton" aria-hidden="true">
      {Array.from({ length: 2 }, (_, index) => (
        <Placeholder key={index} height="2.5rem" />
      ))}
    </div>
  );
}

/** The organisation's keys: name, shortened key, created, last used, and Rotate and Delete for admins. */
export function ApiKeyTable({
  keys,
  canManage,
  onDelete,
  onRotate,
  regionRef,
  labelledBy,
}: ApiKeyTableProps) {
  const items = keys.data?.items;
  return (
    <div ref={regionRef} tabIndex={-1} className="api-keys__list" aria-busy={keys.isFetching}>
      {keys.isError ? (
        <LoadError heading="Could not load the API keys" query={keys} marginBottom="small" />
      ) : null}
      {items === undefined ? (
        keys.isError ? null : (
          <>
            <VisuallyHidden role="status">Loading API keys...</VisuallyHidden>
            <ApiKeySkeleton />
          </>
        )
      ) : items.length === 0 ? (
        <Text className="api-keys__empty" color="font.secondary">
          {NO_API_KEYS}
        </Text>
      ) : (
        <Table size="small" className="responsive-table api-keys__table" aria-labelledby={labelledBy}>
          <TableHead>
            <TableRow>
              <ColumnHeaders labels={['Name', 'Key', 'Created', 'Last used']} />
              {canManage ? (
                <TableCell as="th" scope="col" className="api-keys__actions">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((key) => (
              <TableRow key={key.id}>
                <TableCell as="th" scope="row" data-label="Name" className="api-keys__name">
                  {key.name}
                </TableCell>
                <TableCell data-label="Key">
                  <code className="api-keys__prefix">{shortenedKey(key)}</code>
                </TableCell>
                <TableCell data-label="Created" className="api-keys__date">
                  <time dateTime={key.created_at}>{formatCreated(key.created_at)}</time>
                </TableCell>
                <TableCell data-label="Last used" className="api-keys__date">
                  {key.last_used_at ? (
                    <time dateTime={key.last_used_at}>{formatLastUsed(key.last_used_at)}</time>
                  ) : (
                    formatLastUsed(null)
                  )}
                </TableCell>
                {canManage ? (
                  <TableCell className="api-keys__actions row-actions">
                    <Button
                      size="small"
                      onClick={() => onRotate(key)}
                      aria-label={`Rotate ${key.name} ${shortenedKey(key)}`}
                    >
                      Rotate
                    </Button>
                    <Button
                      size="small"
                      colorTheme="error"
                      onClick={() => onDelete(key)}
                      aria-label={`Delete ${key.name} ${shortenedKey(key)}`}
                    >
                      Delete
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
