// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DISPOSAL_ITEM_STATUSES, DISPOSAL_MESSAGES } from '@shared/disposal';
import { ListToolbar } from './list-toolbar';
import { useListFilters } from './use-list-filters';

// Without vitest's globals Testing Library cannot register its own cleanup: each test starts empty.
afterEach(cleanup);

/** The disposal list's toolbar, with the filters the list would be read with shown beside it. */
function Toolbar({ withMore = false }: { withMore?: boolean }) {
  const filters = useListFilters(DISPOSAL_ITEM_STATUSES);
  return (
    <>
      <ListToolbar
        label="Disposal items"
        searchLabel="Search disposal items"
        placeholder={DISPOSAL_MESSAGES.searchPlaceholder}
        filters={filters}
        moreFilters={withMore ? <button type="button">Sort by</button> : undefined}
      >
        <button type="button">Add Disposal Item</button>
      </ListToolbar>
      <output>{JSON.stringify({ ...filters.value, filtered: filters.filtered })}</output>
    </>
  );
}

const searchBox = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Search disposal items' });
const statusFilter = () => screen.getByLabelText<HTMLSelectElement>('Status filter');
const readWith = () => JSON.parse(screen.getByRole('status').textContent ?? '') as unknown;

describe('ListToolbar', () => {
  it('is a search landmark holding the search box, the status filter and the actions', () => {
    render(<Toolbar withMore />);
    const landmark = screen.getByRole('search', { name: 'Disposal items' });
    expect(within(landmark).getByRole('textbox', { name: 'Search disposal items' })).toBe(searchBox());
    expect(searchBox().placeholder).toBe(DISPOSAL_MESSAGES.searchPlaceholder);
    // The API's longest search.
    expect(searchBox().maxLength).toBe(100);
    expect(within(landmark).getByLabelText('Status filter')).toBe(statusFilter());
    expect(within(landmark).getByRole('button', { name: 'Sort by' })).toBeTruthy();
    expect(within(landmark).getByRole('button', { name: 'Add Disposal Item' })).toBeTruthy();
  });

  it('shows the search label above the box, not only to screen readers', () => {
    render(<Toolbar />);
    const label = screen.getByText('Search disposal items');
    expect(label.tagName).toBe('LABEL');
    expect(label.className).not.toContain('visually-hidden');
  });

  it('reads the list with the search once typing pauses, trimmed', async () => {
    const user = userEvent.setup();
    render(<Toolbar />);
    await user.type(searchBox(), '  laptop ');
    expect(searchBox().value).toBe('  laptop ');
    // Debounced: the list is not read at each key.
    expect(readWith()).toEqual({ q: '', status: '', filtered: false });
    await waitFor(() => expect(readWith()).toEqual({ q: 'laptop', status: '', filtered: true }));
  });

  it('empties the search with Escape or with the clear button', async () => {
    const user = userEvent.setup();
    render(<Toolbar />);
    await user.type(searchBox(), 'laptop');
    await user.keyboard('{Escape}');
    expect(searchBox().value).toBe('');
    await user.type(searchBox(), 'dock');
    await user.click(screen.getByRole('button', { name: 'Clear input' }));
    expect(searchBox().value).toBe('');
    await waitFor(() => expect(readWith()).toEqual({ q: '', status: '', filtered: false }));
  });

  it('filters by one status, or by none with All Statuses', async () => {
    const user = userEvent.setup();
    render(<Toolbar />);
    const options = within(statusFilter()).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All Statuses', ...DISPOSAL_ITEM_STATUSES]);
    expect(statusFilter().value).toBe('');

    await user.selectOptions(statusFilter(), 'Completed');
    expect(readWith()).toEqual({ q: '', status: 'Completed', filtered: true });
    await user.selectOptions(statusFilter(), 'All Statuses');
    expect(readWith()).toEqual({ q: '', status: '', filtered: false });
  });
});
