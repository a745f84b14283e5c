import { Table, TableBody, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { ReactNode, Ref } from 'react';
import './data-table.css';

interface DataTableProps {
  ref?: Ref<HTMLDivElement>;
  /** The region's name, read out when it takes focus. */
  label: string;
  /** The rows are of a previous search, or being replaced. */
  busy?: boolean;
  className?: string;
  /** The header row's cells. */
  header: ReactNode;
  children: ReactNode;
}

/**
 * A list's table: a focusable, named region that scrolls sideways if the table is wider than the
 * page, so keyboard users can scroll it too. On phones its rows become cards (app.css, "Tables"):
 * give each cell its column's name as data-label, and the cell of the row's buttons the class
 * row-actions.
 */
export function DataTable({ ref, label, busy = false, className, header, children }: DataTableProps) {
  return (
    <div
      ref={ref}
      className={['table-scroll data-table', className].filter(Boolean).join(' ')}
      role="region"
      aria-label={label}
      aria-busy={busy}
      tabIndex={0}
    >
      <Table size="small" highlightOnHover className="responsive-table">
        <TableHead>
          <TableRow>{header}</TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}
