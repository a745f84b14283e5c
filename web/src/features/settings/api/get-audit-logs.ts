import { useInfiniteQuery } from '@tanstack/react-query';
import { auditLogListResponseSchema, type AuditLogListResponse } from '@shared/audit';
import { apiRequest } from '../../../api/api-client';

/** A page of the audit trail: the latest entries, or those older than a cursor. */
export function getAuditLogs(cursor: string | null, signal?: AbortSignal): Promise<AuditLogListResponse> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return apiRequest(`/api/audit-logs${query}`, auditLogListResponseSchema, { signal });
}

/**
 * The latest entries, newest first, then older ones a page at a time ("Load older entries"). Fetched
 * only while `enabled` (the tab is shown), afresh each time it is.
 */
export function useAuditLogs({ enabled }: { enabled: boolean }) {
  return useInfiniteQuery({
    queryKey: ['audit-logs'],
    queryFn: ({ pageParam, signal }) => getAuditLogs(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    enabled,
  });
}
