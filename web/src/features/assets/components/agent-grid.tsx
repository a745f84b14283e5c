import { LoadError } from '../../../components/load-error';
import { Alert, Button, Heading, Placeholder, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  AGENT_FIRST_REPORT_MINUTES,
  AGENT_REPORT_INTERVAL_MINUTES,
  agentFreshness,
  type AgentFreshness,
  type AgentInventory,
  type AgentListResponse,
  type AgentSort,
  type AgentSummary,
} from '@shared/agent-data';
import type { AgentFilters } from '../api/agent-keys';
import { hasRole } from '@shared/constants';
import { useCurrentUser } from '../../../api/me';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListFooter, showingText } from '../../../components/list-footer';
import { listTotal } from '../../../components/list-total';
import { useDeleteAgent } from '../api/delete-agent';
import { errorMessage } from '../../../api/api-client';
import { AgentCard } from './agent-card';
import { AgentGridToolbar } from './agent-grid-toolbar';
import { plural } from '../../../components/format';
import { FRESHNESS_LABELS } from './agent-format';
import { lazyFormat } from '../../../components/format';
import '../../../components/list.css';

interface AgentGridProps {
  list: UseInfiniteQueryResult<InfiniteData<AgentListResponse>>;
  now: Date;
  /** What the person chose: the search as typed, the freshness colour, in the inventory or not, the order. */
  filters: { search: string } & Omit<AgentFilters, 'q'>;
  /** The search typed has not been asked of the API yet. */
  searching: boolean;
  onSearchChange: (search: string) => void;
  onFreshnessChange: (freshness: AgentFreshness | '') => void;
  onInventoryChange: (inventory: AgentInventory | '') => void;
  onSortChange: (sort: AgentSort) => void;
  /** Fetching further pages on its own until a page's worth of machines shows (useFilledTable). */
  filling: boolean;
  loadMore: () => void;
  /** The address of a machine's detail view. */
  machineLink: (machineId: string) => { search: string };
  /** The machine whose card takes focus when the grid shows again (after Back to List). */
  returnFocusRef: RefObject<string | null>;
}

const TIME = lazyFormat(() => new Intl.DateTimeFormat('en-GB', { timeStyle: 'short' }));

/**
 * Assets → Agent Monitoring: the fleet of machines, searched, filtered by freshness and ordered by
 * the API, refreshed every minute while the page is visible (useAgentList) and on Refresh.
 */
