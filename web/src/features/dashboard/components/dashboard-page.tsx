import { Alert, Button, Heading, VisuallyHidden } from '@aws-amplify/ui-react';
import { errorMessage } from '../../../api/api-client';
import { useDashboard } from '../api/get-dashboard';
import { StatCard } from './stat-card';

export function DashboardPage() {
  const dashboard = useDashboard();
  const data = dashboard.data;

  return (
    <section aria-labelledby="dashboard-title" aria-busy={dashboard.isPending}>
      <Heading level={2} id="dashboard-title" marginBottom="medium">
        Dashboard
      </Heading>
      {dashboard.isError ? (
        <Alert variation="error" heading="Could not load the dashboard" role="alert" marginBottom="medium">
          {errorMessage(dashboard.error)}{' '}
          <Button size="small" variation="link" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {dashboard.isPending ? <VisuallyHidden role="status">Loading dashboard...</VisuallyHidden> : null}
      <div className="stat-grid">
        <StatCard label="Total Hardware" value={data?.total_hardware} />
        <StatCard label="Active Hardware" value={data?.active_hardware} />
        <StatCard label="Monitoring Agents" value={data?.agents} />
        <StatCard label="Active Agents" value={data?.active_agents} />
      </div>
    </section>
  );
}
