// @vitest-environment jsdom
import { keepPreviousData, QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '@shared/api';
import { ListContent } from './list-content';
import { ListFooter, showingText } from './list-footer';
import { EmptyState, NoMatches } from './list-states';
import { ListToolbar } from './list-toolbar';
import { useListFilters, type ListFilters } from './use-list-filters';
import { listAnnouncement, useSearchableList } from './use-searchable-list';

// Without vitest's globals Testing Library cannot register its own cleanup: each test starts empty.
afterEach(cleanup);

interface Asset {
  id: string;
  name: string;
}

const NAMES = ['Laptop', 'Monitor', 'Dock', 'Mouse', 'Keyboard'];
const PAGE_SIZE = 2;
const NOUN = ['hardware asset', 'hardware assets'] as const;
const FAILURE = 'The service is unavailable';

/**
 * The list API as the hardware list's server answers it: each request reads PAGE_SIZE stored rows
 * from its cursor and returns those that match, so a searched page may come back short while more
 * remain. The test can make the next requests fail, or hold the request for one cursor.
 */
function fakeServer(names: readonly string[] = NAMES) {
  let release: () => void = () => undefined;
  const server = {
    failures: 0,
    holdCursor: null as string | null,
    /** Lets the held request answer. */
    release: () => release(),
    async list({ q }: ListFilters<string>, cursor: string | null): Promise<Page<Asset>> {
      if (cursor !== null && cursor === server.holdCursor) {
        await new Promise<void>((resolve) => (release = resolve));
      }
      // An answer comes in a later task, as over a network. One within the same task is seen by
      // React only once it is over, and useFilledTable's effect, which waits for isFetching to
      // turn false, would never see it turn and leave a short page unfilled.
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (server.failures > 0) {
        server.failures -= 1;
        throw new Error(FAILURE);
      }
      const start = cursor ? Number(cursor) : 0;
      const read = names.slice(start, start + PAGE_SIZE);
      const end = start + read.length;
      return {
        items: read
          .map((name, index) => ({ id: String(start + index), name }))
          .filter((asset) => asset.name.toLowerCase().includes(q.toLowerCase())),
        next_cursor: end < names.length ? String(end) : null,
      };
    },
  };
  return server;
}
type Server = ReturnType<typeof fakeServer>;

/** A searchable list as the hardware and disposal pages build it, on react-query. */
function AssetList({ server, counted }: { server: Server; counted: boolean }) {
  const filters = useListFilters(['Active', 'Retired'] as const);
  const query = useInfiniteQuery({
    queryKey: ['assets', filters.value],
    queryFn: ({ pageParam }) => server.list(filters.value, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    placeholderData: keepPreviousData,
  });
  const view = useSearchableList(query, filters, PAGE_SIZE);
  // The hardware list counts its matches; here the count is known once every row is loaded.
  const total = counted && !view.list.hasNextPage ? { count: view.items.length, exact: true } : null;
  return (
    <>
      <ListToolbar label="Hardware" searchLabel="Search hardware" placeholder="" filters={filters}>
        {null}
      </ListToolbar>
      <ListContent
        view={view}
        announcement={listAnnouncement(view, 'Loading hardware…', total)}
        loadingText="Loading hardware…"
        errorHeading="Could not load hardware"
        empty={
          filters.filtered ? (
            <NoMatches level={3} heading="No hardware matches your search." onClear={filters.clear} />
          ) : (
            <EmptyState level={3} heading="No hardware yet." />
          )
        }
      >
        <ul aria-label="Hardware assets">
          {view.items.map((asset) => (
            <li key={asset.id}>{asset.name}</li>
          ))}
        </ul>
        <ListFooter
          pager={view}
          showing={showingText(view.items.length, total, NOUN, view.list.hasNextPage)}
        />
      </ListContent>
    </>
  );
}

function renderList(server: Server = fakeServer(), counted = false) {
  // No retries: a failure shows at once, as the tests need (the app's client retries).
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AssetList server={server} counted={counted} />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), server };
}

