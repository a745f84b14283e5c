import type { CSSProperties, HTMLAttributes } from 'react';

/**
 * Amplify UI's Card, Placeholder and VisuallyHidden as plain elements with the same classes (see
 * plain-table.tsx for why): for screens that show many of them at once, such as the dashboard.
 */

/** An outlined Card, as a named section. */
export function OutlinedCard({ className, ...rest }: HTMLAttributes<HTMLElement>) {
  return (
    <section
      className={['amplify-card amplify-card--outlined', className].filter(Boolean).join(' ')}
      {...rest}
    />
  );
}

/** A loading skeleton bar of the given height. */
export function SkeletonBar({ height, style }: { height: string; style?: CSSProperties }) {
  return <div className="amplify-placeholder" style={{ height, ...style }} />;
}

/** Read out, not shown. */
export function HiddenText(props: HTMLAttributes<HTMLSpanElement>) {
  return <span className="amplify-visually-hidden" {...props} />;
}
