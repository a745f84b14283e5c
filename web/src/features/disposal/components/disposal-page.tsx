import { Button, Heading, Text } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState } from 'react';
import {
  DISPOSAL_DELETE_MAX,
  DISPOSAL_ITEM_STATUSES,
  DISPOSAL_MESSAGES,
  DISPOSAL_PAGE_SIZE,
  type DisposalItem,
} from '@shared/disposal';
import { errorMessage, isApiError } from '../../../api/api-client';
import { localIsoMonth } from '../../../components/csv-report';
import { formatCount } from '../../../components/format';
import { ListContent } from '../../../components/list-content';
import { ListFooter, showingText } from '../../../components/list-footer';
import { EmptyState, NoMatches } from '../../../components/list-states';
import { ListToolbar } from '../../../components/list-toolbar';
import { LoadError } from '../../../components/load-error';
import { ProblemNotice, type Problem } from '../../../components/problem-notice';
import { SelectionBar } from '../../../components/selection-bar';
import { StatCard } from '../../../components/stat-card';
import { SuccessNotice, useSuccessNotice } from '../../../components/success-notice';
import { useListFilters } from '../../../components/use-list-filters';
import { listAnnouncement, useSearchableList } from '../../../components/use-searchable-list';
import { useCompleteDisposal, useDeleteDisposals, useRevertDisposal } from '../api/disposal-mutations';
import { useDisposalStats } from '../api/disposal-stats';
import { useDisposalList } from '../api/list-disposals';
import { AddDisposalModal } from './add-disposal-modal';
import { DeleteDialog, TransitionDialog, type Transition } from './disposal-dialogs';
import { DisposalTable } from './disposal-table';
import type { LinkedAssets } from './linked-asset';
import { useDisposalExport } from './use-disposal-export';
import '../disposal.css';

const NOUN = ['disposal item', 'disposal items'] as const;

type Dialog =
  | { kind: 'add' }
  | { kind: Transition; item: DisposalItem }
  | { kind: 'delete'; ids: readonly string[] }
  | { kind: 'edit-asset'; assetId: string; itemId: string };

