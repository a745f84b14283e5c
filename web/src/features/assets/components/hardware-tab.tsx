import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { HARDWARE_MESSAGES, HARDWARE_PAGE_SIZE, type HardwareAsset } from '@shared/hardware';
import { errorMessage } from '../../../api/api-client';
import { ListContent } from '../../../components/list-content';
import { ListFooter, showingText } from '../../../components/list-footer';
import { EmptyState, NoMatches } from '../../../components/list-states';
import { ListToolbar } from '../../../components/list-toolbar';
import { listTotal } from '../../../components/list-total';
import { ProblemNotice } from '../../../components/problem-notice';
import { SuccessNotice, useSuccessNotice } from '../../../components/success-notice';
import { listAnnouncement, useSearchableList } from '../../../components/use-searchable-list';
import { useDeleteHardware } from '../api/delete-hardware';
import { useHardwareList } from '../api/list-hardware';
import { EXPORT_FAILED, ExportHardwareButton } from './export-hardware-button';
import { assetName } from './hardware-format';
import { HardwareListFilters } from './hardware-list-filters';
import { HardwareTable } from './hardware-table';
import { useHardwareFilters } from './use-hardware-filters';

/**
 * The dialogs and the bulk change bar load when first opened: with the form's schema and the CSV
 * parser they were most of the tab's code to evaluate before the list could show.
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
const BulkChangeBar = lazy(() =>
  import('./bulk-change-bar').then((module) => ({ default: module.BulkChangeBar })),
);

const NOUN = ['hardware asset', 'hardware assets'] as const;

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; id: string }
  | { kind: 'import' }
  | { kind: 'delete'; asset: HardwareAsset };

/**
 * Assets → Manual Hardware: search; status, type and location filters; any column's order (headers,
 * or Sort by); bulk change of status, location or assigned to; add, import, edit, delete. The
 * filters and the order live in the address (use-hardware-filters.ts).
 */
export function HardwareTab() {
  const filters = useHardwareFilters();
  const hardwareList = useHardwareList(filters.value);
  const view = useSearchableList(hardwareList, filters, HARDWARE_PAGE_SIZE);
  const { items, selection } = view;
  const total = listTotal(hardwareList.data?.pages ?? []);

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { notice, showNotice, clearNotice } = useSuccessNotice();
  const [exportProblem, setExportProblem] = useState<string | null>(null);
  const deletion = useDeleteHardware();
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const tableRegionRef = useRef<HTMLDivElement>(null);
  const deletedRef = useRef(false);

  const openDelete = (asset: HardwareAsset) => {
    deletion.reset();
    deletedRef.current = false;
    setDialog({ kind: 'delete', asset });
  };

  const confirmDelete = async (asset: HardwareAsset) => {
    try {
      await deletion.mutateAsync(asset.id);
      deletedRef.current = true;
      selection.toggle(asset.id, false);
      setDialog(null);
      showNotice(`Deleted ${assetName(asset)}`);
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error(HARDWARE_MESSAGES.deleteFailed, error);
    }
  };

  return (
    <div className="hardware-tab">
      <ListToolbar
        label="Hardware"
        searchLabel="Search hardware"
        placeholder="Model, serial, tag, person, location…"
        filters={filters}
        moreFilters={<HardwareListFilters filters={filters} />}
      >
        <Button onClick={() => setDialog({ kind: 'import' })}>Import CSV</Button>
        <ExportHardwareButton
          filters={filters.value}
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
      </ListToolbar>

      <SuccessNotice notice={notice} onDismiss={clearNotice} />
      <ProblemNotice
        problem={exportProblem ? { heading: EXPORT_FAILED, message: exportProblem } : null}
        onDismiss={() => setExportProblem(null)}
      />

      {selection.selectedIds.length > 0 ? (
        <Suspense fallback={null}>
          <BulkChangeBar
            selected={items.filter((asset) => selection.selectedSet.has(asset.id))}
            onClearSelection={() => selection.setSelected(new Set())}
            onDone={(message) => {
              selection.setSelected(new Set());
              showNotice(message);
            }}
          />
        </Suspense>
      ) : null}

      <ListContent
        view={view}
        announcement={listAnnouncement(view, 'Loading hardware…', total)}
        loadingText="Loading hardware…"
        errorHeading="Could not load hardware assets"
        empty={
          filters.filtered ? (
            <NoMatches level={4} heading="No hardware matches your search" onClear={filters.clear} />
          ) : (
            <EmptyState level={4} heading="No hardware assets yet">
              <Text color="font.secondary">
                Add your laptops, desktops, phones and other devices one by one, or import them from a CSV
                file.
              </Text>
              <Flex gap="small" marginTop="small" justifyContent="center" wrap="wrap">
                <Button variation="primary" onClick={() => setDialog({ kind: 'add' })}>
                  Add your first asset
                </Button>
                <Button onClick={() => setDialog({ kind: 'import' })}>Import from CSV</Button>
              </Flex>
            </EmptyState>
          )
        }
      >
        <HardwareTable
          ref={tableRegionRef}
          items={items}
          selected={selection.selectedSet}
          busy={!view.settled}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          onEdit={(asset) => setDialog({ kind: 'edit', id: asset.id })}
          onDelete={openDelete}
          sort={filters.value.sort}
          order={filters.value.order}
          onSort={filters.setSort}
        />
        <ListFooter pager={view} showing={showingText(items.length, total, NOUN, view.list.hasNextPage)} />
      </ListContent>

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
