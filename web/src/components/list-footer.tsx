import { Button, Flex, Loader, Text } from '@aws-amplify/ui-react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../api/api-client';

interface ListFooterProps {
  list: UseInfiniteQueryResult<InfiniteData<unknown>>;
  /** How many rows are shown, and what they are called: "Showing 24 disposal items". */
  shown: string | null;
  /** `shown` says of how many too ("24 of 1,234 hardware assets"): no "(more available)". */
  counted?: boolean;
  filtered: boolean;
  /** Fetching further pages on its own (see useFilledTable). */
  filling: boolean;
  settled: boolean;
  loadMore: () => void;
}

/**
 * Under a searchable list: how many rows are shown, then whichever applies of a failed page with
 * Try again, the progress of pages fetched to fill the table, or Load more.
 */
export function ListFooter({
  list,
  shown,
  counted = false,
  filtered,
  filling,
  settled,
  loadMore,
}: ListFooterProps) {
  return (
    <>
      {!shown && filling ? (
        <Flex className="hardware-state" alignItems="center" justifyContent="center" gap="small">
          <Loader aria-hidden="true" />
          <Text>Searching…</Text>
        </Flex>
      ) : null}
      <div className="hardware-footer">
        <Text color="font.secondary" fontSize="small">
          {shown ? `Showing ${shown}${list.hasNextPage && !counted ? ' (more available)' : ''}` : null}
        </Text>
        {list.isFetchNextPageError ? (
          <Flex alignItems="center" gap="small" role="alert">
            <Text color="font.error">Could not load more: {errorMessage(list.error)}</Text>
            <Button size="small" onClick={() => void list.fetchNextPage()}>
              Try again
            </Button>
          </Flex>
        ) : filling && shown ? (
          <Flex alignItems="center" gap="xs">
            <Loader size="small" aria-hidden="true" />
            <Text fontSize="small">{filtered ? 'Searching…' : 'Loading more…'}</Text>
          </Flex>
        ) : list.hasNextPage && settled ? (
          <Button onClick={loadMore} isLoading={list.isFetchingNextPage} loadingText="Loading more…">
            Load more
          </Button>
        ) : null}
      </div>
    </>
  );
}
