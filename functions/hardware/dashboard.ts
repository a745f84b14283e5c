import type { DashboardResponse } from '../../shared/api';
import { userRoute } from '../lib/http';
import { getOrganizationCounters } from '../lib/table';

export const handler = userRoute({}, async ({ caller }): Promise<DashboardResponse> => {
  const counters = await getOrganizationCounters(caller.organization.id);
  return {
    total_hardware: counters.total_hardware ?? 0,
    active_hardware: counters.active_hardware ?? 0,
    agents: counters.agents ?? 0,
    // An agent is active when seen within the hour; with no agent reports stored yet (they arrive
    // with the agents feature, which counts them from its heartbeat index) none can be.
    active_agents: 0,
  };
});
