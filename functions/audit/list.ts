import { auditLogListQuerySchema, type AuditLogListResponse } from '../../shared/audit';
import { userRoute } from '../lib/http';
import { listAuditLogs } from './service';

export const handler = userRoute(
  { query: auditLogListQuerySchema },
  ({ caller, query }): Promise<AuditLogListResponse> => listAuditLogs(caller.organization.id, query),
);
