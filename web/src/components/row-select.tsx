import { TableCell, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { ColumnHeaders } from './column-headers';
import './data-table.css';

/** The header cell whose checkbox selects every loaded row, half-ticked when only some are. */
export function SelectAllCell({
  label,
  ids,
  selected,
  onToggleAll,
}: {
  label: string;
  ids: readonly string[];
  selected: ReadonlySet<string>;
  onToggleAll: (selected: boolean) => void;
}) {
  const selectedCount = ids.filter((id) => selected.has(id)).length;
  const allSelected = ids.length > 0 && selectedCount === ids.length;
  return (
    <TableCell as="th" scope="col" className="data-table__select">
      <label className="select-all">
        <input
          type="checkbox"
          className="row-checkbox"
          aria-label={label}
          checked={allSelected}
          ref={(input) => {
            if (input) input.indeterminate = selectedCount > 0 && !allSelected;
          }}
          disabled={ids.length === 0}
          onChange={(event) => onToggleAll(event.target.checked)}
        />
        {/* Shown on phones, where the header row is gone; the checkbox has its own name. */}
        <span className="select-all__text" aria-hidden="true">
          Select all
        </span>
      </label>
    </TableCell>
  );
}

/**
 * The header of a list with row selection: select-all, the column labels (or headers of the list's
 * own, such as SortableHeaders), then Actions.
 */
export function SelectableHeader({
  columns,
  ...selectAll
}: { columns: readonly string[] | ReactNode } & Parameters<typeof SelectAllCell>[0]) {
  return (
    <>
      <SelectAllCell {...selectAll} />
      {isLabels(columns) ? <ColumnHeaders labels={columns} /> : columns}
      <TableCell as="th" scope="col" className="data-table__actions">
        Actions
      </TableCell>
    </>
  );
}

function isLabels(columns: readonly string[] | ReactNode): columns is readonly string[] {
  return Array.isArray(columns) && columns.every((column) => typeof column === 'string');
}

/** A row's own checkbox. */
export function SelectRowCell({
  label,
  checked,
  onToggle,
}: {
  label: string;
  checked: boolean;
  onToggle: (selected: boolean) => void;
}) {
  return (
    <TableCell className="data-table__select">
      <input
        type="checkbox"
        className="row-checkbox"
        aria-label={label}
        checked={checked}
        onChange={(event) => onToggle(event.target.checked)}
      />
    </TableCell>
  );
}

/** An unset value in a table cell: a dash, read out as "none". */
export function EmptyValue() {
  return (
    <Text as="span" color="font.tertiary" aria-label="none">
      —
    </Text>
  );
}

export function optionalValue(value: string | null) {
  return value ? value : <EmptyValue />;
}
