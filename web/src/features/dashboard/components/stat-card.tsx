import { Card, Placeholder, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';

interface StatCardProps {
  label: string;
  /** Undefined while loading. */
  value: number | undefined;
}

export function StatCard({ label, value }: StatCardProps) {
  const labelId = useId();
  return (
    <Card variation="outlined" as="section" aria-labelledby={labelId}>
      <Text id={labelId} color="font.secondary" fontWeight="semibold">
        {label}
      </Text>
      {value === undefined ? (
        <Placeholder height="2.25rem" marginTop="xs" />
      ) : (
        <Text className="stat-card__value" marginTop="xs">
          {value.toLocaleString('en-GB')}
        </Text>
      )}
    </Card>
  );
}
