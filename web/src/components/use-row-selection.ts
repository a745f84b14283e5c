import { useState } from 'react';

/**
 * The rows ticked in a list. A selection belongs to the filters it was made under: changing the
 * search or the status filter starts from none, and only loaded rows count as selected.
 */
export function useRowSelection(items: readonly { id: string }[], filters: object) {
  const filterKey = JSON.stringify(filters);
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: filterKey,
    ids: new Set(),
  });
  const selectedSet = selection.key === filterKey ? selection.ids : new Set<string>();
  const selectedIds = items.filter((item) => selectedSet.has(item.id)).map((item) => item.id);
  const setSelected = (ids: ReadonlySet<string>) => setSelection({ key: filterKey, ids });
  return {
    selectedSet,
    selectedIds,
    setSelected,
    toggle: (id: string, selected: boolean) => {
      const next = new Set(selectedSet);
      if (selected) next.add(id);
      else next.delete(id);
      setSelected(next);
    },
    toggleAll: (selected: boolean) => setSelected(new Set(selected ? items.map((item) => item.id) : [])),
  };
}
