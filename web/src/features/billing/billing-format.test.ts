import { describe, expect, it } from 'vitest';
import {
  STATUS_LABELS,
  checkoutPhase,
  checkoutReturn,
  checkoutVisit,
  daysLeft,
  daysLeftText,
  isCurrentPlan,
  paymentDescription,
  paymentStatus,
  paymentTotals,
  planPrice,
  subscriptionDateLine,
  subscriptionPlanName,
  syncActionLabel,
  syncVerificationText,
  usageLevel,
  usagePercent,
} from './billing-format';
import { formatDateTime, formatLongDate } from '../../components/format';

const NOW = new Date('2026-12-08T12:00:00.000Z');

const base = {
  status: 'active' as const,
  trial_end_date: null,
  current_period_end: '2026-12-22T12:00:00.000Z',
  cancel_at_period_end: false,
  has_active_subscription: true,
  ended_at: null,
};

describe('billing format', () => {
  it('labels every subscription status', () => {
    expect(STATUS_LABELS).toEqual({
      trial: 'Trial',
      active: 'Active',
      past_due: 'Past due',
      cancelled: 'Cancelled',
      incomplete: 'Incomplete',
    });
  });

  it('formats dates in British English', () => {
    expect(formatLongDate('2026-12-22T12:00:00.000Z')).toBe('22 December 2026');
    expect(formatLongDate('soon')).toBe('soon');
    expect(formatDateTime('2026-12-22T12:00:00.000Z')).toMatch(/^22 Dec 2026.*\d{2}:\d{2}$/);
    expect(formatDateTime('soon')).toBe('soon');
  });

  it('counts the trial days left, rounded up and never negative', () => {
    expect(daysLeft('2026-12-22T12:00:00.000Z', NOW)).toBe(14);
    expect(daysLeft('2026-12-08T13:00:00.000Z', NOW)).toBe(1);
    expect(daysLeft('2026-12-01T12:00:00.000Z', NOW)).toBe(0);
    expect(daysLeftText(14)).toBe('14 days left');
    expect(daysLeftText(1)).toBe('1 day left');
    expect(daysLeftText(0)).toBe('ends today');
  });

  it('tells the date that matters for the status', () => {
    expect(subscriptionDateLine(base, NOW)).toBe('Renews on 22 December 2026');
    expect(subscriptionDateLine({ ...base, cancel_at_period_end: true }, NOW)).toBe(
      'Ends on 22 December 2026',
    );
    expect(subscriptionDateLine({ ...base, status: 'past_due' }, NOW)).toBe(
      'Payment overdue; the current period ends on 22 December 2026',
    );
    // Cancelled now, in a period that would have run on: the day it ended, not the period's end.
    expect(
      subscriptionDateLine({ ...base, status: 'cancelled', ended_at: '2026-12-08T11:00:00.000Z' }, NOW),
    ).toBe('Ended on 8 December 2026');
    expect(subscriptionDateLine({ ...base, status: 'cancelled' }, NOW)).toBeNull();
    expect(subscriptionDateLine({ ...base, status: 'incomplete' }, NOW)).toBeNull();
    expect(
      subscriptionDateLine(
        { ...base, status: 'trial', trial_end_date: '2026-12-22T12:00:00.000Z', current_period_end: null },
        NOW,
      ),
    ).toBe('Trial ends on 22 December 2026 (14 days left)');
    expect(
      subscriptionDateLine(
        {
          ...base,
          status: 'trial',
          trial_end_date: '2026-12-01T12:00:00.000Z',
          has_active_subscription: false,
        },
        NOW,
      ),
    ).toBe('Trial ended on 1 December 2026');
    expect(subscriptionDateLine({ ...base, current_period_end: null }, NOW)).toBeNull();
  });

  it('names the plan, the free trial, or no plan', () => {
    expect(subscriptionPlanName({ plan_name: 'Starter', status: 'active' })).toBe('Starter');
    expect(subscriptionPlanName({ plan_name: null, status: 'trial' })).toBe('Free trial');
    expect(subscriptionPlanName({ plan_name: null, status: 'cancelled' })).toBe('No plan');
  });

  it('prices a plan per interval', () => {
    expect(planPrice({ amount: 2900, currency: 'gbp', interval: 'month' })).toBe('£29.00 / month');
    expect(planPrice({ amount: 100000, currency: 'usd', interval: 'year' })).toBe('US$1,000.00 / year');
  });

  it('measures usage against limits, with no bar for unlimited', () => {
    expect(usagePercent(250, 500, false)).toBe(50);
    expect(usagePercent(600, 500, false)).toBe(100);
    expect(usagePercent(3, 999999, true)).toBeNull();
    expect(usageLevel(50)).toBe('ok');
    expect(usageLevel(80)).toBe('warning');
    expect(usageLevel(95)).toBe('critical');
  });

  it('describes payments', () => {
    expect(paymentDescription('invoice.paid')).toBe('Payment succeeded');
    expect(paymentDescription('invoice.payment_failed')).toBe('Payment failed');
    expect(paymentDescription('charge.refunded')).toBe('charge.refunded');
    expect(paymentStatus('paid')).toEqual({ label: 'Paid', variation: 'success' });
    expect(paymentStatus('failed')).toEqual({ label: 'Failed', variation: 'error' });
    expect(paymentStatus('pending')).toEqual({ label: 'Pending', variation: undefined });
  });

  it('describes a plan sync', () => {
    expect(syncActionLabel('created')).toBe('Created');
    expect(syncActionLabel('updated')).toBe('Updated');
    expect(syncVerificationText({ total_active_plans: 3, saved_plans: 2 })).toBe(
      '3 active plans; 2 saved in this sync',
    );
  });

  it('reads the checkout return parameter', () => {
    expect(checkoutReturn('success')).toBe('success');
    expect(checkoutReturn('cancelled')).toBe('cancelled');
    expect(checkoutReturn('other')).toBeNull();
    expect(checkoutReturn(null)).toBeNull();
  });

  it('reads the visit back from Stripe from the address', () => {
    const visit = (query: string) => checkoutVisit(new URLSearchParams(query));
    expect(visit('tab=billing&checkout=success&session_id=cs_1')).toEqual({
      kind: 'success',
      sessionId: 'cs_1',
    });
    expect(visit('checkout=cancelled')).toEqual({ kind: 'cancelled' });
    // "success" without the session Stripe completed proves nothing.
    expect(visit('checkout=success')).toBeNull();
    expect(visit('tab=billing')).toBeNull();
  });

  it('thanks for a checkout only when Stripe says it is paid and the subscription runs', () => {
    const visit = { kind: 'success', sessionId: 'cs_1' } as const;
    const answer = (
      outcome: 'activated' | 'activating' | 'not-active' | 'not-completed',
      subscription_status: 'active' | 'past_due' | 'cancelled' | null = 'active',
    ) => ({
      data: {
        id: 'cs_1',
        status: 'complete',
        payment_status: 'paid',
        subscription_status,
        mirrored: true,
        outcome,
      },
      failed: false,
    });
    const pending = { data: undefined, failed: false };
    expect(checkoutPhase(null, pending, false, 'trial')).toBeNull();
    expect(checkoutPhase({ kind: 'cancelled' }, pending, false, 'trial')).toBe('cancelled');
    expect(checkoutPhase(visit, pending, false, 'trial')).toBe('checking');
    expect(checkoutPhase(visit, { data: undefined, failed: true }, false, 'trial')).toBe('unconfirmed');
    expect(checkoutPhase(visit, answer('activated'), false, 'active')).toBe('activated');
    // Cancelled or past_due since: "active" would no longer be true.
    expect(checkoutPhase(visit, answer('activated'), false, 'cancelled')).toBeNull();
    expect(checkoutPhase(visit, answer('activated'), false, 'past_due')).toBeNull();
    expect(checkoutPhase(visit, answer('activating'), false, 'trial')).toBe('activating');
    expect(checkoutPhase(visit, answer('activating'), true, 'trial')).toBe('timed-out');
    expect(checkoutPhase(visit, answer('not-active', 'past_due'), false, 'past_due')).toBe('not-paid');
    expect(checkoutPhase(visit, answer('not-active', 'cancelled'), false, 'cancelled')).toBe('ended');
    expect(checkoutPhase(visit, answer('not-completed', null), false, 'trial')).toBe('not-completed');
  });

  it('marks the plan the organisation is on now', () => {
    const running = { plan_id: 'p1', status: 'active' as const };
    expect(isCurrentPlan({ id: 'p1' }, running)).toBe(true);
    expect(isCurrentPlan({ id: 'p2' }, running)).toBe(false);
    expect(isCurrentPlan({ id: 'p1' }, { ...running, status: 'cancelled' })).toBe(false);
  });

  it('totals the payments shown, per currency', () => {
    expect(paymentTotals([])).toEqual([]);
    expect(
      paymentTotals([
        { amount: 2900, currency: 'gbp', status: 'paid' },
        { amount: 2900, currency: 'gbp', status: 'failed' },
        { amount: 2900, currency: 'gbp', status: 'paid' },
        { amount: 1000, currency: 'usd', status: 'paid' },
      ]),
    ).toEqual(['£58.00 paid · £29.00 failed', 'US$10.00 paid']);
  });
});
