import { currentSubscription, emit } from './billing';
import type { Subscription } from './objects';
import {
  LIST_PARAMS,
  allowOnly,
  booleanParam,
  expandParam,
  invalid,
  isRecord,
  missing,
  paginate,
  stringParam,
  type Params,
} from './params';
import { cancelNow } from './portal';
import type { SandboxContext } from './state';

/** Statuses after which Stripe treats a subscription as gone: it can no longer be cancelled. */
const ENDED = new Set<Subscription['status']>(['canceled', 'incomplete_expired']);

const STATUSES = [
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'trialing',
  'paused',
  'all',
  'ended',
];

/**
 * GET /v1/subscriptions: newest first; by default every subscription that has not been canceled,
 * as Stripe lists them (status=all for every one, status=ended for the ended ones).
 */
export function listSubscriptions(ctx: SandboxContext, params: Params) {
  allowOnly(params, [...LIST_PARAMS, 'customer', 'status', 'price']);
  expandParam(params, []);
  const customer = stringParam(params, 'customer');
  const price = stringParam(params, 'price');
  const status = stringParam(params, 'status');
  if (status !== undefined && !STATUSES.includes(status))
    throw invalid(`Invalid status: must be one of ${STATUSES.join(', ')}`, 'status');
  const matches = (subscription: Subscription) => {
    if (status === undefined) return subscription.status !== 'canceled';
    if (status === 'all') return true;
    if (status === 'ended') return ENDED.has(subscription.status);
    return subscription.status === status;
  };
  const items = ctx.state.subscriptions
    .filter(
      (s) =>
        (customer === undefined || s.customer === customer) &&
        (price === undefined || s.items.data.some((item) => item.price.id === price)) &&
        matches(s),
    )
    .map((s) => currentSubscription(ctx, s));
  return paginate(items, params, '/v1/subscriptions', 'subscription');
}

/**
 * DELETE /v1/subscriptions/{id}: the subscription ends now. Stripe answers a subscription already
 * canceled as one that does not exist (404 resource_missing), and reports the cancellation to the
 * webhook endpoint after it has answered. The sandbox bills no prorations, so a final invoice
 * (invoice_now or prorate true) is refused rather than silently left out.
 */
export function cancelSubscription(ctx: SandboxContext, id: string, params: Params): Subscription {
  allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details', 'expand']);
  expandParam(params, []);
  const invoiceNow = booleanParam(params, 'invoice_now');
  const prorate = booleanParam(params, 'prorate');
  if (invoiceNow || prorate)
    throw invalid(
      'The local Stripe sandbox does not invoice prorations on cancellation: send invoice_now and prorate false.',
      invoiceNow ? 'invoice_now' : 'prorate',
    );
  const details = params.cancellation_details;
  if (details !== undefined && !isRecord(details))
    throw invalid('Invalid cancellation_details: must be a hash', 'cancellation_details');
  const comment = details ? stringParam(details, 'comment', 'cancellation_details[comment]') : undefined;
  const subscription = ctx.state.subscriptions.find((s) => s.id === id);
  if (!subscription || ENDED.has(subscription.status)) throw missing('subscription', id);
  cancelNow(subscription, 'cancellation_requested');
  if (comment) subscription.cancellation_details.comment = comment;
  ctx.save();
  const answer = currentSubscription(ctx, subscription);
  // Delivered after the answer, as Stripe's webhooks are: never within the API call.
  setImmediate(() => void emit(ctx, 'customer.subscription.deleted', answer));
  return answer;
}
