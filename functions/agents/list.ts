import { userRoute } from '../lib/http';
import { listAgentMachines } from '../lib/table/agents';

export const handler = userRoute({}, async ({ caller }) => ({
  items: await listAgentMachines(caller.organization.id),
}));
