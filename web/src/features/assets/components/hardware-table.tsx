import { Badge, Button, TableCell, TableRow } from '@aws-amplify/ui-react';
import type { Ref } from 'react';
import type { HardwareAsset } from '@shared/hardware';
import { HARDWARE_SORT_LABELS, type HardwareSort } from '@shared/hardware-list';
import type { SortOrder } from '@shared/list';
import { SortableHeaders, type SortableColumn } from '../../../components/sortable-headers';
import { formatDate } from '../../../components/format';
import { INVENTORY_MESSAGES } from '@shared/inventory';
import { assetName } from './hardware-format';
import { DataTable } from '../../../components/data-table';
import { EmptyValue, optionalValue, SelectableHeader, SelectRowCell } from '../../../components/row-select';
import { StatusBadge } from '../../../components/hardware-status';

interface HardwareTableProps {
  ref?: Ref<HTMLDivElement>;
  items: readonly HardwareAsset[];
  selected: ReadonlySet<string>;
  /** The rows are of the previous search while a new one loads. */
  busy: boolean;
  onToggle: (id: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onEdit: (asset: HardwareAsset) => void;
  onDelete: (asset: HardwareAsset) => void;
  sort: HardwareSort;
  order: SortOrder;
  onSort: (sort: HardwareSort, order: SortOrder) => void;
}

/** The loaded hardware rows; on phones each row is a card (DataTable). Each header orders the list. */
const COLUMNS: readonly SortableColumn<HardwareSort>[] = (
  ['asset', 'serial_number', 'asset_tag', 'status', 'assigned_to', 'location', 'warranty_expiry'] as const
).map((sort) => ({ sort, label: HARDWARE_SORT_LABELS[sort] }));

export function HardwareTable({
  ref,
  items,
  selected,
  busy,
  onToggle,
  onToggleAll,
  onEdit,
  onDelete,
  sort,
  order,
  onSort,
}: HardwareTableProps) {
  return (
    <DataTable
      ref={ref}
      label="Hardware assets"
      busy={busy}
      header={
        <SelectableHeader
          columns={<SortableHeaders columns={COLUMNS} sort={sort} order={order} onSort={onSort} />}
          label="Select all loaded hardware assets"
          ids={items.map((item) => item.id)}
          selected={selected}
          onToggleAll={onToggleAll}
        />
      }
    >
      {items.map((asset) => {
        const name = assetName(asset);
        const isSelected = selected.has(asset.id);
        return (
          <TableRow key={asset.id} className={isSelected ? 'is-selected' : undefined}>
            <SelectRowCell
              label={`Select ${name}`}
              checked={isSelected}
              onToggle={(checked) => onToggle(asset.id, checked)}
            />
            <TableCell as="th" scope="row" className="data-table__asset">
              <span className="data-table__name">{name}</span>{' '}
              <span className="data-table__type">{asset.asset_type}</span>
              {asset.machine_id ? (
                <>
                  {' '}
                  <Badge size="small" variation="success" className="data-table__monitored">
                    {INVENTORY_MESSAGES.monitored}
                  </Badge>
                </>
              ) : null}
            </TableCell>
            <TableCell data-label="Serial Number" className="data-table__mono">
              {optionalValue(asset.serial_number)}
            </TableCell>
            <TableCell data-label="Asset Tag" className="data-table__mono">
              {optionalValue(asset.asset_tag)}
            </TableCell>
            <TableCell data-label="Status">
              <StatusBadge status={asset.status} />
            </TableCell>
            <TableCell data-label="Assigned To">{optionalValue(asset.assigned_to)}</TableCell>
            <TableCell data-label="Location">{optionalValue(asset.location)}</TableCell>
            <TableCell data-label="Warranty Expiry" className="data-table__date">
              {asset.warranty_expiry ? (
                <time dateTime={asset.warranty_expiry}>{formatDate(asset.warranty_expiry)}</time>
              ) : (
                <EmptyValue />
              )}
            </TableCell>
            <TableCell className="data-table__actions row-actions">
              <div className="data-table__buttons">
                <Button size="small" onClick={() => onEdit(asset)} aria-label={`Edit ${name}`}>
                  Edit
                </Button>
                <Button
                  size="small"
                  variation="link"
                  colorTheme="error"
                  onClick={() => onDelete(asset)}
                  aria-label={`Delete ${name}`}
                >
                  Delete
                </Button>
              </div>
            </TableCell>
          </TableRow>
        );
      })}
    </DataTable>
  );
}