export function AgentGrid({
  list,
  now,
  filters,
  searching,
  onSearchChange,
  onFreshnessChange,
  onInventoryChange,
  onSortChange,
  filling,
  loadMore,
  machineLink,
  returnFocusRef,
}: AgentGridProps) {
  const pages = list.data?.pages;
  const machines = pages?.flatMap((page) => page.items);
  const counted = pages ? listTotal(pages) : null;
  const total = counted?.count ?? 0;
  const { profile } = useCurrentUser();
  const isAdmin = hasRole(profile.role, 'admin');
  const deletion = useDeleteAgent();
  const [deleting, setDeleting] = useState<AgentSummary | null>(null);
  const online =
    machines?.filter((machine) => agentFreshness(machine.last_seen, now) === 'green').length ?? 0;
  const filtered = filters.search.trim() !== '' || filters.freshness !== '' || filters.inventory !== '';
  // The machines shown are another filter's until its answer comes.
  const changing = searching || list.isPlaceholderData;
  const refreshing = list.isFetching && !list.isPending && !changing;
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
  }, [returnFocusRef, machines]);

  const refresh = () => {
    if (refreshing) return;
    setRefreshNote('Refreshing machines…');
    void list
      .refetch()
      .then((result) =>
        setRefreshNote(
          result.isError
            ? 'Could not refresh the machines'
            : `Machines updated: ${plural(result.data?.pages[0]?.total ?? 0, 'machine', 'machines')}`,
        ),
      );
  };

  const clearFilters = () => {
    onSearchChange('');
    onFreshnessChange('');
    onInventoryChange('');
    searchRef.current?.focus();
  };

  const announcement = list.isPending
    ? 'Loading machines…'
    : changing
      ? 'Searching…'
      : refreshing
        ? 'Refreshing machines…'
        : filtered && machines
          ? `${counted?.exact === false ? 'At least ' : ''}${plural(total, 'machine matches', 'machines match')}`
          : refreshNote;

  const confirmDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.machine_id, {
      onSuccess: () => {
        setRefreshNote(`${deleting.hostname} deleted`);
        setDeleting(null);
        searchRef.current?.focus();
      },
    });
  };

  return (
    <div className="agent-tab">
      <AgentGridToolbar
        filters={filters}
        searchRef={searchRef}
        refreshing={refreshing}
        onRefresh={refresh}
        onSearchChange={onSearchChange}
        onFreshnessChange={onFreshnessChange}
        onInventoryChange={onInventoryChange}
        onSortChange={onSortChange}
      />

      <VisuallyHidden role="status">{announcement}</VisuallyHidden>

      {machines && (machines.length > 0 || filtered) ? (
        <p className="agent-summary" data-testid="agent-summary">
          <span>
            {filtered
              ? `${counted?.exact === false ? 'At least ' : ''}${plural(total, 'machine matches', 'machines match')}`
              : list.hasNextPage
                ? plural(total, 'machine', 'machines')
                : // Online is counted over the machines loaded: all of them once no page is left.
                  `${plural(total, 'machine', 'machines')} · ${online.toLocaleString('en-GB')} online`}
          </span>
          {list.dataUpdatedAt ? (
            <span className="agent-summary__extra">
              Updated {TIME().format(list.dataUpdatedAt)} · refreshes every minute
            </span>
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
      ) : !machines || (machines.length === 0 && !filtered && !list.hasNextPage) ? (
        <NoMachines />
      ) : machines.length === 0 && !list.hasNextPage ? (
        <div className="empty-state agent-empty">
          <Heading level={3} className="agent-empty__title">
            {emptyHeading(filters)}
          </Heading>
          <Text color="font.secondary">
            Try a hostname, user, operating system or service tag, or another freshness.
          </Text>
          <Button marginTop="small" onClick={clearFilters}>
            Clear search and filter
          </Button>
        </div>
      ) : (
        <ul ref={gridRef} className="agent-grid" aria-label="Machines" aria-busy={refreshing || changing}>
          {machines.map((machine) => (
            <AgentCard
              key={machine.machine_id}
              machine={machine}
              now={now}
              to={machineLink(machine.machine_id)}
              {...(isAdmin ? { onDelete: setDeleting } : {})}
            />
          ))}
        </ul>
      )}

      {machines && !list.isPending ? (
        <ListFooter
          pager={{
            list,
            filtered,
            filling,
            settled: !changing,
            loadMore,
          }}
          showing={showingText(machines.length, counted, ['machine', 'machines'], list.hasNextPage)}
        />
      ) : null}

      {deleting ? (
        <ConfirmDialog
          question="Are you sure you want to delete this machine? Its agent will need to enrol again."
          detail={<Text>{deleting.hostname}</Text>}
          confirmLabel="Delete machine"
          busy={deletion.isPending}
          error={
            deletion.isError
              ? { heading: 'Could not delete the machine', message: errorMessage(deletion.error) }
              : null
          }
          onConfirm={confirmDelete}
          onCancel={() => {
            deletion.reset();
            setDeleting(null);
          }}
          returnFocus={() =>
            gridRef.current?.querySelector<HTMLElement>(
              `[data-delete-machine="${CSS.escape(deleting.machine_id)}"]`,
            ) ?? searchRef.current
          }
        />
      ) : null}
    </div>
  );
}

/** What a filtered fleet with no machine says: the filter alone, or a search that found none. */
function emptyHeading({ search, freshness, inventory }: AgentGridProps['filters']): string {
  if (search.trim() !== '' || (freshness && inventory)) return 'No machines match your search';
  if (inventory === 'not_linked') return 'Every machine is in the inventory';
  if (inventory === 'linked') return `No machine is linked to a hardware asset yet`;
  if (inventory === 'possible_duplicate') return 'No machine is a possible duplicate';
  return freshness
    ? `No machines are ${FRESHNESS_LABELS[freshness].toLowerCase()}`
    : 'No machines match your search';
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
      <Button as={RouterLink} to="/settings" variation="primary" className="agent-empty__action">
        Get an API key in Settings
      </Button>
    </div>
  );
}
