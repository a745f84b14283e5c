import { agentListQuerySchema, type AgentListResponse } from '../../shared/agent-data';
import { userRoute } from '../lib/http';
import { listAgentMachines } from './service';
import { fleetView } from './fleet';

export const handler = userRoute(
  { query: agentListQuerySchema },
  async ({ caller, query, now }): Promise<AgentListResponse> =>
    fleetView(await listAgentMachines(caller.organization.id), query, now),
);
