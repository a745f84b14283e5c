import { agentListQuerySchema, type AgentListResponse } from '../../shared/agent-data';
import { userRoute } from '../lib/http';
import { listFleetPage } from './fleet';

export const handler = userRoute(
  { query: agentListQuerySchema },
  ({ caller, query, now }): Promise<AgentListResponse> => listFleetPage(caller.organization.id, query, now),
);
