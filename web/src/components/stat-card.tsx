import { formatCount } from './format';
import { useId } from 'react';
import { HiddenText, OutlinedCard, SkeletonBar } from './plain-parts';

const LABEL_STYLE = {
  color: 'var(--amplify-colors-font-secondary)',
  fontWeight: 'var(--amplify-font-weights-semibold)',
};
const VALUE_STYLE = { marginBlockStart: 'var(--amplify-space-xs)' };

interface StatCardProps {
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
  /** The figure could not be loaded: show a dash rather than a skeleton that never ends. */
  unavailable?: boolean;
}

export function StatCard({ label, value, unavailable = false }: StatCardProps) {
  const labelId = useId();
  return (
    <OutlinedCard aria-labelledby={labelId}>
      <p id={labelId} className="amplify-text" style={LABEL_STYLE}>
        {label}
      </p>
      {value !== undefined ? (
        <p className="amplify-text stat-card__value" style={VALUE_STYLE}>
          {formatCount(value)}
        </p>
      ) : unavailable ? (
        <p
          className="amplify-text stat-card__value"
          style={{ ...VALUE_STYLE, color: 'var(--amplify-colors-font-tertiary)' }}
        >
          <span aria-hidden="true">—</span>
          <HiddenText>Not available</HiddenText>
        </p>
      ) : (
        // As tall as the figure (.stat-card__value: xxl at line-height 1.2), so nothing moves when it comes.
        <SkeletonBar height="calc(var(--amplify-font-sizes-xxl) * 1.2)" style={VALUE_STYLE} />
      )}
    </OutlinedCard>
  );
}
