import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { MeResponse } from '../../../shared/api';
import { ROLES } from '../../../shared/constants';
import { displayStatus } from '../../../shared/subscription';
import { apiRequest } from './api-client';

const meSchema = z.object({
  profile: z.object({
    id: z.string(),
    email: z.string(),
    full_name: z.string().nullable(),
    organization_id: z.string(),
    role: z.enum(ROLES),
    created_at: z.string(),
  }),
  organization: z.object({
    id: z.string(),
    name: z.string(),
    owner_id: z.string(),
    created_at: z.string(),
  }),
  subscription: z.object({
    // Unknown statuses display as incomplete (SPEC 4).
    status: z
      .string()
      .nullable()
      .transform((status) => displayStatus(status)),
    has_active_subscription: z.boolean(),
    trial_end_date: z.string().nullable().default(null),
    current_period_end: z.string().nullable().default(null),
    cancel_at_period_end: z.boolean().default(false),
    plan_id: z.string().nullable().default(null),
  }),
}) satisfies z.ZodType<MeResponse, unknown>;

export function getMe(): Promise<MeResponse> {
  return apiRequest('/api/me', meSchema);
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
  return me.profile.role !== 'super_admin' && !me.subscription.has_active_subscription;
}

/**
 * The profile for screens rendered inside the app shell, which loads it before they render.
 * Suspends (instead of returning undefined) in the rare case the cache is empty.
 */
export function useCurrentUser(): MeResponse {
  return useSuspenseQuery(meQueryOptions).data;
}
