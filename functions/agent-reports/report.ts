import { AGENT_REPORT_MAX_BYTES, agentReportSchema, type AgentReportResponse } from '../../shared/agent-data';
import { LATEST_AGENT_VERSION } from '../../shared/agent-version';
import { deviceRoute } from '../lib/http';
import { recordAgentReport } from './service';

export const handler = deviceRoute(
  {
    body: agentReportSchema,
    status: 202,
    maxBody: {
      bytes: AGENT_REPORT_MAX_BYTES,
      message: `The report is larger than ${AGENT_REPORT_MAX_BYTES / 1024 / 1024} MB`,
    },
  },
  async ({ device, body, now }): Promise<AgentReportResponse> => {
    await recordAgentReport(device, body, now);
    return {
      received_at: now.toISOString(),
      latest_version: LATEST_AGENT_VERSION,
      auto_update: device.autoUpdate,
    };
  },
);
