import { LoadError } from '../../../components/load-error';
import {
  Alert,
  Button,
  Heading,
  Loader,
  Placeholder,
  SearchField,
  Text,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import {
  AGENT_FIRST_REPORT_MINUTES,
  AGENT_REPORT_INTERVAL_MINUTES,
  agentFreshness,
  type AgentSummary,
} from '../../../../../shared/agent-data';
import { errorMessage } from '../../../api/api-client';
import { AgentCard } from './agent-card';
import { machineMatches, plural, searchWords } from './agent-format';
import { lazyFormat } from '../../../components/format';

interface AgentGridProps {
  list: UseQueryResult<AgentSummary[]>;
  now: Date;
  search: string;
  onSearchChange: (search: string) => void;
  /** The address of a machine's detail view. */
  machineLink: (machineId: string) => { search: string };
  /** The machine whose card takes focus when the grid shows again (after Back to List). */
  returnFocusRef: RefObject<string | null>;
}

const TIME = lazyFormat(() => new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }));

/** Assets → Agent Monitoring: the searchable fleet of machines, newest report first. */
export function AgentGrid({
  list,
  now,
  search,
  onSearchChange,
  machineLink,
  returnFocusRef,
}: AgentGridProps) {
  const machines = list.data;
  const deferredSearch = useDeferredValue(search);
  const words = useMemo(() => searchWords(deferredSearch), [deferredSearch]);
  const shown = useMemo(
    () => machines?.filter((machine) => machineMatches(machine, words)) ?? [],
    [machines, words],
  );
  const online =
    machines?.filter((machine) => agentFreshness(machine.last_seen, now) === 'green').length ?? 0;
  const filtered = words.length > 0;
  const refreshing = list.isFetching && !list.isPending;
  const [refreshNote, setRefreshNote] = useState('');
  const gridRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  // Back from a machine: its card gets focus again (and scrolls into view).
  useEffect(() => {
    const machineId = returnFocusRef.current;
    if (!machineId || !gridRef.current) return;
    returnFocusRef.current = null;
    const link = [...gridRef.current.querySelectorAll<HTMLElement>('[data-machine-link]')].find(
      (element) => element.dataset.machineLink === machineId,
    );
    link?.focus();
  }, [returnFocusRef, shown]);

  const refresh = () => {
    if (refreshing) return;
    setRefreshNote('Refreshing machines…');
    void list
      .refetch()
      .then((result) =>
        setRefreshNote(
          result.isError
            ? 'Could not refresh the machines'
            : `Machines updated: ${plural(result.data?.length ?? 0, 'machine', 'machines')}`,
        ),
      );
  };

  const clearSearch = () => {
    onSearchChange('');
    searchRef.current?.focus();
  };

  const announcement = list.isPending
    ? 'Loading machines…'
    : refreshing
      ? 'Refreshing machines…'
      : filtered && machines
        ? `${plural(shown.length, 'machine matches', 'machines match')} your search`
        : refreshNote;

  return (
    <div className="agent-tab">
      <div className="toolbar" role="search" aria-label="Machines">
        <SearchField
          ref={searchRef}
          className="toolbar__search"
          label="Search machines"
          labelHidden={false}
          placeholder="Hostname, user, OS or service tag"
          hasSearchButton={false}
          hasSearchIcon
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          onClear={() => onSearchChange('')}
          maxLength={100}
        />
        <Button
          className="agent-toolbar__refresh"
          onClick={refresh}
          aria-disabled={refreshing}
          data-busy={refreshing}
        >
          {refreshing ? (
            <>
              <Loader size="small" aria-hidden="true" />
              Refreshing…
            </>
          ) : (
            <>
              <span className="agent-toolbar__icon" aria-hidden="true">
                ↻
              </span>
              Refresh
            </>
          )}
        </Button>
      </div>

      <VisuallyHidden role="status">{announcement}</VisuallyHidden>

      {machines && machines.length > 0 ? (
        <p className="agent-summary" data-testid="agent-summary">
          <span>
            {plural(machines.length, 'machine', 'machines')} · {online.toLocaleString('en-GB')} online
          </span>
          {filtered ? (
            <span className="agent-summary__extra">
              Showing {shown.length.toLocaleString('en-GB')} of {machines.length.toLocaleString('en-GB')}
            </span>
          ) : null}
          {list.dataUpdatedAt ? (
            <span className="agent-summary__extra">Updated {TIME().format(list.dataUpdatedAt)}</span>
          ) : null}
        </p>
      ) : null}

      {list.isError && machines ? (
        <Alert variation="error" heading="Could not refresh the machines" role="alert" marginBottom="medium">
          {errorMessage(list.error)} The list below is from {TIME().format(list.dataUpdatedAt)}.
        </Alert>
      ) : null}

      {list.isPending ? (
        <GridSkeleton />
      ) : list.isError && !machines ? (
        <LoadError heading="Could not load the machines" query={list} />
      ) : !machines || machines.length === 0 ? (
        <NoMachines />
      ) : shown.length === 0 ? (
        <div className="empty-state agent-empty">
          <Heading level={3} className="agent-empty__title">
            No machines match your search
          </Heading>
          <Text color="font.secondary">Try a hostname, user, operating system or service tag.</Text>
          <Button marginTop="small" onClick={clearSearch}>
            Clear search
          </Button>
        </div>
      ) : (
        <ul
          ref={gridRef}
          className="agent-grid"
          aria-label="Machines"
          aria-busy={refreshing || search !== deferredSearch}
        >
          {shown.map((machine) => (
            <AgentCard
              key={machine.machine_id}
              machine={machine}
              now={now}
              to={machineLink(machine.machine_id)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function GridSkeleton() {
  return (
    <ul className="agent-grid" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="agent-card agent-card--skeleton">
          <Placeholder height="1.5rem" width="60%" />
          <Placeholder height="1rem" marginTop="small" />
          <Placeholder height="1rem" marginTop="xs" />
          <Placeholder height="1rem" marginTop="xs" width="70%" />
        </li>
      ))}
    </ul>
  );
}

function NoMachines() {
  return (
    <div className="empty-state agent-empty">
      <Heading level={3} className="agent-empty__title">
        No machines yet
      </Heading>
      <Text color="font.secondary" className="agent-empty__text">
        Machines appear here once the monitoring agent is installed on them with an API key from Settings. An
        agent sends its first report about {AGENT_FIRST_REPORT_MINUTES} minutes after it starts, then every{' '}
        {AGENT_REPORT_INTERVAL_MINUTES} minutes.
      </Text>
      <Link to="/settings" className="amplify-button amplify-button--primary agent-empty__action">
        Get an API key in Settings
      </Link>
    </div>
  );
}
