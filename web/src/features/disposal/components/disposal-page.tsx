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
import { useEffect, useId, useRef, useState } from 'react';
import {
  DISPOSAL_DELETE_MAX,
  DISPOSAL_ITEM_STATUSES,
  DISPOSAL_MESSAGES,
  DISPOSAL_PAGE_SIZE,
  disposalDeleteConfirm,
  type DisposalItem,
  type DisposalItemStatus,
} from '@shared/disposal';
import { errorMessage, isApiError } from '../../../api/api-client';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { downloadCsv, localIsoMonth } from '../../../components/csv-report';
import { ListFooter } from '../../../components/list-footer';
import { SuccessNotice, useSuccessNotice } from '../../../components/success-notice';
import { useRowSelection } from '../../../components/use-row-selection';
import { LoadError } from '../../../components/load-error';
import { plural } from '../../../components/format';
import { StatCard } from '../../../components/stat-card';
import { useDebouncedValue } from '../../../components/use-debounced-value';
import type { DisposalFilters } from '../api/disposal-keys';
import { useCompleteDisposal, useDeleteDisposals, useRevertDisposal } from '../api/disposal-mutations';
import { useDisposalStats } from '../api/disposal-stats';
import { listAllDisposals, useDisposalList } from '../api/list-disposals';
import { disposalReportCsv, disposalReportFileName } from '../disposal-report';
import { AddDisposalModal } from './add-disposal-modal';
import { DisposalTable } from './disposal-table';
import type { LinkedAssets } from './linked-asset';
import { useFilledTable } from '../../../components/use-filled-table';

const SEARCH_DEBOUNCE_MS = 300;

type Transition = 'complete' | 'revert';

/** Complete and Revert: the same confirmation, in their own words. */
const TRANSITION_TEXTS: Record<
  Transition,
  { question: string; label: string; failed: string; done: (item: DisposalItem) => string }
> = {
  complete: {
    question: DISPOSAL_MESSAGES.completeConfirm,
    label: 'Complete',
    failed: DISPOSAL_MESSAGES.completeFailed,
    done: (item) => `Marked the disposal of ${item.asset_name} as completed`,
  },
  revert: {
    question: DISPOSAL_MESSAGES.revertConfirm,
    label: 'Revert',
    failed: DISPOSAL_MESSAGES.revertFailed,
    done: (item) => `Reverted ${item.asset_name} to Pending`,
  },
};

type Dialog =
  | { kind: 'add' }
  | { kind: Transition; item: DisposalItem }
  | { kind: 'delete'; ids: readonly string[] }
  | { kind: 'edit-asset'; assetId: string; itemId: string };

/** A failure the page reports outside any dialog (export, loading a linked asset). */
interface Problem {
  heading: string;
  message?: string;
}

function isStatus(value: string): value is DisposalItemStatus {
  return (DISPOSAL_ITEM_STATUSES as readonly string[]).includes(value);
}

