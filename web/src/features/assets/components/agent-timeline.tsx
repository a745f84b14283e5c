import { Button, Loader, Text } from '@aws-amplify/ui-react';
import { useId, useState } from 'react';
import type { MachineChangeFilter } from '@shared/inventory';
import { errorMessage } from '../../../api/api-client';
import { LoadError } from '../../../components/load-error';
import { useMachineChanges } from '../api/software';
import { formatDateTime } from '../../../components/format';
import { KIND_LABELS, TIMELINE_FILTERS, timelineSentence } from './agent-timeline-format';
import '../software.css';

/**
 * The machine's timeline (issue 27): what each report found changed, newest first, filtered by
 * kind with chips, a page per Load more. A filtered page may be short while more is to be looked
 * through (the API reads a bounded number of reports per page): Load more then goes on.
 */
export function AgentTimeline({ machineId }: { machineId: string }) {
  const headingId = useId();
  const [filter, setFilter] = useState<MachineChangeFilter | null>(null);
  const changes = useMachineChanges(machineId, filter);
  const events = changes.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="agent-section agent-section--wide agent-timeline" aria-labelledby={headingId}>
      <h4 className="agent-section__title" id={headingId}>
        Timeline
      </h4>
      <div className="timeline-filters" role="group" aria-label="Show events">
        {TIMELINE_FILTERS.map((chip) => (
          <button
            key={chip.label}
            type="button"
            className="timeline-chip"
            aria-pressed={filter === chip.filter}
            onClick={() => setFilter(chip.filter)}
          >
            {chip.label}
          </button>
        ))}
      </div>
      {changes.isPending ? (
        <div className="timeline-state">
          <Loader aria-hidden="true" /> <Text as="span">Loading the timeline…</Text>
        </div>
      ) : changes.isError && !changes.data ? (
        <LoadError heading="Could not load the timeline" query={changes} />
      ) : events.length === 0 && !changes.hasNextPage ? (
        <p className="agent-muted">
          {filter === null
            ? 'No changes recorded yet. Each report is compared with the one before it; what changed appears here.'
            : 'No changes of this kind.'}
        </p>
      ) : (
        <ol className="timeline" aria-busy={changes.isFetching}>
          {events.map((event, index) => (
            <li
              key={`${event.at}-${index}`}
              className={`timeline__event timeline__event--${KIND_LABELS[event.kind].toLowerCase()}`}
            >
              <time dateTime={event.at} className="timeline__time">
                {formatDateTime(event.at)}
              </time>
              <span className="timeline__kind">{KIND_LABELS[event.kind]}</span>
              <span className="timeline__sentence agent-wrap">{timelineSentence(event)}</span>
            </li>
          ))}
        </ol>
      )}
      {changes.isFetchNextPageError ? (
        <Text color="font.error" role="alert">
          Could not load more: {errorMessage(changes.error)}
        </Text>
      ) : null}
      {changes.hasNextPage ? (
        <Button
          size="small"
          marginTop="small"
          onClick={() => void changes.fetchNextPage()}
          isLoading={changes.isFetchingNextPage}
          loadingText="Loading more…"
        >
          Load more
        </Button>
      ) : null}
    </section>
  );
}
