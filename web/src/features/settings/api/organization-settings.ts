import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  organizationSettingsSchema,
  type OrganizationSettings,
  type OrganizationSettingsUpdate,
} from '@shared/organization-settings';
import { apiRequest } from '../../../api/api-client';
import { meQueryOptions } from '../../../api/me';

/** PATCH /api/organization (admins): whether every member must use MFA, whether agents update themselves. */
export function updateOrganizationSettings(
  request: OrganizationSettingsUpdate,
): Promise<OrganizationSettings> {
  return apiRequest('/api/organization', organizationSettingsSchema, { method: 'PATCH', body: request });
}

export function useUpdateOrganizationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganizationSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
