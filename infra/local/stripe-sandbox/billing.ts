import Stripe from 'stripe';
import { addInterval, nowSeconds } from './clock';
import {
  STRIPE_API_VERSION,
  deepCopy,
  newId,
  type Invoice,
  type Price,
  type SandboxEvent,
  type Subscription,
  type SubscriptionItem,
} from './objects';
import type { EventRecord, SandboxContext, StoredCheckout } from './state';

/**
 * What Stripe does on its own side: turning a paid checkout into a subscription and invoice,
 * paying invoices, and the signed webhook events that report all of it (the portal: portal.ts).
 */

export const API_VERSION: string =
  (Stripe as unknown as { API_VERSION?: string }).API_VERSION ?? STRIPE_API_VERSION;

export function buildEvent(
  type: string,
  object: unknown,
  previousAttributes?: Record<string, unknown>,
): SandboxEvent {
  return {
    id: newId('evt', 24),
    object: 'event',
    api_version: API_VERSION,
    created: nowSeconds(),
    data: {
      object: deepCopy(object),
      ...(previousAttributes ? { previous_attributes: deepCopy(previousAttributes) } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface DeliveryResult {
  status: number | null;
  error: string | null;
  body: string;
}

/** POSTs a payload to the webhook URL; never throws (a failure is reported in the result). */
export async function postWebhook(
  ctx: SandboxContext,
  payload: string,
  signature?: string,
): Promise<DeliveryResult> {
  const header =
    signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret: ctx.options.webhookSecret });
  try {
    const response = await fetch(ctx.options.webhookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    const body = await response.text();
    return { status: response.status, error: null, body };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const message = error instanceof Error ? `${error.name}: ${error.message}${cause}` : String(error);
    return { status: null, error: message, body: '' };
  }
}

/** Delivers a recorded event (again) and records the outcome on it. */
export async function deliverRecord(ctx: SandboxContext, record: EventRecord): Promise<DeliveryResult> {
  const result = await postWebhook(ctx, JSON.stringify(record.event));
  record.delivery_status = result.status;
  record.delivery_error =
    result.error ?? (result.status !== null && result.status >= 300 ? `HTTP ${result.status}` : null);
  ctx.save();
  return result;
}

/** Records a new event and delivers it. */
export async function emit(
  ctx: SandboxContext,
  type: string,
  object: unknown,
  previousAttributes?: Record<string, unknown>,
): Promise<EventRecord> {
  const record: EventRecord = {
    event: buildEvent(type, object, previousAttributes),
    delivery_status: null,
    delivery_error: null,
  };
  ctx.state.events.push(record);
  ctx.save();
  await deliverRecord(ctx, record);
  return record;
}

/** The subscription as the API shows it: each item carries the price as it is now. */
export function currentSubscription(ctx: SandboxContext, subscription: Subscription): Subscription {
  const copy = deepCopy(subscription);
  for (const item of copy.items.data) {
    const price = ctx.state.prices.find((p) => p.id === item.price.id);
    if (price) item.price = deepCopy(price);
  }
  return copy;
}

export function createInvoice(
  ctx: SandboxContext,
  subscription: Subscription,
  item: SubscriptionItem,
  reason: Invoice['billing_reason'],
  paid: boolean,
): Invoice {
  const now = nowSeconds();
  const customer = ctx.state.customers.find((c) => c.id === subscription.customer);
  const amount = item.price.unit_amount * item.quantity;
  const id = newId('in', 24);
  const product = ctx.state.products.find((p) => p.id === item.price.product);
  const invoice: Invoice = {
    id,
    object: 'invoice',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    attempted: true,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: now,
    currency: item.price.currency,
    customer: subscription.customer,
    customer_email: customer?.email ?? null,
    customer_name: customer?.name ?? null,
    hosted_invoice_url: `${ctx.url}/invoices/${id}`,
    invoice_pdf: null,
    lines: {
      object: 'list',
      data: [
        {
          id: newId('il', 24),
          object: 'line_item',
          amount,
          currency: item.price.currency,
          description: `${item.quantity} × ${product?.name ?? item.price.product}`,
          invoice: id,
          livemode: false,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: {
              subscription: subscription.id,
              subscription_item: item.id,
              proration: false,
            },
          },
          period: { start: item.current_period_start, end: item.current_period_end },
          pricing: {
            type: 'price_details',
            price_details: { price: item.price.id, product: item.price.product },
            unit_amount_decimal: item.price.unit_amount_decimal,
          },
          quantity: item.quantity,
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: false,
    metadata: {},
    number: `SBX-${String(ctx.state.invoices.length + 1).padStart(4, '0')}`,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: { ...subscription.metadata } },
      quote_details: null,
    },
    period_end: item.current_period_end,
    period_start: item.current_period_start,
    status: paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: now,
      marked_uncollectible_at: null,
      paid_at: paid ? now : null,
      voided_at: null,
    },
    subtotal: amount,
    total: amount,
  };
  ctx.state.invoices.push(invoice);
  subscription.latest_invoice = invoice.id;
  return invoice;
}

export const invoiceEvent = (invoice: Invoice): string =>
  invoice.status === 'paid' ? 'invoice.paid' : 'invoice.payment_failed';

/**
 * Pays a checkout session as the hosted page does once the card is accepted: an active
 * subscription, its paid first invoice and the completed session, reported by three events.
 * Returns the URL to redirect to. (A declined card completes nothing: since API version
 * 2025-03-31.basil Stripe creates the subscription only after the payment succeeds, and Checkout
 * keeps the customer on its page to try another card; see server.ts.)
 */
export async function payCheckout(ctx: SandboxContext, stored: StoredCheckout): Promise<string> {
  const { session } = stored;
  const price = ctx.state.prices.find((p) => p.id === stored.price) as Price;
  const now = nowSeconds();
  if (!session.customer) {
    const customer = {
      id: newId('cus'),
      object: 'customer' as const,
      created: now,
      description: null,
      email: session.customer_email ?? 'test@example.com',
      livemode: false as const,
      metadata: {},
      name: null,
      phone: null,
    };
    ctx.state.customers.push(customer);
    session.customer = customer.id;
  }
  const subscriptionId = newId('sub', 24);
  const interval = price.recurring?.interval ?? 'month';
  const item: SubscriptionItem = {
    id: newId('si'),
    object: 'subscription_item',
    created: now,
    current_period_end: addInterval(now, interval, price.recurring?.interval_count ?? 1),
    current_period_start: now,
    metadata: {},
    price: deepCopy(price),
    quantity: stored.quantity,
    subscription: subscriptionId,
  };
  const subscription: Subscription = {
    id: subscriptionId,
    object: 'subscription',
    billing_cycle_anchor: now,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: now,
    currency: price.currency,
    customer: session.customer,
    ended_at: null,
    items: {
      object: 'list',
      data: [item],
      has_more: false,
      url: `/v1/subscription_items?subscription=${subscriptionId}`,
    },
    latest_invoice: null,
    livemode: false,
    metadata: { ...stored.subscription_metadata },
    start_date: now,
    status: 'active',
  };
  ctx.state.subscriptions.push(subscription);
  const invoice = createInvoice(ctx, subscription, item, 'subscription_create', true);
  session.status = 'complete';
  session.subscription = subscription.id;
  session.invoice = invoice.id;
  session.payment_status = 'paid';
  session.url = null;
  ctx.save();

  await emit(ctx, 'customer.subscription.created', currentSubscription(ctx, subscription));
  await emit(ctx, invoiceEvent(invoice), invoice);
  await emit(ctx, 'checkout.session.completed', session);
  return session.success_url.split('{CHECKOUT_SESSION_ID}').join(session.id);
}

/**
 * Pays an open invoice, as a retried charge or the hosted invoice page does: the invoice is paid
 * and a past_due subscription whose latest invoice it is becomes active again.
 */
export async function payInvoice(ctx: SandboxContext, invoice: Invoice): Promise<void> {
  if (invoice.status !== 'open') return;
  const now = nowSeconds();
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempt_count += 1;
  invoice.status_transitions.paid_at = now;
  const subscription = ctx.state.subscriptions.find(
    (s) => s.id === invoice.parent.subscription_details.subscription,
  );
  const reactivated =
    subscription?.latest_invoice === invoice.id && subscription.status === 'past_due' ? subscription : null;
  if (reactivated) reactivated.status = 'active';
  ctx.save();
  await emit(ctx, 'invoice.paid', invoice);
  if (reactivated)
    await emit(ctx, 'customer.subscription.updated', currentSubscription(ctx, reactivated), {
      status: 'past_due',
    });
}

/** Marks an open session past its expiry as expired; true when it is (now) expired. */
export function expireIfDue(ctx: SandboxContext, stored: StoredCheckout): boolean {
  if (stored.session.status === 'open' && stored.session.expires_at < nowSeconds()) {
    stored.session.status = 'expired';
    stored.session.url = null;
    ctx.save();
  }
  return stored.session.status === 'expired';
}
