import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditLogListResponseSchema, type AuditLogListResponse } from '../../../../../shared/audit';
import { apiRequest } from '../../../api/api-client';

export function getAuditLogs(): Promise<AuditLogListResponse> {
  return apiRequest('/api/audit-logs', auditLogListResponseSchema);
}

export const auditLogsQueryOptions = queryOptions({
  queryKey: ['audit-logs'],
  queryFn: getAuditLogs,
});

/** The latest entries, newest first. Fetched only while `enabled` (the tab is shown), afresh each time it is. */
export function useAuditLogs({ enabled }: { enabled: boolean }) {
  return useQuery({ ...auditLogsQueryOptions, enabled });
}
