import type { MeResponse } from '../../shared/api';
import { organizationSettings } from '../../shared/organization-settings';
import { displayStatus } from '../../shared/subscription';
import { userRoute } from '../lib/http';

export const handler = userRoute({}, async ({ caller }): Promise<MeResponse> => {
  const { profile, organization, subscription } = caller;
  return {
    profile: {
      id: profile.id,
      email: profile.email,
      full_name: profile.full_name ?? null,
      organization_id: profile.organization_id,
      role: profile.role,
      created_at: profile.created_at,
      mfa_enabled: profile.mfa_enabled === true,
    },
    organization: {
      id: organization.id,
      name: organization.name,
      owner_id: organization.owner_id,
      created_at: organization.created_at,
      ...organizationSettings(organization),
    },
    subscription: {
      status: displayStatus(subscription?.status),
      has_active_subscription: caller.hasActiveSubscription,
      trial_end_date: subscription?.trial_end_date ?? null,
      current_period_end: subscription?.current_period_end ?? null,
      cancel_at_period_end: subscription?.cancel_at_period_end ?? false,
      plan_id: subscription?.plan_id ?? null,
    },
  };
});
