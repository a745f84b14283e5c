import type {
  ButtonHTMLAttributes,
  HTMLAttributes,
  ReactNode,
  TdHTMLAttributes,
  ThHTMLAttributes,
} from 'react';

/**
 * Table rows' parts as plain elements carrying Amplify UI's classes, so they look the same as
 * TableRow, TableCell, Badge and Button. Each Amplify primitive subscribes to six media queries and
 * resolves theme tokens when it mounts: a page of 24 rows holds some 350 of them, which made
 * showing the hardware list a 200 ms task on a fast machine.
 */

function classes(...names: (string | false | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

export function Tr({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={classes('amplify-table__row', className)} {...rest} />;
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={classes('amplify-table__td', className)} {...rest} />;
}

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th className={classes('amplify-table__th', className)} {...rest} />;
}

interface PlainBadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variation?: 'info' | 'error' | 'warning' | 'success';
}

/** Amplify's small Badge. */
export function SmallBadge({ className, variation, ...rest }: PlainBadgeProps) {
  return (
    <span
      className={classes(
        'amplify-badge',
        className,
        variation && `amplify-badge--${variation}`,
        'amplify-badge--small',
      )}
      {...rest}
    />
  );
}

interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** Amplify's link variation in its error colour (a row's Delete). */
  danger?: boolean;
  children: ReactNode;
}

/** Amplify's small Button (type="button"). */
export function SmallButton({ className, danger = false, ...rest }: PlainButtonProps) {
  return (
    <button
      type="button"
      className={classes(
        'amplify-button amplify-field-group__control',
        danger && 'amplify-button--link amplify-button--link--error',
        'amplify-button--small',
        className,
      )}
      {...rest}
    />
  );
}
