import {
  Alert,
  Button,
  Flex,
  Heading,
  Loader,
  SearchField,
  SelectField,
  Text,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { LoadError } from '../../../components/load-error';
import { lazy, Suspense, useDeferredValue, useRef, useState } from 'react';
import {
  HARDWARE_MESSAGES,
  HARDWARE_PAGE_SIZE,
  HARDWARE_STATUSES,
  type HardwareAsset,
  type HardwareStatus,
} from '@shared/hardware';
import { errorMessage } from '../../../api/api-client';
import { ListFooter } from '../../../components/list-footer';
import { SuccessNotice, useSuccessNotice } from '../../../components/success-notice';
import { useRowSelection } from '../../../components/use-row-selection';
import { useFilledTable } from '../../../components/use-filled-table';
import { useDeleteHardware } from '../api/delete-hardware';
import { useHardwareList } from '../api/list-hardware';
import type { HardwareFilters } from '../api/hardware-keys';
import { EXPORT_FAILED, ExportHardwareButton } from './export-hardware-button';
import { plural } from '../../../components/format';
import { assetName, describeShown, listTotal } from './hardware-format';
import { HardwareTable } from './hardware-table';
import { useDebouncedValue } from '../../../components/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The dialogs and the bulk status bar load when first opened: with the form's schema, the CSV parser
 * and Amplify UI's primitives they were most of the tab's code to evaluate before the list could
 * show.
 */
const HardwareFormModal = lazy(() =>
  import('./hardware-form-modal').then((module) => ({ default: module.HardwareFormModal })),
);
const ImportCsvModal = lazy(() =>
  import('./import-csv-modal').then((module) => ({ default: module.ImportCsvModal })),
);
const ConfirmDialog = lazy(() =>
  import('../../../components/confirm-dialog').then((module) => ({ default: module.ConfirmDialog })),
);
const BulkStatusBar = lazy(() =>
  import('./bulk-status-bar').then((module) => ({ default: module.BulkStatusBar })),
);

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; id: string }
  | { kind: 'import' }
  | { kind: 'delete'; asset: HardwareAsset };

function isStatus(value: string): value is HardwareStatus {
  return (HARDWARE_STATUSES as readonly string[]).includes(value);
}

