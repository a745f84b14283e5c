import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  alertSettingsSchema,
  digestSendResponseSchema,
  type AlertSettings,
  type AlertSettingsUpdate,
  type DigestSendResponse,
} from '@shared/alerts';
import { apiRequest } from '../../../api/api-client';

export const alertSettingsQueryKey = ['me', 'alerts'] as const;

/** GET /api/me/alerts (admins): the caller's own digest settings. */
export function getAlertSettings(): Promise<AlertSettings> {
  return apiRequest('/api/me/alerts', alertSettingsSchema);
}

export const alertSettingsQueryOptions = queryOptions({
  queryKey: alertSettingsQueryKey,
  queryFn: getAlertSettings,
});

export function useAlertSettings(enabled: boolean) {
  return useQuery({ ...alertSettingsQueryOptions, enabled });
}

/** PATCH /api/me/alerts: the answer is the settings as saved. */
export function updateAlertSettings(request: AlertSettingsUpdate): Promise<AlertSettings> {
  return apiRequest('/api/me/alerts', alertSettingsSchema, { method: 'PATCH', body: request });
}

export function useUpdateAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlertSettings,
    onSuccess: (saved) => queryClient.setQueryData(alertSettingsQueryKey, saved),
  });
}

/** POST /api/alerts/digest: the digest now, to the organisation's admins who opted in. */
export function sendDigestNow(): Promise<DigestSendResponse> {
  return apiRequest('/api/alerts/digest', digestSendResponseSchema, { method: 'POST' });
}

export function useSendDigestNow() {
  return useMutation({ mutationFn: sendDigestNow });
}
