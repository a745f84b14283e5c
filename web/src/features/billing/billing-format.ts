import {
  formatAmount,
  hasRunningPlan,
  type BillingSubscription,
  type CheckoutSessionResponse,
  type Payment,
  type SubscriptionPlan,
} from '@shared/billing';
import type { SubscriptionStatus } from '@shared/subscription';
import { formatLongDate } from '../../components/format';

/** The billing tab's own texts (the error catalogue's live in BILLING_MESSAGES). */
export const BILLING_TEXTS = {
  checking: 'Confirming your payment with Stripe…',
  activating: 'Payment received. Activating your subscription…',
  activated: 'Your subscription is active. Thank you!',
  stillActivating:
    'We have not received the payment confirmation yet. Your subscription will be activated shortly: refresh this page in a minute.',
  checkoutCancelled: 'Checkout was cancelled. You have not been charged.',
  checkoutNotPaid: 'The payment for this checkout did not go through.',
  checkoutEnded: 'The subscription from this checkout has ended.',
  checkoutNotCompleted: 'This checkout was not completed. You have not been charged.',
  checkoutUnconfirmed:
    'We could not confirm this checkout with Stripe. Your current subscription is shown below.',
  pastDue: 'Your last payment failed.',
  pastDueFix:
    'Pay the outstanding invoice, or update your card in Manage Billing, to keep your subscription.',
  pastDueFixInPortal: 'Update your payment details in Manage Billing to keep your subscription.',
  pastDueAskAdmin:
    'Ask an admin of your organisation to update the payment details to keep the subscription.',
  payInvoice: 'Pay outstanding invoice',
  superAdmin: 'Super Admin — the platform needs no subscription',
  freeTrial: 'Free trial',
  noPlan: 'No plan',
  askAdmin: 'Ask an admin of your organisation to choose a plan.',
  changeFromPortal: 'Change plans from Manage Billing',
  superAdminPlans: 'Organisation admins choose their plan here.',
  currentPlan: 'Current plan',
  noPayments: 'No payments yet.',
} as const;

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trial: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  cancelled: 'Cancelled',
  incomplete: 'Incomplete',
};

export type BadgeVariation = 'success' | 'info' | 'warning' | 'error';

export const STATUS_VARIATIONS: Record<SubscriptionStatus, BadgeVariation> = {
  trial: 'info',
  active: 'success',
  past_due: 'warning',
  cancelled: 'error',
  incomplete: 'warning',
};

const DAY_MS = 24 * 60 * 60 * 1000;
function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Whole days until `end`, rounded up, never below 0. */
export function daysLeft(end: string, now: Date): number {
  const date = parse(end);
  if (!date) return 0;
  return Math.max(0, Math.ceil((date.getTime() - now.getTime()) / DAY_MS));
}

export function daysLeftText(days: number): string {
  if (days <= 0) return 'ends today';
  return days === 1 ? '1 day left' : `${days.toLocaleString('en-GB')} days left`;
}

/** The date line of the current subscription card, or null when there is no date to tell. */
export function subscriptionDateLine(
  subscription: Pick<
    BillingSubscription,
    | 'status'
    | 'trial_end_date'
    | 'current_period_end'
    | 'cancel_at_period_end'
    | 'has_active_subscription'
    | 'ended_at'
  >,
  now: Date,
): string | null {
  // An ended subscription tells when it ended, never the end of the period it was cut short in.
  if (subscription.status === 'cancelled') {
    return subscription.ended_at ? `Ended on ${formatLongDate(subscription.ended_at)}` : null;
  }
  if (subscription.status === 'trial') {
    if (!subscription.trial_end_date) return null;
    const date = formatLongDate(subscription.trial_end_date);
    if (
      !subscription.has_active_subscription ||
      (parse(subscription.trial_end_date)?.getTime() ?? 0) <= now.getTime()
    ) {
      return `Trial ended on ${date}`;
    }
    return `Trial ends on ${date} (${daysLeftText(daysLeft(subscription.trial_end_date, now))})`;
  }
  if (!subscription.current_period_end) return null;
  const date = formatLongDate(subscription.current_period_end);
  if (subscription.status === 'incomplete') return null;
  if (subscription.cancel_at_period_end) return `Ends on ${date}`;
  // Not "Renews on" under "Your last payment failed": it renews only once the payment is made (issue 34).
  if (subscription.status === 'past_due') return `Payment overdue; the current period ends on ${date}`;
  return `Renews on ${date}`;
}

/** The plan's name, else "Free trial" on the trial, else "No plan". */
export function subscriptionPlanName(
  subscription: Pick<BillingSubscription, 'plan_name' | 'status'>,
): string {
  if (subscription.plan_name) return subscription.plan_name;
  return subscription.status === 'trial' ? BILLING_TEXTS.freeTrial : BILLING_TEXTS.noPlan;
}

/** "£29.00 / month". */
export function planPrice(plan: Pick<SubscriptionPlan, 'amount' | 'currency' | 'interval'>): string {
  return `${formatAmount(plan.amount, plan.currency)} / ${plan.interval}`;
}

