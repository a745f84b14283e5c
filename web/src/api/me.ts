import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { MeResponse } from '@shared/api';
import { isGatedBySubscription } from '@shared/subscription';
import { apiRequest } from './api-client';

/**
 * shared/api builds the schema of every response as it loads (with shared/hardware's): imported
 * with the first request rather than with the app, it is a task of its own instead of a third of the
 * start-up one. index.html preloads it (web/vite.config.ts), so the request does not wait for it.
 */
export async function getMe(): Promise<MeResponse> {
  const { meResponseSchema } = await import('@shared/api');
  return apiRequest('/api/me', meResponseSchema);
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: getMe,
  staleTime: 60_000,
});

/** The signed-in user's profile, organisation and subscription (GET /api/me). */
export function useMe() {
  return useQuery(meQueryOptions);
}

export function displayName(me: MeResponse): string {
  return me.profile.full_name?.trim() || me.profile.email;
}

/** Non-super-admins without an active subscription see the subscription gate. */
export function isGated(me: MeResponse): boolean {
  return isGatedBySubscription(me.profile.role, me.subscription.has_active_subscription);
}

/**
 * The profile for screens rendered inside the app shell, which loads it before they render.
 * Suspends (instead of returning undefined) in the rare case the cache is empty.
 */
export function useCurrentUser(): MeResponse {
  return useSuspenseQuery(meQueryOptions).data;
}
