import { Card, Placeholder, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { formatCount } from './format';
import './stat-card.css';

interface StatCardProps {
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
  /** The figure could not be loaded: show a dash rather than a skeleton that never ends. */
  unavailable?: boolean;
}

/** One figure in a named card (the dashboard's, the disposal counts, the users' summary). */
export function StatCard({ label, value, unavailable = false }: StatCardProps) {
  const labelId = useId();
  return (
    <Card as="section" variation="outlined" aria-labelledby={labelId}>
      <Text id={labelId} color="font.secondary" fontWeight="semibold">
        {label}
      </Text>
      {value !== undefined ? (
        <Text className="stat-card__value" marginTop="xs">
          {formatCount(value)}
        </Text>
      ) : unavailable ? (
        <Text className="stat-card__value" marginTop="xs" color="font.tertiary">
          <span aria-hidden="true">—</span>
          <VisuallyHidden>Not available</VisuallyHidden>
        </Text>
      ) : (
        // As tall as the figure (.stat-card__value: xxl at line-height 1.2), so nothing moves when it comes.
        <Placeholder height="calc(var(--amplify-font-sizes-xxl) * 1.2)" marginTop="xs" />
      )}
    </Card>
  );
}
