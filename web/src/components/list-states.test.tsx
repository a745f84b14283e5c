// @vitest-environment jsdom
import { Button, Text } from '@aws-amplify/ui-react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPOSAL_ITEM_STATUSES, DISPOSAL_MESSAGES } from '@shared/disposal';
import { EmptyState, ListLoading, NoMatches } from './list-states';
import { ListToolbar } from './list-toolbar';
import { useListFilters } from './use-list-filters';

// Without vitest's globals Testing Library cannot register its own cleanup: each test starts empty.
afterEach(cleanup);

/** A searched list that found nothing, as the disposal page shows it under its toolbar. */
function SearchedNothing() {
  const filters = useListFilters(DISPOSAL_ITEM_STATUSES);
  return (
    <>
      <ListToolbar
        label="Disposal items"
        searchLabel="Search disposal items"
        placeholder=""
        filters={filters}
      >
        {null}
      </ListToolbar>
      <NoMatches level={3} heading={DISPOSAL_MESSAGES.emptySearch} onClear={filters.clear} />
      <output>{filters.filtered ? 'filtered' : 'everything'}</output>
    </>
  );
}

describe('the list states', () => {
  it('loading: says what is awaited, the spinner hidden from screen readers', () => {
    render(<ListLoading text="Loading disposal items…" />);
    expect(screen.getByText('Loading disposal items…')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('empty: a heading at the level asked for, then what to do', async () => {
    const onAdd = vi.fn();
    const user = userEvent.setup();
    render(
      <EmptyState level={3} heading={DISPOSAL_MESSAGES.emptyList}>
        <Text>You can also add software or other items by hand.</Text>
        <Button onClick={onAdd}>Add a disposal item</Button>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { level: 3, name: DISPOSAL_MESSAGES.emptyList })).toBeTruthy();
    expect(screen.getByText('You can also add software or other items by hand.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add a disposal item' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('no matches: says so, with a hint and the button that clears', async () => {
    const onClear = vi.fn();
    const user = userEvent.setup();
    render(<NoMatches level={4} heading={DISPOSAL_MESSAGES.emptySearch} onClear={onClear} />);
    expect(screen.getByRole('heading', { level: 4, name: DISPOSAL_MESSAGES.emptySearch })).toBeTruthy();
    expect(screen.getByText('Try other words or another status.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('no matches: clearing empties the search and the status, and puts the focus in the search box', async () => {
    const user = userEvent.setup();
    render(<SearchedNothing />);
    const search = screen.getByRole<HTMLInputElement>('textbox', { name: 'Search disposal items' });
    await user.type(search, 'nothing like this');
    await user.selectOptions(screen.getByLabelText('Status filter'), 'Pending');
    await user.click(screen.getByRole('button', { name: 'Clear search and filter' }));
    expect(search.value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Status filter').value).toBe('');
    expect(document.activeElement).toBe(search);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('everything'));
  });
});
