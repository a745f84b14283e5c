import {
  Alert,
  Button,
  SearchField,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
} from '@aws-amplify/ui-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ColumnHeaders } from '../../../components/column-headers';
import { formatCount } from '../../../components/format';
import { EmptyState, ListLoading } from '../../../components/list-states';
import { describeShown, listTotal } from '../../../components/list-total';
import { LoadError } from '../../../components/load-error';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import { errorMessage } from '../../../api/api-client';
import { listAllSoftware, useSoftwareList } from '../api/software';
import { softwareReportCsv, softwareReportFileName } from '../software-report';
import { SoftwareExportButton } from './software-export-button';
import { SoftwareMachines } from './software-machines';
import { SoftwareVersions } from './software-versions';
import '../../../components/data-table.css';
import '../software.css';

const SEARCH_DEBOUNCE_MS = 300;
/** The query parameter of the program whose machines are shown: /assets?tab=software&program=… */
export const PROGRAM_PARAM = 'program';
const PROGRAMS: readonly [string, string] = ['program', 'programs'];

/**
 * Assets → Software: every program the organisation's agents report, with how many machines have
 * it and its versions; search, Load more, Export CSV. Selecting a program shows its machines.
 */
export function SoftwareTab() {
  const [searchParams, setSearchParams] = useSearchParams();
  const program = searchParams.get(PROGRAM_PARAM);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useSoftwareList(q);
  const [notice, setNotice] = useState<{ message: string; failed: boolean } | null>(null);

  const selectProgram = (name: string | null) =>
    setSearchParams((params) => {
      if (name === null) params.delete(PROGRAM_PARAM);
      else params.set(PROGRAM_PARAM, name);
      return params;
    });

  if (program) return <SoftwareMachines name={program} onBack={() => selectProgram(null)} />;

  const pages = list.data?.pages ?? [];
  const programs = pages.flatMap((page) => page.items);
  const total = listTotal(pages);
  const searching = search.trim() !== q || (list.isPlaceholderData && list.isFetching);

  const body = () => {
    if (list.isPending) return <ListLoading text="Loading software…" />;
    if (list.isError && !list.data)
      return <LoadError heading="Could not load the software inventory" query={list} />;
    if (programs.length === 0 && !list.hasNextPage) {
      return q ? (
        <EmptyState level={3} heading="No programs match your search">
          <Text color="font.secondary">Try other words.</Text>
          <Button marginTop="small" onClick={() => setSearch('')}>
            Clear search
          </Button>
        </EmptyState>
      ) : (
        <EmptyState level={3} heading="No software reported yet">
          <Text color="font.secondary">
            No software reported yet. Programs appear here once a monitoring agent reports its machine's
            installed software (Settings → Monitoring Agent).
          </Text>
        </EmptyState>
      );
    }
    return (
      <div className="table-scroll" aria-busy={searching}>
        <Table className="responsive-table software-table" aria-label="Software">
          <TableHead>
            <TableRow>
              <ColumnHeaders labels={['Program', 'Machines', 'Versions']} />
            </TableRow>
          </TableHead>
          <TableBody>
            {programs.map((item) => (
              <TableRow key={item.name}>
                <TableCell as="th" scope="row" className="software-table__name">
                  <button type="button" className="software-link" onClick={() => selectProgram(item.name)}>
                    {item.name}
                  </button>
                </TableCell>
                <TableCell data-label="Machines" className="software-table__count">
                  {formatCount(item.machines)}
                </TableCell>
                <TableCell data-label="Versions">
                  <SoftwareVersions program={item} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    );
  };

  return (
    <div className="software-tab">
      <div className="list-toolbar" role="search" aria-label="Software">
        <SearchField
          className="list-toolbar__search"
          label="Search software"
          labelHidden={false}
          placeholder="Program name"
          hasSearchButton={false}
          hasSearchIcon
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onClear={() => setSearch('')}
          maxLength={100}
        />
        <div className="list-toolbar__actions">
          <SoftwareExportButton
            label="Export CSV"
            noun={PROGRAMS}
            isDisabled={programs.length === 0}
            load={async (onProgress, signal) => {
              const all = await listAllSoftware(q, onProgress, signal);
              return {
                csv: softwareReportCsv(all),
                fileName: softwareReportFileName(new Date()),
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
      {body()}
      <div className="list-footer">
        <Text color="font.secondary" fontSize="small" data-testid="software-shown">
          {programs.length > 0 ? `Showing ${describeShown(programs.length, total, PROGRAMS)}` : null}
        </Text>
        {list.isFetchNextPageError ? (
          <Text color="font.error" role="alert">
            Could not load more: {errorMessage(list.error)}
          </Text>
        ) : null}
        {list.hasNextPage ? (
          <Button
            onClick={() => void list.fetchNextPage()}
            isLoading={list.isFetchingNextPage}
            loadingText="Loading more…"
          >
            Load more
          </Button>
        ) : null}
      </div>
    </div>
  );
}
