import type { AuditLogListResponse } from '../../shared/audit';
import { userRoute } from '../lib/http';
import { listAuditLogs } from '../lib/table/audit';

export const handler = userRoute({}, async ({ caller }): Promise<AuditLogListResponse> => ({
  items: await listAuditLogs(caller.organization.id),
}));