/** Assets → Manual Hardware: search, status filter, bulk status change, add, import, edit, delete. */
export function HardwareTab() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<HardwareStatus | ''>('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters: HardwareFilters = { q, status };
  const filtered = q !== '' || status !== '';

  const hardwareList = useHardwareList(filters);
  const { list, items, filling, settled, loadMore } = useFilledTable(
    hardwareList,
    filters,
    HARDWARE_PAGE_SIZE,
  );
  const total = listTotal(hardwareList.data?.pages ?? []);

  const { selectedSet, selectedIds, setSelected, toggle, toggleAll } = useRowSelection(items, filters);
  // The first rows render in a transition, which React splits into short tasks: "Loading hardware…"
  // stays until the table is ready, instead of one long task blocking the page.
  const pending = !useDeferredValue(!list.isPending);

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { notice, showNotice, clearNotice } = useSuccessNotice();
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const deletion = useDeleteHardware();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const tableRegionRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const deletedRef = useRef(false);

  const clearFilters = () => {
    setSearch('');
    setStatus('');
    searchRef.current?.focus();
  };

  const openDelete = (asset: HardwareAsset) => {
    deletion.reset();
    deletedRef.current = false;
    setDialog({ kind: 'delete', asset });
  };

  const confirmDelete = async (asset: HardwareAsset) => {
    try {
      await deletion.mutateAsync(asset.id);
      deletedRef.current = true;
      toggle(asset.id, false);
      setDialog(null);
      showNotice(`Deleted ${assetName(asset)}`);
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error(HARDWARE_MESSAGES.deleteFailed, error);
    }
  };

  const searching = list.isFetching && filtered && (!settled || filling);
  const showEmpty = settled && items.length === 0 && !list.hasNextPage;
  const announcement = pending
    ? filtered
      ? 'Searching…'
      : 'Loading hardware…'
    : searching
      ? 'Searching…'
      : filtered && settled && !filling && !list.isError
        ? total && !total.exact
          ? `At least ${plural(total.count, 'result', 'results')}`
          : plural(total?.count ?? items.length, 'result', 'results')
        : '';

  return (
    <div className="hardware-tab">
      <div className="toolbar" role="search" aria-label="Hardware">
        <SearchField
          ref={searchRef}
          className="toolbar__search"
          label="Search hardware"
          labelHidden={false}
          hasSearchButton={false}
          hasSearchIcon
          placeholder="Model, serial, tag, person, location…"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onClear={() => setSearch('')}
          maxLength={100}
        />
        <SelectField
          className="toolbar__status"
          label="Status filter"
          value={status}
          onChange={(event) => setStatus(isStatus(event.target.value) ? event.target.value : '')}
        >
          <option value="">All Statuses</option>
          {HARDWARE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <div className="toolbar__actions">
          <Button onClick={() => setDialog({ kind: 'import' })}>Import CSV</Button>
          <ExportHardwareButton
            filters={filters}
            isDisabled={items.length === 0}
            onExported={(message) => {
              setExportProblem(null);
              showNotice(message);
            }}
            onFailed={setExportProblem}
          />
          <Button ref={addButtonRef} variation="primary" onClick={() => setDialog({ kind: 'add' })}>
            Add Hardware
          </Button>
        </div>
      </div>

      <SuccessNotice notice={notice} onDismiss={clearNotice} />
      {exportProblem ? (
        <Alert
          variation="error"
          role="alert"
          heading={EXPORT_FAILED}
          isDismissible
          onDismiss={() => setExportProblem(null)}
          marginBottom="small"
        >
          {exportProblem}
        </Alert>
      ) : null}

      {selectedIds.length > 0 ? (
        <Suspense fallback={null}>
          <BulkStatusBar
            selectedIds={selectedIds}
            onClearSelection={() => setSelected(new Set())}
            onDone={(updated) => {
              setSelected(new Set());
              showNotice(`Updated status of ${plural(updated, 'hardware asset', 'hardware assets')}`);
            }}
          />
        </Suspense>
      ) : null}

      <VisuallyHidden role="status">{announcement}</VisuallyHidden>

      {pending ? (
        <Flex className="hardware-state" alignItems="center" justifyContent="center" gap="small">
          <Loader aria-hidden="true" />
          <Text>{filtered ? 'Searching…' : 'Loading hardware…'}</Text>
        </Flex>
      ) : list.isError && !list.isFetchNextPageError ? (
        <LoadError heading="Could not load hardware assets" query={list} />
      ) : showEmpty ? (
        <EmptyState
          filtered={filtered}
          onAdd={() => setDialog({ kind: 'add' })}
          onImport={() => setDialog({ kind: 'import' })}
          onClearFilters={clearFilters}
        />
      ) : (
        <>
          <HardwareTable
            ref={tableRegionRef}
            items={items}
            selected={selectedSet}
            busy={!settled}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onEdit={(asset) => setDialog({ kind: 'edit', id: asset.id })}
            onDelete={openDelete}
          />
          <ListFooter
            list={list}
            shown={items.length > 0 ? describeShown(items.length, total) : null}
            counted={total !== null}
            filtered={filtered}
            filling={filling}
            settled={settled}
            loadMore={loadMore}
          />
        </>
      )}

      {/* No fallback: the opener keeps focus until the dialog shows and takes it. */}
      <Suspense fallback={null}>
        {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
          <HardwareFormModal
            mode={dialog.kind === 'add' ? { kind: 'add' } : { kind: 'edit', id: dialog.id }}
            onClose={() => setDialog(null)}
            returnFocus={dialog.kind === 'add' ? () => addButtonRef.current : undefined}
            onSaved={(asset, kind) => {
              setDialog(null);
              showNotice(
                kind === 'add' ? `Added ${assetName(asset)}` : `Saved changes to ${assetName(asset)}`,
              );
            }}
          />
        ) : null}
        {dialog?.kind === 'import' ? <ImportCsvModal onClose={() => setDialog(null)} /> : null}
        {dialog?.kind === 'delete' ? (
          <ConfirmDialog
            question={HARDWARE_MESSAGES.deleteConfirm}
            detail={<DeleteDetail asset={dialog.asset} />}
            confirmLabel="Delete"
            busy={deletion.isPending}
            error={
              deletion.isError
                ? { heading: HARDWARE_MESSAGES.deleteFailed, message: errorMessage(deletion.error) }
                : null
            }
            onConfirm={() => void confirmDelete(dialog.asset)}
            onCancel={() => setDialog(null)}
            returnFocus={() => (deletedRef.current ? (tableRegionRef.current ?? addButtonRef.current) : null)}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

function DeleteDetail({ asset }: { asset: HardwareAsset }) {
  const identifiers = [
    asset.serial_number ? `serial ${asset.serial_number}` : null,
    asset.asset_tag ? `tag ${asset.asset_tag}` : null,
  ].filter(Boolean);
  return (
    <>
      <strong>{assetName(asset)}</strong> ({asset.asset_type}
      {identifiers.length > 0 ? `, ${identifiers.join(', ')}` : ''}) will be removed from the inventory.
    </>
  );
}

function EmptyState({
  filtered,
  onAdd,
  onImport,
  onClearFilters,
}: {
  filtered: boolean;
  onAdd: () => void;
  onImport: () => void;
  onClearFilters: () => void;
}) {
  if (filtered) {
    return (
      <div className="empty-state">
        <Heading level={4}>No hardware matches your search</Heading>
        <Text color="font.secondary">Try other words or another status.</Text>
        <Button marginTop="small" onClick={onClearFilters}>
          Clear search and filter
        </Button>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <Heading level={4}>No hardware assets yet</Heading>
      <Text color="font.secondary">
        Add your laptops, desktops, phones and other devices one by one, or import them from a CSV file.
      </Text>
      <Flex gap="small" marginTop="small" justifyContent="center" wrap="wrap">
        <Button variation="primary" onClick={onAdd}>
          Add your first asset
        </Button>
        <Button onClick={onImport}>Import from CSV</Button>
      </Flex>
    </div>
  );
}