const shownNames = async () =>
  within(await screen.findByRole('list', { name: 'Hardware assets' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const announced = () => screen.getByRole('status').textContent;

describe('ListContent', () => {
  it('says what it is loading, then shows the first rows', async () => {
    renderList();
    expect(screen.getByText('Loading hardware…', { selector: 'p' })).toBeTruthy();
    expect(announced()).toBe('Loading hardware…');
    expect(await shownNames()).toEqual(['Laptop', 'Monitor']);
    expect(screen.queryByText('Loading hardware…', { selector: 'p' })).toBeNull();
    // An unfiltered list is not read out.
    expect(announced()).toBe('');
  });

  it('shows a failed load with what went wrong, and Try again loads it', async () => {
    const server = fakeServer();
    server.failures = 1;
    const { user } = renderList(server);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Could not load hardware')).toBeTruthy();
    expect(alert.textContent).toContain(FAILURE);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    // The list may show (still empty) before the second answer's rows are in it.
    await waitFor(async () => expect(await shownNames()).toEqual(['Laptop', 'Monitor']));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows its empty state when there is nothing at all', async () => {
    renderList(fakeServer([]));
    expect(await screen.findByRole('heading', { name: 'No hardware yet.' })).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("reads out a search's results, and says when it matches nothing", async () => {
    const { user } = renderList();
    await shownNames();
    await user.type(screen.getByRole('textbox', { name: 'Search hardware' }), 'dock');
    // The typing's pause, then three pages read (two of them by the list itself to fill the table).
    await waitFor(() => expect(announced()).toBe('1 result'), { timeout: 3000 });
    expect(await shownNames()).toEqual(['Dock']);

    await user.clear(screen.getByRole('textbox', { name: 'Search hardware' }));
    await user.type(screen.getByRole('textbox', { name: 'Search hardware' }), 'printer');
    expect(await screen.findByRole('heading', { name: 'No hardware matches your search.' })).toBeTruthy();
    expect(announced()).toBe('0 results');
  });
});

describe('ListFooter', () => {
  it('says how many rows are shown, and Load more brings the next page until the end', async () => {
    const { user } = renderList();
    expect(await shownNames()).toEqual(['Laptop', 'Monitor']);
    expect(screen.getByText('Showing 2 hardware assets (more available)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 4 hardware assets (more available)');
    expect(await shownNames()).toEqual(['Laptop', 'Monitor', 'Dock', 'Mouse']);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Showing 5 hardware assets');
    // Nothing left to load: no button to press for nothing.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says of how many when the list counts its rows', async () => {
    renderList(fakeServer(['Laptop', 'Monitor']), true);
    expect(await screen.findByText('Showing 2 of 2 hardware assets')).toBeTruthy();
  });

  it('while the next page loads, says so in place of the button', async () => {
    const server = fakeServer();
    server.holdCursor = '2';
    const { user } = renderList(server);
    await shownNames();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getByText('Loading more…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    server.release();
    await screen.findByText('Showing 4 hardware assets (more available)');
    expect(screen.getByRole('button', { name: 'Load more' })).toBeTruthy();
  });

  it('shows a failed page under the rows, which stay, with Try again', async () => {
    const { user, server } = renderList();
    await shownNames();
    server.failures = 1;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`Could not load more: ${FAILURE}`);
    expect(await shownNames()).toEqual(['Laptop', 'Monitor']);

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Showing 4 hardware assets (more available)');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says it is still searching while a search's short pages fill the table", async () => {
    const { user, server } = renderList();
    await shownNames();
    // "m" matches one row of each page read: the list fetches the next page by itself, held here.
    server.holdCursor = '2';
    await user.type(screen.getByRole('textbox', { name: 'Search hardware' }), 'm');
    await screen.findByText('Showing 1 hardware asset (more available)');
    expect(screen.getByText('Searching…', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    server.release();
    expect(await screen.findByText('Showing 2 hardware assets (more available)')).toBeTruthy();
    expect(await shownNames()).toEqual(['Monitor', 'Mouse']);
  });
});
