import { describe, expect, it } from 'vitest';
import type { DashboardResponse, MeResponse } from '../../shared/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { api, setSubscription, signIn, signUpCompany } from '../support/api';

describe('the caller’s session', () => {
  it('refuses /api/me without a token, with a malformed one, and with an ID token', async () => {
    const company = await signUpCompany();
    expect((await api('/api/me')).status).toBe(401);
    expect((await api('/api/me', { token: 'not-a-jwt' })).status).toBe(401);
    const tampered = company.accessToken.slice(0, -4) + 'AAAA';
    expect((await api('/api/me', { token: tampered })).status).toBe(401);
    // The API Gateway JWT authorizer accepts access tokens only.
    expect((await api('/api/me', { token: company.tokens.IdToken! })).status).toBe(401);
    expect((await api('/api/me', { token: company.accessToken })).status).toBe(200);
  });

  it('shows the dashboard counters, all zero for a new company', async () => {
    const company = await signUpCompany();
    const dashboard = await api<DashboardResponse>('/api/dashboard', { token: company.accessToken });
    expect(dashboard).toMatchObject({
      status: 200,
      body: { total_hardware: 0, active_hardware: 0, agents: 0, active_agents: 0, expiring_warranties: [] },
    });
  });

  it('refuses gated routes with 402 once the trial has ended, while /api/me still answers', async () => {
    const company = await signUpCompany();
    const me = await api<MeResponse>('/api/me', { token: company.accessToken });
    await setSubscription(me.body.organization.id, { trial_end_date: '2020-01-01T00:00:00.000Z' });

    const dashboard = await api('/api/dashboard', { token: company.accessToken });
    expect(dashboard).toMatchObject({ status: 402, body: { error: { code: 'subscription_required' } } });
    const after = await api<MeResponse>('/api/me', { token: company.accessToken });
    expect(after.body.subscription).toMatchObject({ status: 'trial', has_active_subscription: false });
  });

  it('treats cancelled as inactive and shows unknown statuses as incomplete', async () => {
    const company = await signUpCompany();
    const me = await api<MeResponse>('/api/me', { token: company.accessToken });
    await setSubscription(me.body.organization.id, { status: 'cancelled' });
    expect((await api('/api/dashboard', { token: company.accessToken })).status).toBe(402);
    await setSubscription(me.body.organization.id, { status: 'paused' });
    const after = await api<MeResponse>('/api/me', { token: company.accessToken });
    expect(after.body.subscription).toMatchObject({ status: 'incomplete', has_active_subscription: false });
    await setSubscription(me.body.organization.id, { status: 'past_due' });
    expect((await api('/api/dashboard', { token: company.accessToken })).status).toBe(200);
  });

  it('lets the super_admin through without a subscription', async () => {
    const tokens = await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password);
    const me = await api<MeResponse>('/api/me', { token: tokens.AccessToken! });
    expect(me.body.profile.role).toBe('super_admin');
    expect(me.body.subscription.has_active_subscription).toBe(false);
    expect((await api('/api/dashboard', { token: tokens.AccessToken! })).status).toBe(200);
  });
});
