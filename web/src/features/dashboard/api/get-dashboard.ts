import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema, type DashboardResponse } from '@shared/api';
import { apiRequest } from '../../../api/api-client';

export function getDashboard(): Promise<DashboardResponse> {
  return apiRequest('/api/dashboard', dashboardResponseSchema);
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ['dashboard'],
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
