import {
  Button,
  SelectField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  Alert,
} from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ColumnHeaders } from '../../../components/column-headers';
import { plural } from '../../../components/format';
import { EmptyState, ListLoading } from '../../../components/list-states';
import { LoadError } from '../../../components/load-error';
import { errorMessage } from '../../../api/api-client';
import { listAllSoftwareMachines, useSoftwareList, useSoftwareMachines } from '../api/software';
import { softwareMachinesReportCsv, softwareMachinesReportFileName, versionLabel } from '../software-report';
import { formatDateTime, formatDayOf } from '../../../components/format';
import { SoftwareExportButton } from './software-export-button';
import { SoftwareVersions } from './software-versions';

const MACHINES: readonly [string, string] = ['machine', 'machines'];

/** The machine page of the Agent Monitoring tab. */
const machineLink = (machineId: string) => `/assets?machine=${encodeURIComponent(machineId)}`;

/**
 * One program: the machines that have it (hostname to the machine's page, version, since, last
 * seen), narrowed to a version, a page per Load more, Export CSV.
 */
export function SoftwareMachines({ name, onBack }: { name: string; onBack: () => void }) {
  const [version, setVersion] = useState<string | null>(null);
  const machines = useSoftwareMachines(name, version);
  // The program's own entry (its versions for the filter): a search of its name.
  const programs = useSoftwareList(name);
  const program = programs.data?.pages
    .flatMap((page) => page.items)
    .find((item) => item.name.toLowerCase() === name.toLowerCase());
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const rows = machines.data?.pages.flatMap((page) => page.items) ?? [];
  const total = machines.data?.pages[0]?.total ?? null;

  return (
    <article className="software-program" aria-labelledby="software-program-title">
      <Button onClick={onBack} marginBottom="medium">
        ← Back to Software
      </Button>
      <h3 ref={headingRef} tabIndex={-1} id="software-program-title" className="software-program__title">
        {program?.name ?? name}
      </h3>
      {program ? <SoftwareVersions program={program} /> : null}
      <div className="list-toolbar software-program__toolbar">
        <SelectField
          label="Version"
          value={version ?? '*'}
          onChange={(event) => setVersion(event.target.value === '*' ? null : event.target.value)}
        >
          <option value="*">All versions</option>
          {(program?.versions ?? []).map((entry) => (
            <option key={entry.version} value={entry.version}>
              {versionLabel(entry.version)} ({entry.machines})
            </option>
          ))}
        </SelectField>
        <div className="list-toolbar__actions">
          <SoftwareExportButton
            label="Export CSV"
            noun={MACHINES}
            isDisabled={rows.length === 0}
            load={async (onProgress, signal) => {
              const all = await listAllSoftwareMachines(name, version, onProgress, signal);
              return {
                csv: softwareMachinesReportCsv(all),
                fileName: softwareMachinesReportFileName(program?.name ?? name, new Date()),
                rows: all.length,
              };
            }}
            onDone={(message, failed) => setNotice({ message, failed })}
          />
        </div>
      </div>
      {notice ? (
        <Alert
          variation={notice.failed ? 'error' : 'success'}
          isDismissible
          onDismiss={() => setNotice(null)}
          marginBottom="small"
          role={notice.failed ? 'alert' : 'status'}
        >
          {notice.message}
        </Alert>
      ) : null}
      {machines.isPending ? (
        <ListLoading text="Loading machines…" />
      ) : machines.isError && !machines.data ? (
        <LoadError heading="Could not load the machines" query={machines} />
      ) : rows.length === 0 && !machines.hasNextPage ? (
        <EmptyState level={4} heading="No machine has this program">
          <Text color="font.secondary">It may have been removed since.</Text>
        </EmptyState>
      ) : (
        <div className="table-scroll" aria-busy={machines.isFetching}>
          <Table
            className="responsive-table software-table"
            aria-label={`Machines with ${program?.name ?? name}`}
          >
            <TableHead>
              <TableRow>
                <ColumnHeaders labels={['Hostname', 'Version', 'Since', 'Last seen']} />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((machine) => (
                <TableRow key={machine.machine_id}>
                  <TableCell as="th" scope="row">
                    <Link to={machineLink(machine.machine_id)} className="software-link">
                      {machine.hostname}
                    </Link>
                  </TableCell>
                  <TableCell data-label="Version" className="data-table__mono">
                    {machine.versions.map(versionLabel).join(', ')}
                  </TableCell>
                  <TableCell data-label="Since">{formatDayOf(machine.since)}</TableCell>
                  <TableCell data-label="Last seen">
                    {machine.last_seen ? formatDateTime(machine.last_seen) : '—'}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <div className="list-footer">
        <Text color="font.secondary" fontSize="small" data-testid="software-machines-shown">
          {rows.length > 0 && total !== null
            ? `Showing ${rows.length.toLocaleString('en-GB')} of ${plural(Math.max(total, rows.length), ...MACHINES)}`
            : null}
        </Text>
        {machines.isFetchNextPageError ? (
          <Text color="font.error" role="alert">
            Could not load more: {errorMessage(machines.error)}
          </Text>
        ) : null}
        {machines.hasNextPage ? (
          <Button
            onClick={() => void machines.fetchNextPage()}
            isLoading={machines.isFetchingNextPage}
            loadingText="Loading more…"
          >
            Load more
          </Button>
        ) : null}
      </div>
    </article>
  );
}
