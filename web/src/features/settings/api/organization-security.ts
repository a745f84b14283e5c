import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organizationSecuritySchema, type OrganizationSecurity } from '@shared/mfa-requests';
import { apiRequest } from '../../../api/api-client';
import { meQueryOptions } from '../../../api/me';

/** PATCH /api/organization (admins): whether every member must use MFA. */
export function updateOrganizationSecurity(request: OrganizationSecurity): Promise<OrganizationSecurity> {
  return apiRequest('/api/organization', organizationSecuritySchema, { method: 'PATCH', body: request });
}

export function useUpdateOrganizationSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationSecurity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
