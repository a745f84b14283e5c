import { useQuery } from '@tanstack/react-query';
import { organizationListResponseSchema, type OrganizationSummary } from '@shared/users';
import { apiRequest } from '../../../api/api-client';
import { organizationKeys } from './user-keys';

/** Every organisation with its user count, newest first (super_admin only); ones being deleted are left out. */
export async function listOrganizations(signal?: AbortSignal): Promise<OrganizationSummary[]> {
  const response = await apiRequest('/api/organizations', organizationListResponseSchema, { signal });
  return response.items;
}

export function useOrganizationList() {
  return useQuery({
    queryKey: organizationKeys.list(),
    queryFn: ({ signal }) => listOrganizations(signal),
  });
}
