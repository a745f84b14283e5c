import { describe, expect, it } from 'vitest';
import {
  PLAN_LIMIT_MESSAGES,
  checkoutOutcome,
  formatAmount,
  hasRunningPlan,
  limitText,
  subscriptionStatusFromStripe,
} from './billing';

describe('billing rules', () => {
  it.each([
    ['active', 'active'],
    ['past_due', 'past_due'],
    ['unpaid', 'past_due'],
    ['canceled', 'cancelled'],
    ['trialing', 'trial'],
    ['incomplete', 'incomplete'],
    ['incomplete_expired', 'incomplete'],
    ['paused', 'incomplete'],
    ['something_new', 'incomplete'],
  ])('maps Stripe status %s to %s', (stripe, ours) => {
    expect(subscriptionStatusFromStripe(stripe)).toBe(ours);
  });

  it('formats minor units en-GB in the plan currency', () => {
    expect(formatAmount(2900, 'gbp')).toBe('£29.00');
    expect(formatAmount(123456, 'usd')).toBe('US$1,234.56');
    expect(formatAmount(0, 'eur')).toBe('€0.00');
  });

  it('reads 999999 as unlimited', () => {
    expect(limitText(999999, 'users')).toBe('Unlimited users');
    expect(limitText(1000, 'hardware assets')).toBe('1,000 hardware assets');
  });

  it('knows a running plan from a trial or an ended one', () => {
    expect(hasRunningPlan({ plan_id: 'p', status: 'active' })).toBe(true);
    expect(hasRunningPlan({ plan_id: 'p', status: 'past_due' })).toBe(true);
    expect(hasRunningPlan({ plan_id: 'p', status: 'cancelled' })).toBe(false);
    expect(hasRunningPlan({ plan_id: null, status: 'trial' })).toBe(false);
  });

  it('names the limit and the plan', () => {
    expect(PLAN_LIMIT_MESSAGES.users('Starter', 5)).toMatch(/^The Starter plan allows 5 users/);
    expect(PLAN_LIMIT_MESSAGES.assets(null, 500, 500)).toMatch(
      /^The free trial allows 500 hardware assets and this organisation has 500\./,
    );
  });

  it('calls a checkout activated only when it completed and its subscription runs as mirrored', () => {
    const complete = { status: 'complete', subscription_status: 'active' as const, mirrored: true };
    expect(checkoutOutcome(complete)).toBe('activated');
    expect(checkoutOutcome({ ...complete, subscription_status: 'trial' })).toBe('activated');
    // Stripe has it paid; the webhook has not mirrored it yet.
    expect(checkoutOutcome({ ...complete, mirrored: false })).toBe('activating');
    // past_due counts as active for access (SPEC 4), but it is no successful checkout.
    expect(checkoutOutcome({ ...complete, subscription_status: 'past_due' })).toBe('not-active');
    expect(checkoutOutcome({ ...complete, subscription_status: 'incomplete' })).toBe('not-active');
    expect(checkoutOutcome({ ...complete, subscription_status: 'cancelled' })).toBe('not-active');
    expect(checkoutOutcome({ status: 'open', subscription_status: null, mirrored: false })).toBe(
      'not-completed',
    );
    expect(checkoutOutcome({ status: 'expired', subscription_status: null, mirrored: false })).toBe(
      'not-completed',
    );
  });
});
