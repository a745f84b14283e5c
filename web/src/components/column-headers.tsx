import { Th } from './plain-table';

/** A table's plain column headers, in order: one `<th scope="col">` each. */
export function ColumnHeaders({ labels }: { labels: readonly string[] }) {
  return (
    <>
      {labels.map((label) => (
        <Th key={label} scope="col">
          {label}
        </Th>
      ))}
    </>
  );
}