/** Asset Disposal: counts, search and status filter, add, complete, revert, bulk delete, export. */
export function DisposalPage({ linkedAssets }: { linkedAssets: LinkedAssets }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DisposalItemStatus | ''>('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const filters: DisposalFilters = { q, status };
  const filtered = q !== '' || status !== '';
  const { list, items, filling, settled, loadMore } = useFilledTable(
    useDisposalList(filters),
    filters,
    DISPOSAL_PAGE_SIZE,
  );
  const stats = useDisposalStats(localIsoMonth(new Date()));

  const { selectedSet, selectedIds, setSelected, toggle, toggleAll } = useRowSelection(items, filters);
  const tooMany = selectedIds.length > DISPOSAL_DELETE_MAX;

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { notice, showNotice, clearNotice } = useSuccessNotice();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [loadingAssetOf, setLoadingAssetOf] = useState<string | null>(null);
  const [exporting, setExporting] = useState<{ loaded: number } | null>(null);

  const complete = useCompleteDisposal();
  const revert = useRevertDisposal();
  const deletion = useDeleteDisposals();

  const addButtonRef = useRef<HTMLButtonElement>(null);
  const tableRegionRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const exportAbortRef = useRef<AbortController | null>(null);
  const assetAbortRef = useRef<AbortController | null>(null);
  const limitId = useId();

  useEffect(
    () => () => {
      exportAbortRef.current?.abort();
      assetAbortRef.current?.abort();
    },
    [],
  );

  const clearFilters = () => {
    setSearch('');
    setStatus('');
    searchRef.current?.focus();
  };

  /** A row's button by its data attribute, for focus after the button that opened a dialog changed. */
  const rowButton = (attribute: string, id: string) =>
    tableRegionRef.current?.querySelector<HTMLElement>(`[${attribute}="${id}"]`) ?? null;

  const transitions = { complete, revert };
  const openTransition = (kind: Transition, item: DisposalItem) => {
    transitions[kind].reset();
    setDialog({ kind, item });
  };
  const openDelete = () => {
    if (selectedIds.length === 0 || tooMany) return;
    deletion.reset();
    setDialog({ kind: 'delete', ids: selectedIds });
  };

  const confirmTransition = async (kind: Transition, item: DisposalItem) => {
    try {
      await transitions[kind].mutateAsync(item.id);
      setDialog(null);
      showNotice(TRANSITION_TEXTS[kind].done(item));
    } catch (error) {
      // The dialog shows the failure and stays open for another try.
      console.error(TRANSITION_TEXTS[kind].failed, error);
    }
  };

  const confirmDelete = async (ids: readonly string[]) => {
    try {
      const result = await deletion.mutateAsync(ids);
      setSelected(new Set());
      setDialog(null);
      showNotice(`Deleted ${plural(result.deleted, 'disposal item', 'disposal items')}`);
    } catch (error) {
      console.error(DISPOSAL_MESSAGES.deleteFailed, error);
    }
  };

  /** Edit: the linked asset must still exist before its editor opens. */
  const openLinkedAsset = async (item: DisposalItem) => {
    setProblem(null);
    if (!item.asset_id) {
      setProblem({ heading: DISPOSAL_MESSAGES.noAssociatedAsset });
      return;
    }
    assetAbortRef.current?.abort();
    const controller = new AbortController();
    assetAbortRef.current = controller;
    setLoadingAssetOf(item.id);
    try {
      await linkedAssets.load(item.asset_id, controller.signal);
      setDialog({ kind: 'edit-asset', assetId: item.asset_id, itemId: item.id });
    } catch (error) {
      if (controller.signal.aborted) return;
      if (isApiError(error) && error.status === 404) {
        setProblem({ heading: DISPOSAL_MESSAGES.noAssociatedAsset });
      } else {
        console.error(DISPOSAL_MESSAGES.assetLoadFailed, error);
        setProblem({ heading: DISPOSAL_MESSAGES.assetLoadFailed, message: errorMessage(error) });
      }
    } finally {
      if (!controller.signal.aborted) setLoadingAssetOf(null);
    }
  };

  /** Every item matching the search and filter, fetched page by page, then saved as CSV. */
  const exportCsv = async () => {
    if (exporting) return;
    setProblem(null);
    const controller = new AbortController();
    exportAbortRef.current = controller;
    setExporting({ loaded: 0 });
    try {
      const all = await listAllDisposals(filters, (loaded) => setExporting({ loaded }), controller.signal);
      const fileName = disposalReportFileName(new Date());
      downloadCsv(disposalReportCsv(all), fileName);
      showNotice(`Exported ${plural(all.length, 'disposal item', 'disposal items')} to ${fileName}`);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error(DISPOSAL_MESSAGES.exportFailed, error);
      setProblem({ heading: DISPOSAL_MESSAGES.exportFailed, message: errorMessage(error) });
    } finally {
      if (!controller.signal.aborted) setExporting(null);
    }
  };

  const searching = list.isFetching && filtered && (!settled || filling);
  const showEmpty = settled && items.length === 0 && !list.hasNextPage;
  const statsFailed = stats.isError && !stats.data;
  const announcement = list.isPending
    ? filtered
      ? 'Searching…'
      : 'Loading disposal items…'
    : searching
      ? 'Searching…'
      : filtered && settled && !filling && !list.isError
        ? `${plural(items.length, 'result', 'results')}${list.hasNextPage ? ', more available' : ''}`
        : '';
  const exportLabel = exporting ? `Exporting… ${plural(exporting.loaded, 'item', 'items')}` : 'Export to CSV';

  return (
    <section aria-labelledby="disposal-title" className="disposal-page">
      <Heading level={2} id="disposal-title" marginBottom="medium">
        Asset Disposal
      </Heading>

      {statsFailed ? (
        <LoadError heading="Could not load the disposal counts" query={stats} marginBottom="medium" />
      ) : null}
      <div className="stat-grid disposal-stats" aria-busy={stats.isPending && !statsFailed}>
        <StatCard label="Pending Disposal" value={stats.data?.pending} unavailable={statsFailed} />
        <StatCard label="Completed" value={stats.data?.completed} unavailable={statsFailed} />
        <StatCard label="This Month" value={stats.data?.this_month} unavailable={statsFailed} />
      </div>

      <div className="toolbar" role="search" aria-label="Disposal items">
        <SearchField
          ref={searchRef}
          className="toolbar__search"
          label="Search disposal items"
          labelHidden={false}
          placeholder={DISPOSAL_MESSAGES.searchPlaceholder}
          hasSearchButton={false}
          hasSearchIcon
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
          {DISPOSAL_ITEM_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </SelectField>
        <div className="toolbar__actions">
          {selectedIds.length > 0 ? (
            <Button
              variation="primary"
              colorTheme="error"
              onClick={openDelete}
              isDisabled={tooMany}
              aria-describedby={tooMany ? limitId : undefined}
            >
              Delete Selected ({selectedIds.length.toLocaleString('en-GB')})
            </Button>
          ) : null}
          <Button ref={addButtonRef} variation="primary" onClick={() => setDialog({ kind: 'add' })}>
            Add Disposal Item
          </Button>
          <Button
            onClick={() => void exportCsv()}
            isDisabled={exporting !== null || items.length === 0}
            isLoading={exporting !== null}
            loadingText={exportLabel}
          >
            Export to CSV
          </Button>
        </div>
      </div>

      <SuccessNotice notice={notice} onDismiss={clearNotice} />
      <div className="hardware-notice">
        {problem ? (
          <Alert
            variation="error"
            role="alert"
            heading={problem.heading}
            isDismissible
            onDismiss={() => setProblem(null)}
            marginBottom="small"
          >
            {problem.message}
          </Alert>
        ) : null}
      </div>

      {selectedIds.length > 0 ? (
        <div className="disposal-selection">
          <Text fontWeight="semibold">{selectedIds.length.toLocaleString('en-GB')} selected</Text>
          <Button size="small" variation="link" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
          {tooMany ? (
            <Text id={limitId} className="disposal-selection__note" color="font.warning">
              Select at most {DISPOSAL_DELETE_MAX} disposal items at a time:{' '}
              {plural(selectedIds.length, 'is', 'are')} selected. Deselect some rows to continue.
            </Text>
          ) : null}
        </div>
      ) : null}

      <VisuallyHidden role="status">{exporting ? exportLabel : announcement}</VisuallyHidden>
      {list.isPending ? (
        <Flex className="hardware-state" alignItems="center" justifyContent="center" gap="small">
          <Loader aria-hidden="true" />
          <Text>{filtered ? 'Searching…' : 'Loading disposal items…'}</Text>
        </Flex>
      ) : list.isError && !list.isFetchNextPageError ? (
        <LoadError heading="Could not load disposal items" query={list} />
      ) : showEmpty ? (
        <EmptyState
          filtered={filtered}
          onAdd={() => setDialog({ kind: 'add' })}
          onClearFilters={clearFilters}
        />
      ) : (
        <>
          <DisposalTable
            ref={tableRegionRef}
            items={items}
            selected={selectedSet}
            busy={!settled}
            loadingAssetOf={loadingAssetOf}
            onToggle={toggle}
            onToggleAll={toggleAll}
            onEditAsset={(item) => void openLinkedAsset(item)}
            onComplete={(item) => openTransition('complete', item)}
            onRevert={(item) => openTransition('revert', item)}
          />
          <ListFooter
            list={list}
            shown={items.length > 0 ? plural(items.length, 'disposal item', 'disposal items') : null}
            filtered={filtered}
            filling={filling}
            settled={settled}
            loadMore={loadMore}
          />
        </>
      )}

      {dialog?.kind === 'add' ? (
        <AddDisposalModal
          onClose={() => setDialog(null)}
          returnFocus={() => addButtonRef.current}
          onAdded={(item) => {
            setDialog(null);
            showNotice(`Added ${item.asset_name}`);
          }}
        />
      ) : null}
      {dialog?.kind === 'edit-asset' ? (
        <linkedAssets.Editor
          assetId={dialog.assetId}
          onClose={() => setDialog(null)}
          returnFocus={() => rowButton('data-edit-asset', dialog.itemId) ?? tableRegionRef.current}
          onSaved={(name) => {
            setDialog(null);
            showNotice(`Saved changes to ${name}`);
          }}
        />
      ) : null}
      {dialog?.kind === 'complete' || dialog?.kind === 'revert' ? (
        <ConfirmDialog
          question={TRANSITION_TEXTS[dialog.kind].question}
          detail={<ItemDetail item={dialog.item} />}
          confirmLabel={TRANSITION_TEXTS[dialog.kind].label}
          destructive={false}
          busy={transitions[dialog.kind].isPending}
          error={
            transitions[dialog.kind].isError
              ? {
                  heading: TRANSITION_TEXTS[dialog.kind].failed,
                  message: errorMessage(transitions[dialog.kind].error),
                }
              : null
          }
          onConfirm={() => void confirmTransition(dialog.kind, dialog.item)}
          onCancel={() => setDialog(null)}
          returnFocus={() =>
            rowButton('data-disposal-action', dialog.item.id) ??
            tableRegionRef.current ??
            addButtonRef.current
          }
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          question={disposalDeleteConfirm(dialog.ids.length)}
          detail={<DeleteDetail items={items.filter((item) => dialog.ids.includes(item.id))} />}
          confirmLabel="Delete"
          busy={deletion.isPending}
          error={
            deletion.isError
              ? { heading: DISPOSAL_MESSAGES.deleteFailed, message: errorMessage(deletion.error) }
              : null
          }
          onConfirm={() => void confirmDelete(dialog.ids)}
          onCancel={() => setDialog(null)}
          returnFocus={() => tableRegionRef.current ?? addButtonRef.current}
        />
      ) : null}
    </section>
  );
}

function ItemDetail({ item }: { item: DisposalItem }) {
  const identifiers = [
    item.serial_number ? `serial ${item.serial_number}` : null,
    item.asset_tag ? `tag ${item.asset_tag}` : null,
  ].filter(Boolean);
  return (
    <>
      <strong>{item.asset_name}</strong> ({item.asset_type}
      {identifiers.length > 0 ? `, ${identifiers.join(', ')}` : ''}), {item.disposal_reason}.
    </>
  );
}

/** The items about to be deleted: the first few by name. */
function DeleteDetail({ items }: { items: readonly DisposalItem[] }) {
  const SHOWN = 3;
  const names = items.slice(0, SHOWN).map((item) => item.asset_name);
  const more = items.length - names.length;
  return (
    <>
      {names.map((name, index) => (
        <span key={index}>
          {index > 0 ? (index === names.length - 1 && more === 0 ? ' and ' : ', ') : null}
          <strong>{name}</strong>
        </span>
      ))}
      {more > 0 ? ` and ${plural(more, 'other item', 'other items')}` : null}
      {' will be removed from the disposal list.'}
    </>
  );
}

function EmptyState({
  filtered,
  onAdd,
  onClearFilters,
}: {
  filtered: boolean;
  onAdd: () => void;
  onClearFilters: () => void;
}) {
  if (filtered) {
    return (
      <div className="empty-state">
        <Heading level={3}>{DISPOSAL_MESSAGES.emptySearch}</Heading>
        <Text color="font.secondary">Try other words or another status.</Text>
        <Button marginTop="small" onClick={onClearFilters}>
          Clear search and filter
        </Button>
      </div>
    );
  }
  return (
    <div className="empty-state">
      <Heading level={3}>{DISPOSAL_MESSAGES.emptyList}</Heading>
      <Text color="font.secondary">
        Hardware set to Disposal Pending or Disposed appears here. You can also add software or other items by
        hand.
      </Text>
      <Button variation="primary" marginTop="small" onClick={onAdd}>
        Add a disposal item
      </Button>
    </div>
  );
}
