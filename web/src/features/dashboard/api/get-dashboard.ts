import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { DashboardResponse } from '../../../../../shared/api';
import { apiRequest } from '../../../api/api-client';

const count = z.number().int().nonnegative();

const dashboardSchema = z.object({
  total_hardware: count,
  active_hardware: count,
  agents: count,
  active_agents: count,
}) satisfies z.ZodType<DashboardResponse>;

export function getDashboard(): Promise<DashboardResponse> {
  return apiRequest('/api/dashboard', dashboardSchema);
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['dashboard'],
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