/** Asset Disposal: counts, search and status filter, add, complete, revert, bulk delete, export. */
export function DisposalPage({ linkedAssets }: { linkedAssets: LinkedAssets }) {
  const filters = useListFilters(DISPOSAL_ITEM_STATUSES);
  const view = useSearchableList(useDisposalList(filters.value), filters, DISPOSAL_PAGE_SIZE);
  const { items, selection } = view;
  const stats = useDisposalStats(localIsoMonth(new Date()));
  const tooMany = selection.selectedIds.length > DISPOSAL_DELETE_MAX;

  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { notice, showNotice, clearNotice } = useSuccessNotice();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [loadingAssetOf, setLoadingAssetOf] = useState<string | null>(null);
  const exportList = useDisposalExport({ onExported: showNotice, onFailed: setProblem });

  const transitions = { complete: useCompleteDisposal(), revert: useRevertDisposal() };
  const deletion = useDeleteDisposals();

  const addButtonRef = useRef<HTMLButtonElement>(null);
  const tableRegionRef = useRef<HTMLDivElement>(null);
  const assetAbortRef = useRef<AbortController | null>(null);
  const limitId = useId();

  useEffect(() => () => assetAbortRef.current?.abort(), []);

  /** A row's button by its data attribute, for focus after the button that opened a dialog changed. */
  const rowButton = (attribute: string, id: string) =>
    tableRegionRef.current?.querySelector<HTMLElement>(`[${attribute}="${id}"]`) ?? null;
  const closeWith = (message: string) => {
    setDialog(null);
    showNotice(message);
  };

  const openTransition = (kind: Transition, item: DisposalItem) => {
    transitions[kind].reset();
    setDialog({ kind, item });
  };
  const openDelete = () => {
    if (selection.selectedIds.length === 0 || tooMany) return;
    deletion.reset();
    setDialog({ kind: 'delete', ids: selection.selectedIds });
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

  const statsFailed = stats.isError && !stats.data;

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

      <ListToolbar
        label="Disposal items"
        searchLabel="Search disposal items"
        placeholder={DISPOSAL_MESSAGES.searchPlaceholder}
        filters={filters}
      >
        {selection.selectedIds.length > 0 ? (
          <Button
            variation="primary"
            colorTheme="error"
            onClick={openDelete}
            isDisabled={tooMany}
            aria-describedby={tooMany ? limitId : undefined}
          >
            Delete Selected ({formatCount(selection.selectedIds.length)})
          </Button>
        ) : null}
        <Button ref={addButtonRef} variation="primary" onClick={() => setDialog({ kind: 'add' })}>
          Add Disposal Item
        </Button>
        <Button
          onClick={() => {
            setProblem(null);
            void exportList.start(filters.value);
          }}
          isDisabled={exportList.exporting || items.length === 0}
          isLoading={exportList.exporting}
          loadingText={exportList.label}
        >
          Export to CSV
        </Button>
      </ListToolbar>

      <SuccessNotice notice={notice} onDismiss={clearNotice} />
      <ProblemNotice problem={problem} onDismiss={() => setProblem(null)} />

      {selection.selectedIds.length > 0 ? (
        <SelectionBar
          count={selection.selectedIds.length}
          max={DISPOSAL_DELETE_MAX}
          noun={NOUN}
          limitId={limitId}
          onClear={() => selection.setSelected(new Set())}
        />
      ) : null}

      <ListContent
        view={view}
        announcement={
          exportList.exporting ? exportList.label : listAnnouncement(view, 'Loading disposal items…', null)
        }
        loadingText="Loading disposal items…"
        errorHeading="Could not load disposal items"
        empty={
          filters.filtered ? (
            <NoMatches level={3} heading={DISPOSAL_MESSAGES.emptySearch} onClear={filters.clear} />
          ) : (
            <EmptyState level={3} heading={DISPOSAL_MESSAGES.emptyList}>
              <Text color="font.secondary">
                Hardware set to Disposal Pending or Disposed appears here. You can also add software or other
                items by hand.
              </Text>
              <Button variation="primary" marginTop="small" onClick={() => setDialog({ kind: 'add' })}>
                Add a disposal item
              </Button>
            </EmptyState>
          )
        }
      >
        <DisposalTable
          ref={tableRegionRef}
          items={items}
          selected={selection.selectedSet}
          busy={!view.settled}
          loadingAssetOf={loadingAssetOf}
          onToggle={selection.toggle}
          onToggleAll={selection.toggleAll}
          onEditAsset={(item) => void openLinkedAsset(item)}
          onComplete={(item) => openTransition('complete', item)}
          onRevert={(item) => openTransition('revert', item)}
        />
        <ListFooter pager={view} showing={showingText(items.length, null, NOUN, view.list.hasNextPage)} />
      </ListContent>

      {dialog?.kind === 'add' ? (
        <AddDisposalModal
          onClose={() => setDialog(null)}
          returnFocus={() => addButtonRef.current}
          onAdded={(item) => closeWith(`Added ${item.asset_name}`)}
        />
      ) : null}
      {dialog?.kind === 'edit-asset' ? (
        <linkedAssets.Editor
          assetId={dialog.assetId}
          onClose={() => setDialog(null)}
          returnFocus={() => rowButton('data-edit-asset', dialog.itemId) ?? tableRegionRef.current}
          onSaved={(name) => closeWith(`Saved changes to ${name}`)}
        />
      ) : null}
      {dialog?.kind === 'complete' || dialog?.kind === 'revert' ? (
        <TransitionDialog
          kind={dialog.kind}
          item={dialog.item}
          mutation={transitions[dialog.kind]}
          onDone={closeWith}
          onCancel={() => setDialog(null)}
          returnFocus={() =>
            rowButton('data-disposal-action', dialog.item.id) ??
            tableRegionRef.current ??
            addButtonRef.current
          }
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteDialog
          ids={dialog.ids}
          items={items}
          mutation={deletion}
          onDone={(message) => {
            selection.setSelected(new Set());
            closeWith(message);
          }}
          onCancel={() => setDialog(null)}
          returnFocus={() => tableRegionRef.current ?? addButtonRef.current}
        />
      ) : null}
    </section>
  );
}
