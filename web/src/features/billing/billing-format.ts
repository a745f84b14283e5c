import {
  formatAmount,
  hasRunningPlan,
  type BillingSubscription,
  type SubscriptionPlan,
} from '../../../../shared/billing';
import type { SubscriptionStatus } from '../../../../shared/subscription';

/** The billing tab's own texts (the error catalogue's live in BILLING_MESSAGES). */
export const BILLING_TEXTS = {
  activating: 'Payment received. Activating your subscription…',
  activated: 'Your subscription is active. Thank you!',
  stillActivating:
    'We have not received the payment confirmation yet. Your subscription will be activated shortly: refresh this page in a minute.',
  checkoutCancelled: 'Checkout was cancelled. You have not been charged.',
  pastDue:
    'Your last payment failed. Update your payment details in Manage Billing to keep your subscription.',
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
const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "22 December 2026"; the text itself when it is not a date. */
export function formatLongDate(value: string): string {
  const date = parse(value);
  return date ? LONG_DATE.format(date) : value;
}

/** "22 Dec 2026, 14:03" (the payment history's Date column). */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? DATE_TIME.format(date) : value;
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
    'status' | 'trial_end_date' | 'current_period_end' | 'cancel_at_period_end' | 'has_active_subscription'
  >,
  now: Date,
): string | null {
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
  if (subscription.status === 'cancelled') return `Ended on ${date}`;
  if (subscription.status === 'incomplete') return null;
  return subscription.cancel_at_period_end ? `Ends on ${date}` : `Renews on ${date}`;
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

/** The checkout has taken effect: the subscription is active on a plan. */
export function isActivated(
  subscription: Pick<BillingSubscription, 'has_active_subscription' | 'plan_id' | 'status'>,
): boolean {
  return subscription.has_active_subscription && hasRunningPlan(subscription);
}

/** The plan the organisation is on now, marked "Current plan" on its card. */
export function isCurrentPlan(
  plan: Pick<SubscriptionPlan, 'id'>,
  subscription: Pick<BillingSubscription, 'plan_id' | 'status'>,
): boolean {
  return subscription.plan_id === plan.id && hasRunningPlan(subscription);
}
