import { Card, Heading, Placeholder, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { BarChart, type BarChartRow } from './bar-chart';

interface BreakdownCardProps {
  title: string;
  /** Undefined while loading. */
  rows: readonly BarChartRow[] | undefined;
  /** Shown instead of the chart when there is nothing to count. */
  emptyText: string;
}

/** A dashboard panel holding one bar chart: hardware by status, hardware by type. */
export function BreakdownCard({ title, rows, emptyText }: BreakdownCardProps) {
  const headingId = useId();
  return (
    <Card as="section" variation="outlined" aria-labelledby={headingId} className="dashboard-panel">
      <Heading level={3} id={headingId} className="dashboard-panel__title">
        {title}
      </Heading>
      {rows === undefined ? (
        <div className="dashboard-panel__skeleton">
          <Placeholder height="1rem" />
          <Placeholder height="1rem" />
          <Placeholder height="1rem" />
          <Placeholder height="1rem" />
        </div>
      ) : rows.length === 0 ? (
        <Text color="font.secondary">{emptyText}</Text>
      ) : (
        <BarChart label={title} rows={rows} />
      )}
    </Card>
  );
}
