import { TableCell } from '@aws-amplify/ui-react';
import type { SortOrder } from '@shared/list';
import './data-table.css';

export interface SortableColumn<S extends string> {
  label: string;
  /** The order the column's header asks for. */
  sort: S;
}

interface SortableHeadersProps<S extends string> {
  columns: readonly SortableColumn<S>[];
  sort: S;
  order: SortOrder;
  /** A header pressed: its column A to Z, or the other way when it is the order already. */
  onSort: (sort: S, order: SortOrder) => void;
}

/**
 * A table's column headers that order the list: each a button (click, Enter or Space) in a
 * `<th scope="col">`, the ordered one with aria-sort and an arrow. Pressing the ordered column again
 * turns it round. On phones, where the rows are cards and the headers are not shown, the header is
 * its label alone (no button to reach that nobody sees): the list offers its order another way.
 */
export function SortableHeaders<S extends string>({ columns, sort, order, onSort }: SortableHeadersProps<S>) {
  return (
    <>
      {columns.map((column) => {
        const active = column.sort === sort;
        const next: SortOrder = active && order === 'asc' ? 'desc' : 'asc';
        return (
          <TableCell
            key={column.sort}
            as="th"
            scope="col"
            className="sortable-header"
            aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
          >
            <button
              type="button"
              className="sortable-header__button"
              onClick={() => onSort(column.sort, next)}
              title={`Sort by ${column.label}, ${next === 'asc' ? 'A to Z' : 'Z to A'}`}
            >
              {column.label}
              <span aria-hidden="true" className={`sortable-header__arrow${active ? ' is-active' : ''}`}>
                {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
              </span>
            </button>
            {/* Phones: the headers are read out, not shown, and Sort by orders the cards. */}
            <span className="sortable-header__label">{column.label}</span>
          </TableCell>
        );
      })}
    </>
  );
}
