// @vitest-environment jsdom
import { TableCell, TableRow } from '@aws-amplify/ui-react';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SortOrder } from '@shared/list';
import { DataTable } from './data-table';
import { optionalValue, SelectableHeader, SelectRowCell } from './row-select';
import { SortableHeaders, type SortableColumn } from './sortable-headers';
import { useRowSelection } from './use-row-selection';

// Without vitest's globals Testing Library cannot register its own cleanup: each test starts empty.
afterEach(cleanup);

interface Asset {
  id: string;
  name: string;
  serial: string | null;
}

const ASSETS: readonly Asset[] = [
  { id: 'a', name: 'Laptop', serial: 'S-200' },
  { id: 'b', name: 'Monitor', serial: null },
  { id: 'c', name: 'Dock', serial: 'S-100' },
];

type Sort = 'name' | 'serial';
const COLUMNS: readonly SortableColumn<Sort>[] = [
  { sort: 'name', label: 'Asset' },
  { sort: 'serial', label: 'Serial Number' },
];

/** The hardware list's table as its page composes it: sortable headers, row selection, a row per asset. */
function Inventory({ assets = ASSETS, busy = false }: { assets?: readonly Asset[]; busy?: boolean }) {
  const [sort, setSort] = useState<Sort>('name');
  const [order, setOrder] = useState<SortOrder>('asc');
  const [search, setSearch] = useState('');
  const selection = useRowSelection(assets, { search });
  // The server orders the real list; here the page does, so that the rows show the order asked for.
  const rows = [...assets].sort(
    (a, b) => (a[sort] ?? '').localeCompare(b[sort] ?? '') * (order === 'asc' ? 1 : -1),
  );
  return (
    <>
      <button type="button" onClick={() => setSearch('x')}>
        Search
      </button>
      <DataTable
        label="Hardware assets"
        busy={busy}
        header={
          <SelectableHeader
            columns={
              <SortableHeaders
                columns={COLUMNS}
                sort={sort}
                order={order}
                onSort={(next, nextOrder) => {
                  setSort(next);
                  setOrder(nextOrder);
                }}
              />
            }
            label="Select all loaded hardware assets"
            ids={assets.map((asset) => asset.id)}
            selected={selection.selectedSet}
            onToggleAll={selection.toggleAll}
          />
        }
      >
        {rows.map((asset) => (
          <TableRow key={asset.id}>
            <SelectRowCell
              label={`Select ${asset.name}`}
              checked={selection.selectedSet.has(asset.id)}
              onToggle={(checked) => selection.toggle(asset.id, checked)}
            />
            <TableCell as="th" scope="row">
              {asset.name}
            </TableCell>
            <TableCell data-label="Serial Number">{optionalValue(asset.serial)}</TableCell>
            <TableCell className="row-actions">
              <button type="button">Edit {asset.name}</button>
            </TableCell>
          </TableRow>
        ))}
      </DataTable>
      <output>{selection.selectedIds.join(',')}</output>
    </>
  );
}

/** The names of the rows' header cells, top to bottom. */
const rowNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const checkbox = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const selectAll = () => checkbox('Select all loaded hardware assets');

describe('DataTable', () => {
  it('is a named region the keyboard can reach, to scroll a table wider than the page', async () => {
    const user = userEvent.setup();
    render(<Inventory />);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Hardware assets' }));
  });

  it('says when its rows are being replaced', () => {
    const { rerender } = render(<Inventory busy />);
    expect(screen.getByRole('region').getAttribute('aria-busy')).toBe('true');
    rerender(<Inventory />);
    expect(screen.getByRole('region').getAttribute('aria-busy')).toBe('false');
  });

  it('shows the column headers, then a row per item with its cells', () => {
    render(<Inventory />);
    const headers = screen.getAllByRole('columnheader');
    // Each sortable header's text is its button (label and arrow), then the label phones read.
    expect(headers.map((cell) => cell.textContent)).toEqual([
      'Select all',
      'Asset▲Asset',
      'Serial Number↕Serial Number',
      'Actions',
    ]);
    expect(screen.getAllByRole('row')).toHaveLength(1 + ASSETS.length);
    const laptop = screen.getByRole('row', { name: /Laptop/ });
    expect(within(laptop).getByRole('cell', { name: 'S-200' })).toBeTruthy();
    expect(within(laptop).getByRole('button', { name: 'Edit Laptop' })).toBeTruthy();
    // A missing value is a dash, read out as "none".
    const monitor = screen.getByRole('row', { name: /Monitor/ });
    expect(within(monitor).getByLabelText('none').textContent).toBe('—');
  });

  it('orders the rows by the header pressed, then the other way round, with aria-sort', async () => {
    const user = userEvent.setup();
    render(<Inventory />);
    expect(header('Asset').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Serial Number').getAttribute('aria-sort')).toBeNull();
    expect(rowNames()).toEqual(['Dock', 'Laptop', 'Monitor']);

    const serial = within(header('Serial Number')).getByRole('button', { name: /Serial Number/ });
    expect(serial.title).toBe('Sort by Serial Number, A to Z');
    await user.click(serial);
    expect(header('Serial Number').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Asset').getAttribute('aria-sort')).toBeNull();
    expect(rowNames()).toEqual(['Monitor', 'Dock', 'Laptop']);

    expect(serial.title).toBe('Sort by Serial Number, Z to A');
    await user.click(serial);
    expect(header('Serial Number').getAttribute('aria-sort')).toBe('descending');
    expect(rowNames()).toEqual(['Laptop', 'Dock', 'Monitor']);
  });

  it('orders from the keyboard: Enter or Space on a header', async () => {
    const user = userEvent.setup();
    render(<Inventory />);
    within(header('Asset')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('Asset').getAttribute('aria-sort')).toBe('descending');
    expect(rowNames()).toEqual(['Monitor', 'Laptop', 'Dock']);
    await user.keyboard(' ');
    expect(header('Asset').getAttribute('aria-sort')).toBe('ascending');
  });

  it('ticks rows one by one, the select-all half ticked until all are', async () => {
    const user = userEvent.setup();
    render(<Inventory />);
    await user.click(checkbox('Select Laptop'));
    expect(checkbox('Select Laptop').checked).toBe(true);
    expect(selectAll().checked).toBe(false);
    expect(selectAll().indeterminate).toBe(true);
    await user.click(checkbox('Select Monitor'));
    await user.click(checkbox('Select Dock'));
    expect(selectAll().checked).toBe(true);
    expect(selectAll().indeterminate).toBe(false);
    await user.click(checkbox('Select Monitor'));
    expect(screen.getByRole('status').textContent).toBe('a,c');
  });

  it('ticks and unticks every loaded row with select-all', async () => {
    const user = userEvent.setup();
    render(<Inventory />);
    await user.click(selectAll());
    expect(ASSETS.every((asset) => checkbox(`Select ${asset.name}`).checked)).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('a,b,c');
    // Space, as a keyboard user ticks it.
    selectAll().focus();
    await user.keyboard(' ');
    expect(ASSETS.some((asset) => checkbox(`Select ${asset.name}`).checked)).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('starts from no selection when the search changes', async () => {
    const user = userEvent.setup();
    render(<Inventory />);
    await user.click(selectAll());
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(selectAll().checked).toBe(false);
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('offers no select-all with no rows', () => {
    render(<Inventory assets={[]} />);
    expect(selectAll().disabled).toBe(true);
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });
});
