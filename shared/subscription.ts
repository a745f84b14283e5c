import { TRIAL_DAYS, type Role } from './constants';

export const SUBSCRIPTION_STATUSES = ['trial', 'active', 'past_due', 'cancelled', 'incomplete'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionState {
  status: string;
  trial_end_date?: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The trial a new company gets at sign-up. */
export function newTrial(now: Date): { status: 'trial'; trial_start_date: string; trial_end_date: string } {
  return {
    status: 'trial',
    trial_start_date: now.toISOString(),
    trial_end_date: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
  };
}

/** Unknown statuses display as incomplete (SPEC 4). */
export function displayStatus(status: string | null | undefined): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status ?? '')
    ? (status as SubscriptionStatus)
    : 'incomplete';
}

/**
 * The one rule for "may this organisation use the product": a trial within its end date, active or
 * past_due. Cancelled, an expired trial, incomplete and anything unknown are not.
 */
export function hasActiveSubscription(
  subscription: SubscriptionState | null | undefined,
  now: Date,
): boolean {
  if (!subscription) return false;
  switch (displayStatus(subscription.status)) {
    case 'trial':
      return !!subscription.trial_end_date && new Date(subscription.trial_end_date).getTime() > now.getTime();
    case 'active':
    case 'past_due':
      return true;
    default:
      return false;
  }
}

/**
 * Whether the subscription gate stands in this person's way: the API's 402 and the web app's gate
 * both ask this. A super_admin needs no subscription.
 */
export function isGatedBySubscription(role: Role, hasActive: boolean): boolean {
  return role !== 'super_admin' && !hasActive;
}
