import { Badge, Button, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import type { Ref } from 'react';
import { DISPOSAL_MESSAGES, type DisposalItem } from '@shared/disposal';
import { DataTable } from '../../../components/data-table';
import { EmptyValue, optionalValue, SelectableHeader, SelectRowCell } from '../../../components/row-select';
import { formatDate } from '../../../components/format';

interface DisposalTableProps {
  ref?: Ref<HTMLDivElement>;
  items: readonly DisposalItem[];
  selected: ReadonlySet<string>;
  /** The rows are of the previous search while a new one loads. */
  busy: boolean;
  /** The item whose linked asset is being fetched for its editor. */
  loadingAssetOf: string | null;
  onToggle: (id: string, selected: boolean) => void;
  onToggleAll: (selected: boolean) => void;
  onEditAsset: (item: DisposalItem) => void;
  onComplete: (item: DisposalItem) => void;
  onRevert: (item: DisposalItem) => void;
}

const COLUMNS = [
  'Asset Name',
  'Serial Number',
  'Asset Tag',
  'Disposal Reason',
  'Disposal Date',
  'Status',
  'Asset',
];

/** Pending in amber, Completed in green. */
export function DisposalStatusBadge({ status }: { status: DisposalItem['status'] }) {
  return (
    <Badge size="small" className="status-badge" variation={status === 'Completed' ? 'success' : 'warning'}>
      {status}
    </Badge>
  );
}

/** The loaded disposal rows; on phones each row is a card (DataTable). */
export function DisposalTable({
  ref,
  items,
  selected,
  busy,
  loadingAssetOf,
  onToggle,
  onToggleAll,
  onEditAsset,
  onComplete,
  onRevert,
}: DisposalTableProps) {
  return (
    <DataTable
      ref={ref}
      label="Disposal items"
      busy={busy}
      className="disposal-table"
      header={
        <SelectableHeader
          columns={COLUMNS}
          label="Select all loaded disposal items"
          ids={items.map((item) => item.id)}
          selected={selected}
          onToggleAll={onToggleAll}
        />
      }
    >
      {items.map((item) => {
        const name = item.asset_name;
        const isSelected = selected.has(item.id);
        return (
          <TableRow key={item.id} className={isSelected ? 'is-selected' : undefined}>
            <SelectRowCell
              label={`Select ${name}`}
              checked={isSelected}
              onToggle={(checked) => onToggle(item.id, checked)}
            />
            <TableCell as="th" scope="row" className="data-table__asset">
              <span className="data-table__name disposal-table__name">{name}</span>{' '}
              <span className="data-table__type">{item.asset_type}</span>
            </TableCell>
            <TableCell data-label="Serial Number" className="data-table__mono">
              {optionalValue(item.serial_number)}
            </TableCell>
            <TableCell data-label="Asset Tag" className="data-table__mono">
              {optionalValue(item.asset_tag)}
            </TableCell>
            <TableCell data-label="Disposal Reason" className="disposal-table__reason">
              {item.disposal_reason}
            </TableCell>
            <TableCell data-label="Disposal Date" className="data-table__date">
              {item.disposal_date ? (
                <time dateTime={item.disposal_date}>{formatDate(item.disposal_date)}</time>
              ) : (
                <EmptyValue />
              )}
            </TableCell>
            <TableCell data-label="Status">
              <DisposalStatusBadge status={item.status} />
            </TableCell>
            <TableCell data-label="Asset" className="disposal-table__asset">
              {item.asset_id ? (
                <Button
                  size="small"
                  onClick={() => onEditAsset(item)}
                  isLoading={loadingAssetOf === item.id}
                  loadingText="Loading…"
                  aria-label={`Edit linked asset of ${name}`}
                  data-edit-asset={item.id}
                >
                  Edit
                </Button>
              ) : (
                <Text as="span" fontSize="small" color="font.secondary">
                  {DISPOSAL_MESSAGES.noAssetLinked}
                </Text>
              )}
            </TableCell>
            <TableCell className="data-table__actions row-actions">
              {item.status === 'Pending' ? (
                <Button
                  size="small"
                  variation="primary"
                  onClick={() => onComplete(item)}
                  aria-label={`Complete disposal of ${name}`}
                  data-disposal-action={item.id}
                >
                  Complete
                </Button>
              ) : (
                <Button
                  size="small"
                  variation="link"
                  onClick={() => onRevert(item)}
                  aria-label={`Revert disposal of ${name}`}
                  data-disposal-action={item.id}
                >
                  Revert
                </Button>
              )}
            </TableCell>
          </TableRow>
        );
      })}
    </DataTable>
  );
}
