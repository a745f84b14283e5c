import { useQuery } from '@tanstack/react-query';
import { disposalStatsSchema, type DisposalStats } from '@shared/disposal';
import { apiRequest } from '../../../api/api-client';
import { disposalKeys } from './disposal-keys';

/** Pending, Completed, and items whose disposal date is in `month` (the viewer's YYYY-MM). */
export function getDisposalStats(month: string, signal?: AbortSignal): Promise<DisposalStats> {
  return apiRequest(`/api/disposals/stats?month=${encodeURIComponent(month)}`, disposalStatsSchema, {
    signal,
  });
}

export function useDisposalStats(month: string) {
  return useQuery({
    queryKey: disposalKeys.stats(month),
    queryFn: ({ signal }) => getDisposalStats(month, signal),
  });
}
