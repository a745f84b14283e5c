import { Card, Heading, Link, Placeholder, Text } from '@aws-amplify/ui-react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import type { DashboardResponse } from '@shared/api';
import { BarChart, type BarChartRow } from './bar-chart';
import '../monitoring-card.css';

/** The Agent Monitoring tab showing the machines not in the inventory, to add or link them. */
const MACHINES_PATH = '/assets?tab=agents&inventory=not_linked';

/** One record per device (issue 27): how much of the inventory is monitored, and what is not listed. */
function monitoringRows(data: DashboardResponse): BarChartRow[] {
  return [
    { label: 'Assets monitored', value: data.assets_monitored, color: 'var(--amplify-colors-green-60)' },
    {
      label: 'Assets not monitored',
      value: data.assets_not_monitored,
      color: 'var(--amplify-colors-neutral-60)',
    },
    {
      label: 'Machines not in the inventory',
      value: data.machines_not_in_inventory,
      color: 'var(--amplify-colors-orange-60)',
    },
  ];
}

export function MonitoringCard({ data }: { data: DashboardResponse | undefined }) {
  const headingId = useId();
  const title = 'Monitored assets';
  const empty = data !== undefined && data.total_hardware === 0 && data.agents === 0;
  return (
    <Card
      as="section"
      variation="outlined"
      aria-labelledby={headingId}
      className="dashboard-panel monitoring-card"
    >
      <Heading level={3} id={headingId} className="dashboard-panel__title">
        {title}
      </Heading>
      {data === undefined ? (
        <div className="dashboard-panel__skeleton">
          <Placeholder height="1rem" />
          <Placeholder height="1rem" />
          <Placeholder height="1rem" />
        </div>
      ) : empty ? (
        <Text color="font.secondary">No hardware or agents yet</Text>
      ) : (
        <>
          <BarChart label={title} rows={monitoringRows(data)} />
          {data.machines_not_in_inventory > 0 ? (
            <Text fontSize="small" marginTop="small">
              <Link as={RouterLink} to={MACHINES_PATH}>
                Add or link the machines not in the inventory
              </Link>
            </Text>
          ) : null}
        </>
      )}
    </Card>
  );
}
