import { Heading, VisuallyHidden } from '@aws-amplify/ui-react';
import { useDeferredValue } from 'react';
import { LoadError } from '../../../components/load-error';
import type { DashboardResponse } from '@shared/api';
import { HARDWARE_ASSET_TYPES, HARDWARE_STATUSES } from '@shared/hardware';
import { useDashboard } from '../api/get-dashboard';
import type { BarChartRow } from './bar-chart';
import { BreakdownCard } from './breakdown-card';
import { ExpiringWarranties } from './expiring-warranties';
import { MonitoringCard } from './monitoring-card';
import { StatCard } from '../../../components/stat-card';
import { statusColor } from '../../../components/hardware-status';
import '../dashboard.css';

const NO_HARDWARE = 'No hardware yet';

/** Every status, in lifecycle order, so the chart reads the same from one visit to the next. */
function statusRows(data: DashboardResponse): BarChartRow[] {
  if (data.total_hardware === 0) return [];
  return HARDWARE_STATUSES.map((status) => ({
    label: status,
    value: data.hardware_by_status[status] ?? 0,
    color: statusColor(status),
  }));
}

/** The types in use, most numerous first. */
function typeRows(data: DashboardResponse): BarChartRow[] {
  if (data.total_hardware === 0) return [];
  return HARDWARE_ASSET_TYPES.map((type) => ({
    label: type,
    value: data.hardware_by_type[type] ?? 0,
    // Type is a category, not a state: one colour for all its bars.
    color: 'var(--amplify-colors-teal-60)',
  }))
    .filter((row) => row.value > 0)
    .sort((a, b) => b.value - a.value);
}

export function DashboardPage() {
  const dashboard = useDashboard();
  // New figures render in a transition, which React splits into short tasks: the skeletons stay
  // until the cards are ready, instead of one long task blocking the page (see app-shell.tsx).
  const data = useDeferredValue(dashboard.data);
  // After a failed first load there is nothing to wait for: no skeletons, only the error and retry.
  const failed = dashboard.isError && !data;
  const loading = data === undefined && !failed;

  return (
    <section aria-labelledby="dashboard-title" aria-busy={loading}>
      <Heading level={2} id="dashboard-title" marginBottom="medium">
        Dashboard
      </Heading>
      {dashboard.isError ? (
        <LoadError heading="Could not load the dashboard" query={dashboard} marginBottom="medium" />
      ) : null}
      {loading ? <VisuallyHidden role="status">Loading dashboard...</VisuallyHidden> : null}
      <div className="stat-grid">
        <StatCard label="Total Hardware" value={data?.total_hardware} unavailable={failed} />
        <StatCard label="Active Hardware" value={data?.active_hardware} unavailable={failed} />
        <StatCard label="Monitoring Agents" value={data?.agents} unavailable={failed} />
        <StatCard label="Active Agents" value={data?.active_agents} unavailable={failed} />
      </div>
      {failed ? null : (
        <div className="dashboard-grid">
          <BreakdownCard
            title="Assets by status"
            rows={data ? statusRows(data) : undefined}
            emptyText={NO_HARDWARE}
          />
          <BreakdownCard
            title="Assets by type"
            rows={data ? typeRows(data) : undefined}
            emptyText={NO_HARDWARE}
          />
          <MonitoringCard data={data} />
          <ExpiringWarranties
            warranties={data?.expiring_warranties}
            more={data?.more_expiring_warranties ?? false}
          />
        </div>
      )}
    </section>
  );
}
