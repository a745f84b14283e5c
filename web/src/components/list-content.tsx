import { VisuallyHidden } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { ListLoading } from './list-states';
import { LoadError } from './load-error';
import type { SearchableList } from './use-searchable-list';

interface ListContentProps {
  view: SearchableList;
  /** Read out in the list's live region (listAnnouncement). */
  announcement: string;
  /** "Loading hardware…" ("Searching…" under a search or filter). */
  loadingText: string;
  errorHeading: string;
  /** Shown when nothing is loaded and nothing is left to load. */
  empty: ReactNode;
  /** The table and its footer. */
  children: ReactNode;
}

/** A searchable list's body: its first load, a failed load with Try again, empty, or its rows. */
export function ListContent({
  view,
  announcement,
  loadingText,
  errorHeading,
  empty,
  children,
}: ListContentProps) {
  const { list } = view;
  return (
    <>
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {view.pending ? (
        <ListLoading text={view.filtered ? 'Searching…' : loadingText} />
      ) : list.isError && !list.isFetchNextPageError ? (
        <LoadError heading={errorHeading} query={list} />
      ) : view.showEmpty ? (
        empty
      ) : (
        children
      )}
    </>
  );
}
