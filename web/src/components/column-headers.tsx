import { TableCell } from '@aws-amplify/ui-react';

/** A table's plain column headers, in order: one `<th scope="col">` each. */
export function ColumnHeaders({ labels }: { labels: readonly string[] }) {
  return (
    <>
      {labels.map((label) => (
        <TableCell key={label} as="th" scope="col">
          {label}
        </TableCell>
      ))}
    </>
  );
}