/** Used share of a limit in percent (0–100), or null for an unlimited one. */
export function usagePercent(used: number, limit: number, unlimited: boolean): number | null {
  if (unlimited) return null;
  if (limit <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/** Like the storage bars: red above 90 %, yellow above 75 %. */
export function usageLevel(percent: number): 'ok' | 'warning' | 'critical' {
  if (percent > 90) return 'critical';
  if (percent > 75) return 'warning';
  return 'ok';
}

/** The payment history's Description column. */
export function paymentDescription(eventType: string): string {
  switch (eventType) {
    case 'invoice.paid':
      return 'Payment succeeded';
    case 'invoice.payment_failed':
      return 'Payment failed';
    default:
      return eventType;
  }
}

/** The payment history's Status badge: Paid in green, Failed in red. */
export function paymentStatus(status: string): { label: string; variation: BadgeVariation | undefined } {
  switch (status) {
    case 'paid':
      return { label: 'Paid', variation: 'success' };
    case 'failed':
      return { label: 'Failed', variation: 'error' };
    default:
      return { label: status.charAt(0).toUpperCase() + status.slice(1), variation: undefined };
  }
}

export function syncActionLabel(action: 'created' | 'updated'): string {
  return action === 'created' ? 'Created' : 'Updated';
}

/** "3 active plans; 2 saved in this sync". */
export function syncVerificationText(verification: {
  total_active_plans: number;
  saved_plans: number;
}): string {
  return `${verification.total_active_plans} active plans; ${verification.saved_plans} saved in this sync`;
}

export type CheckoutReturn = 'success' | 'cancelled';

/** The ?checkout= value Stripe sends the browser back with, or null. */
export function checkoutReturn(value: string | null): CheckoutReturn | null {
  return value === 'success' || value === 'cancelled' ? value : null;
}

/** What the billing page says about the checkout a person came back from. */
export type CheckoutPhase =
  | 'checking'
  | 'activating'
  | 'activated'
  | 'timed-out'
  | 'not-paid'
  | 'ended'
  | 'not-completed'
  | 'unconfirmed'
  | 'cancelled';

/** Where Stripe sent the browser back: a completed payment's session, or the cancel address. */
export type CheckoutVisit = { kind: 'success'; sessionId: string } | { kind: 'cancelled' };

/**
 * The visit the address tells of: ?checkout=cancelled, or ?checkout=success with the session's id
 * (Stripe's {CHECKOUT_SESSION_ID}). A success address without a session proves nothing.
 */
export function checkoutVisit(params: URLSearchParams): CheckoutVisit | null {
  const value = checkoutReturn(params.get('checkout'));
  const sessionId = params.get('session_id');
  if (value === 'cancelled') return { kind: 'cancelled' };
  if (value === 'success' && sessionId) return { kind: 'success', sessionId };
  return null;
}

/**
 * The green "active" notice only for a session Stripe says completed, whose subscription runs and
 * is mirrored as the organisation's; the session's answer decides, not the address. It goes once
 * the organisation's subscription (`current`, as billing has it now) no longer runs: a later
 * cancellation or failed renewal makes "active" untrue.
 */
export function checkoutPhase(
  visit: CheckoutVisit | null,
  session: { data: CheckoutSessionResponse | undefined; failed: boolean },
  timedOut: boolean,
  current: SubscriptionStatus | undefined,
): CheckoutPhase | null {
  if (!visit) return null;
  if (visit.kind === 'cancelled') return 'cancelled';
  if (session.failed) return 'unconfirmed';
  if (!session.data) return 'checking';
  switch (session.data.outcome) {
    case 'activated':
      return current === undefined || current === 'active' || current === 'trial' ? 'activated' : null;
    case 'activating':
      return timedOut ? 'timed-out' : 'activating';
    case 'not-completed':
      return 'not-completed';
    case 'not-active':
      return session.data.subscription_status === 'cancelled' ? 'ended' : 'not-paid';
  }
}

/** The plan the organisation is on now, marked "Current plan" on its card. */
export function isCurrentPlan(
  plan: Pick<SubscriptionPlan, 'id'>,
  subscription: Pick<BillingSubscription, 'plan_id' | 'status'>,
): boolean {
  return subscription.plan_id === plan.id && hasRunningPlan(subscription);
}

/** "£58.00 paid · £29.00 failed" per currency, over the payments shown. */
export function paymentTotals(
  payments: readonly Pick<Payment, 'amount' | 'currency' | 'status'>[],
): string[] {
  const sums = new Map<string, { paid: number; failed: number }>();
  for (const payment of payments) {
    const sum = sums.get(payment.currency) ?? { paid: 0, failed: 0 };
    if (payment.status === 'paid') sum.paid += payment.amount;
    else if (payment.status === 'failed') sum.failed += payment.amount;
    sums.set(payment.currency, sum);
  }
  return [...sums].map(([currency, { paid, failed }]) =>
    [
      `${formatAmount(paid, currency)} paid`,
      ...(failed > 0 ? [`${formatAmount(failed, currency)} failed`] : []),
    ].join(' · '),
  );
}
