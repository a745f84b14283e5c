import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema, type DashboardResponse } from '@shared/api';
import { apiRequest } from '../../../api/api-client';
import { INVENTORY_KEYS } from '../../../api/inventory-keys';

export function getDashboard(): Promise<DashboardResponse> {
  return apiRequest('/api/dashboard', dashboardResponseSchema);
}

export const dashboardQueryOptions = queryOptions({
  queryKey: INVENTORY_KEYS.dashboard,
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}
