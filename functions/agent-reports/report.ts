import { AGENT_REPORT_MAX_BYTES, agentReportSchema } from '../../shared/agent-data';
import { agentRoute } from '../lib/http';
import { recordAgentReport } from './service';

export const handler = agentRoute(
  {
    body: agentReportSchema,
    status: 202,
    maxBody: {
      bytes: AGENT_REPORT_MAX_BYTES,
      message: `The report is larger than ${AGENT_REPORT_MAX_BYTES / 1024 / 1024} MB`,
    },
  },
  async ({ agent, body, now }) => {
    await recordAgentReport(agent.organizationId, body, now);
    return { received_at: now.toISOString() };
  },
);
