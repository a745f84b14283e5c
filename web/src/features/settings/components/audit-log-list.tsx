import { LoadError } from '../../../components/load-error';
import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Placeholder,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useId } from 'react';
import type { AuditAction, AuditLog } from '@shared/audit';
import { AUDIT_LOG_PAGE_SIZE } from '@shared/constants';
import { errorMessage } from '../../../api/api-client';
import { useAuditLogs } from '../api/get-audit-logs';
import { ACTION_LABELS, ENTITY_TYPE_LABELS } from './audit-changes';
import { AuditDiff } from './audit-diff';
import '../../../components/data-table.css';
import '../audit-log.css';

const ACTION_BADGES: Record<AuditAction, 'success' | 'info' | 'error'> = {
  created: 'success',
  updated: 'info',
  deleted: 'error',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en-GB', { timeStyle: 'medium' });

function Timestamp({ value }: { value: string }) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>{value}</>;
  return (
    <time dateTime={value} className="audit-time">
      <span className="audit-time__date">{dateFormat.format(date)}</span>{' '}
      <span className="audit-time__time">{timeFormat.format(date)}</span>
    </time>
  );
}

/** An email that may wrap before its @ rather than mid-word. */
function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at <= 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

function AuditRow({ entry }: { entry: AuditLog }) {
  return (
    <TableRow>
      <TableCell data-label="Timestamp">
        <Timestamp value={entry.timestamp} />
      </TableCell>
      <TableCell data-label="Entity">
        <div>
          <Text as="span" display="block" fontWeight="semibold" className="audit-entity__label">
            {entry.entity_label}
          </Text>
          <Text as="span" display="block" fontSize="small" color="font.secondary">
            {ENTITY_TYPE_LABELS[entry.entity_type]}
          </Text>
        </div>
      </TableCell>
      <TableCell data-label="Action">
        <div>
          <Badge size="small" variation={ACTION_BADGES[entry.action]}>
            {ACTION_LABELS[entry.action]}
          </Badge>
        </div>
      </TableCell>
      <TableCell data-label="Changed by" className="audit-changed-by">
        <Email address={entry.changed_by} />
      </TableCell>
      <TableCell data-label="Changes">
        <AuditDiff entry={entry} />
      </TableCell>
    </TableRow>
  );
}

function AuditSkeleton() {
  return (
    <div className="audit-skeleton" aria-hidden="true">
      {Array.from({ length: 5 }, (_, index) => (
        <Placeholder key={index} height="2.5rem" />
      ))}
    </div>
  );
}

interface AuditLogListProps {
  /** The tab is shown: the list loads, and loads again each time the tab is shown. */
  active?: boolean;
}

/** Settings → Audit Logs: who changed what, the latest entries first. */
export function AuditLogList({ active = true }: AuditLogListProps) {
  const headingId = useId();
  const logs = useAuditLogs({ enabled: active });
  const entries = logs.data?.pages.flatMap((page) => page.items);
  const refreshing = logs.isRefetching;

  return (
    <Card variation="outlined" as="section" aria-labelledby={headingId} aria-busy={logs.isFetching}>
      <Flex className="audit-header" justifyContent="space-between" alignItems="flex-start" gap="small">
        <div>
          <Heading level={3} id={headingId}>
            Audit Logs
          </Heading>
          <Text color="font.secondary" marginTop="xxs">
            The latest {AUDIT_LOG_PAGE_SIZE} changes in your organization
          </Text>
        </div>
        <Button
          size="small"
          onClick={() => void logs.refetch()}
          isLoading={refreshing}
          loadingText="Refreshing..."
          isDisabled={!active}
        >
          Refresh
        </Button>
      </Flex>

      <div className="audit-body">
        {logs.isError && !logs.isFetchNextPageError ? (
          <LoadError heading="Could not load the audit logs" query={logs} marginBottom="medium" />
        ) : null}
        {entries === undefined ? (
          logs.isError ? null : (
            <>
              <VisuallyHidden role="status">Loading audit logs...</VisuallyHidden>
              <AuditSkeleton />
            </>
          )
        ) : entries.length === 0 ? (
          <Text color="font.secondary">No audit entries yet</Text>
        ) : (
          <Table size="small" className="responsive-table audit-table" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell as="th" scope="col" className="audit-table__time">
                  Timestamp
                </TableCell>
                <TableCell as="th" scope="col" className="audit-table__entity">
                  Entity
                </TableCell>
                <TableCell as="th" scope="col" className="audit-table__action">
                  Action
                </TableCell>
                <TableCell as="th" scope="col" className="audit-table__by">
                  Changed by
                </TableCell>
                <TableCell as="th" scope="col">
                  Changes
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {entries.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </TableBody>
          </Table>
        )}
        {entries && entries.length > 0 ? (
          <Flex marginTop="medium" alignItems="center" justifyContent="space-between" gap="small" wrap="wrap">
            <Text color="font.secondary" fontSize="small">
              {logs.hasNextPage ? 'Showing the latest' : 'Showing all'}{' '}
              {entries.length.toLocaleString('en-GB')} {entries.length === 1 ? 'entry' : 'entries'}
            </Text>
            {logs.isFetchNextPageError ? (
              <Flex alignItems="center" gap="small" role="alert">
                <Text color="font.error">Could not load older entries: {errorMessage(logs.error)}</Text>
                <Button size="small" onClick={() => void logs.fetchNextPage()}>
                  Try again
                </Button>
              </Flex>
            ) : logs.hasNextPage ? (
              <Button
                onClick={() => void logs.fetchNextPage()}
                isLoading={logs.isFetchingNextPage}
                loadingText="Loading older entries..."
                isDisabled={!active}
              >
                Load older entries
              </Button>
            ) : null}
          </Flex>
        ) : null}
      </div>
    </Card>
  );
}
