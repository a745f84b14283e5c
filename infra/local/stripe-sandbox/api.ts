import { currentSubscription, expireIfDue } from './billing';
import { expireCheckoutSession, listCheckoutSessions } from './checkout-sessions';
import { nowSeconds } from './clock';
import { deepCopy, newId, type CheckoutSession, type Customer, type PortalSession } from './objects';
import type { SandboxContext, StoredResponse } from './state';
import { cancelSubscription, listSubscriptions } from './subscriptions';
import {
  LIST_PARAMS,
  StripeApiError,
  allowOnly,
  booleanParam,
  errorResponse,
  expandParam,
  find,
  integerParam,
  invalid,
  isRecord,
  metadataParam,
  missing,
  paginate,
  parseParams,
  requireString,
  stringParam,
  type ApiResponse,
  type Params,
} from './params';

export { parseParams, type ApiResponse };

/**
 * The /v1 REST endpoints the product calls through the `stripe` library, answered in Stripe's
 * wire format: form-encoded (bracket notation) parameters in, JSON objects, lists and errors out.
 */

function listProducts(ctx: SandboxContext, params: Params) {
  allowOnly(params, [...LIST_PARAMS, 'active']);
  expandParam(params, []);
  const active = booleanParam(params, 'active');
  const items = ctx.state.products.filter((p) => active === undefined || p.active === active);
  return paginate(items, params, '/v1/products', 'product');
}

function listPrices(ctx: SandboxContext, params: Params) {
  allowOnly(params, [...LIST_PARAMS, 'active', 'product', 'type', 'currency']);
  const expand = expandParam(params, ['data.product']);
  const active = booleanParam(params, 'active');
  const product = stringParam(params, 'product');
  const type = stringParam(params, 'type');
  if (type !== undefined && type !== 'recurring' && type !== 'one_time')
    throw invalid(`Invalid type: must be one of one_time or recurring`, 'type');
  const currency = stringParam(params, 'currency')?.toLowerCase();
  const items = ctx.state.prices.filter(
    (p) =>
      (active === undefined || p.active === active) &&
      (product === undefined || p.product === product) &&
      (type === undefined || p.type === type) &&
      (currency === undefined || p.currency === currency),
  );
  const list = paginate(items, params, '/v1/prices', 'price');
  if (!expand.includes('data.product')) return list;
  return { ...list, data: list.data.map((price) => ({ ...price, product: productOf(ctx, price.product) })) };
}

const productOf = (ctx: SandboxContext, id: string) =>
  deepCopy(ctx.state.products.find((p) => p.id === id) ?? id);

function retrievePrice(ctx: SandboxContext, id: string, params: Params) {
  allowOnly(params, ['expand']);
  const expand = expandParam(params, ['product']);
  const price = deepCopy(find(ctx.state.prices, id, 'price'));
  return expand.includes('product') ? { ...price, product: productOf(ctx, price.product) } : price;
}

function createCustomer(ctx: SandboxContext, params: Params): Customer {
  allowOnly(params, ['email', 'name', 'metadata', 'description', 'phone', 'expand']);
  expandParam(params, []);
  const customer: Customer = {
    id: newId('cus'),
    object: 'customer',
    created: nowSeconds(),
    description: stringParam(params, 'description') ?? null,
    email: stringParam(params, 'email') ?? null,
    livemode: false,
    metadata: metadataParam(params.metadata, 'metadata'),
    name: stringParam(params, 'name') ?? null,
    phone: stringParam(params, 'phone') ?? null,
  };
  ctx.state.customers.push(customer);
  ctx.save();
  return customer;
}

function existingCustomer(ctx: SandboxContext, params: Params, required: boolean): string | null {
  const id = required ? requireString(params, 'customer') : stringParam(params, 'customer');
  if (id === undefined) return null;
  if (!ctx.state.customers.some((c) => c.id === id)) throw missing('customer', id, 'customer', 400);
  return id;
}

function createCheckoutSession(ctx: SandboxContext, params: Params): CheckoutSession {
  allowOnly(params, [
    'mode',
    'customer',
    'customer_email',
    'client_reference_id',
    'line_items',
    'success_url',
    'cancel_url',
    'metadata',
    'subscription_data',
    'allow_promotion_codes',
    'billing_address_collection',
    'customer_update',
    'locale',
    'payment_method_types',
    'expand',
  ]);
  expandParam(params, []);
  const mode = requireString(params, 'mode');
  if (mode !== 'subscription') {
    if (mode === 'payment' || mode === 'setup')
      throw invalid(`The local Stripe sandbox only supports mode 'subscription' (got '${mode}').`, 'mode');
    throw invalid(`Invalid mode: must be one of payment, setup, or subscription`, 'mode');
  }
  const customer = existingCustomer(ctx, params, false);
  const successUrl = requireString(params, 'success_url');
  const lineItems = params.line_items;
  const lines = Array.isArray(lineItems) ? lineItems : isRecord(lineItems) ? Object.values(lineItems) : [];
  if (lines.length === 0) throw invalid('Missing required param: line_items.', 'line_items');
  if (lines.length > 1)
    throw invalid(
      'The local Stripe sandbox supports exactly one line item per checkout session.',
      'line_items',
    );
  const line: unknown = lines[0];
  if (!isRecord(line)) throw invalid('Invalid line_items[0]: must be a hash', 'line_items[0]');
  const priceId = line.price;
  if (typeof priceId !== 'string' || priceId === '')
    throw invalid(
      'You must specify either `price` or `price_data` for each line item (the sandbox supports `price` only).',
      'line_items[0][price]',
    );
  const price = ctx.state.prices.find((p) => p.id === priceId);
  if (!price) throw missing('price', priceId, 'line_items[0][price]', 400);
  if (!price.active)
    throw invalid(
      'The price specified is inactive. This field only accepts active prices.',
      'line_items[0][price]',
    );
  const product = ctx.state.products.find((p) => p.id === price.product);
  if (product && !product.active)
    throw invalid(
      `The price specified is attached to an inactive product (${product.id}). This field only accepts prices of active products.`,
      'line_items[0][price]',
    );
  if (price.type !== 'recurring')
    throw invalid(
      'You specified `subscription` mode but passed non-recurring prices. You must specify at least one recurring price in `subscription` mode.',
      'line_items[0][price]',
    );
  const quantity = integerParam(line.quantity, 'line_items[0][quantity]', 1, 999_999) ?? 1;
  const subscriptionData = params.subscription_data;
  if (subscriptionData !== undefined && !isRecord(subscriptionData))
    throw invalid('Invalid subscription_data: must be a hash', 'subscription_data');
  const subscriptionMetadata = metadataParam(subscriptionData?.metadata, 'subscription_data[metadata]');
  const created = nowSeconds();
  const id = newId('cs_test', 58);
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: price.unit_amount * quantity,
    amount_total: price.unit_amount * quantity,
    cancel_url: stringParam(params, 'cancel_url') ?? null,
    client_reference_id: stringParam(params, 'client_reference_id') ?? null,
    created,
    currency: price.currency,
    customer,
    customer_email: customer
      ? (ctx.state.customers.find((c) => c.id === customer)?.email ?? null)
      : (stringParam(params, 'customer_email') ?? null),
    expires_at: created + 24 * 60 * 60,
    invoice: null,
    livemode: false,
    metadata: metadataParam(params.metadata, 'metadata'),
    mode: 'subscription',
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: successUrl,
    ui_mode: 'hosted',
    url: `${ctx.url}/checkout/${id}`,
  };
  ctx.state.checkout_sessions.push({
    session,
    price: price.id,
    quantity,
    subscription_metadata: subscriptionMetadata,
  });
  ctx.save();
  return session;
}

function createPortalSession(ctx: SandboxContext, params: Params): PortalSession {
  allowOnly(params, ['customer', 'return_url', 'locale', 'configuration', 'expand']);
  expandParam(params, []);
  const customer = existingCustomer(ctx, params, true) as string;
  const id = newId('bps', 24);
  const session: PortalSession = {
    id,
    object: 'billing_portal.session',
    configuration: stringParam(params, 'configuration') ?? 'bpc_local_sandbox',
    created: nowSeconds(),
    customer,
    livemode: false,
    locale: stringParam(params, 'locale') ?? null,
    on_behalf_of: null,
    return_url: stringParam(params, 'return_url') ?? null,
    url: `${ctx.url}/portal/${id}`,
  };
  ctx.state.portal_sessions.push(session);
  ctx.save();
  return session;
}

function retrieveSubscription(ctx: SandboxContext, id: string, params: Params) {
  allowOnly(params, ['expand']);
  const expand = expandParam(params, ['items.data.price.product', 'latest_invoice', 'customer']);
  const subscription = currentSubscription(ctx, find(ctx.state.subscriptions, id, 'subscription'));
  const result: Record<string, unknown> = { ...subscription };
  if (expand.includes('items.data.price.product'))
    result.items = {
      ...subscription.items,
      data: subscription.items.data.map((item) => ({
        ...item,
        price: { ...item.price, product: productOf(ctx, item.price.product) },
      })),
    };
  if (expand.includes('latest_invoice') && subscription.latest_invoice)
    result.latest_invoice = deepCopy(
      ctx.state.invoices.find((i) => i.id === subscription.latest_invoice) ?? subscription.latest_invoice,
    );
  if (expand.includes('customer'))
    result.customer = deepCopy(
      ctx.state.customers.find((c) => c.id === subscription.customer) ?? subscription.customer,
    );
  return result;
}

function retrieveCheckoutSession(ctx: SandboxContext, id: string, params: Params) {
  allowOnly(params, ['expand']);
  const expand = expandParam(params, ['subscription']);
  const stored = ctx.state.checkout_sessions.find((c) => c.session.id === id);
  if (!stored) throw missing('checkout.session', id);
  expireIfDue(ctx, stored);
  const session = deepCopy(stored.session);
  const subscription = ctx.state.subscriptions.find((s) => s.id === session.subscription);
  return expand.includes('subscription') && subscription
    ? { ...session, subscription: currentSubscription(ctx, subscription) }
    : session;
}

function route(ctx: SandboxContext, method: string, path: string, params: Params): unknown {
  const parts = path.split('/').slice(2); // ['', 'v1', ...]
  const [resource, id, extra] = parts;
  const one = id !== undefined && id !== '' && extra === undefined;
  const none = id === undefined;
  if (method === 'GET') {
    if (resource === 'products' && none) return listProducts(ctx, params);
    if (resource === 'products' && one) {
      allowOnly(params, ['expand']);
      expandParam(params, []);
      return find(ctx.state.products, id, 'product');
    }
    if (resource === 'prices' && none) return listPrices(ctx, params);
    if (resource === 'prices' && one) return retrievePrice(ctx, id, params);
    if (resource === 'customers' && one) {
      allowOnly(params, ['expand']);
      expandParam(params, []);
      return find(ctx.state.customers, id, 'customer');
    }
    if (resource === 'subscriptions' && none) return listSubscriptions(ctx, params);
    if (resource === 'subscriptions' && one) return retrieveSubscription(ctx, id, params);
    if (resource === 'checkout' && id === 'sessions' && parts.length === 2)
      return listCheckoutSessions(ctx, params);
    if (resource === 'checkout' && id === 'sessions' && extra && parts.length === 3)
      return retrieveCheckoutSession(ctx, extra, params);
  }
  if (method === 'POST') {
    if (path === '/v1/customers') return createCustomer(ctx, params);
    if (path === '/v1/checkout/sessions') return createCheckoutSession(ctx, params);
    if (resource === 'checkout' && id === 'sessions' && extra && parts[3] === 'expire' && parts.length === 4)
      return expireCheckoutSession(ctx, extra, params);
    if (path === '/v1/billing_portal/sessions') return createPortalSession(ctx, params);
  }
  if (method === 'DELETE' && resource === 'subscriptions' && one) return cancelSubscription(ctx, id, params);
  throw new StripeApiError(404, {
    type: 'invalid_request_error',
    message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/. (The local Stripe sandbox implements only the endpoints the product calls.)`,
  });
}

const maskKey = (key: string): string =>
  key.length > 12
    ? `${key.slice(0, 8)}${'*'.repeat(key.length - 12)}${key.slice(-4)}`
    : '*'.repeat(key.length);

const IDEMPOTENCY_CAP = 500;

export interface ApiRequest {
  method: string;
  path: string;
  query: string;
  body: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

/** Answers one /v1 request: authentication, injected failures, idempotent replays, then the endpoint. */
export function handleApi(ctx: SandboxContext, request: ApiRequest): ApiResponse {
  const { method, path } = request;
  const auth = request.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(auth.trim());
  if (!match?.[1])
    return errorResponse(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  if (match[1] !== ctx.options.apiKey)
    return errorResponse(401, {
      type: 'invalid_request_error',
      message: `Invalid API Key provided: ${maskKey(match[1])}`,
    });

  const rule = ctx.failRules.find((r) => path.startsWith(r.pathPrefix));
  if (rule) {
    rule.times -= 1;
    if (rule.times <= 0) ctx.failRules.splice(ctx.failRules.indexOf(rule), 1);
    return {
      ...errorResponse(rule.status, {
        type: rule.status === 401 ? 'invalid_request_error' : 'api_error',
        message: rule.message,
      }),
      // One injected failure = one failure the caller sees (stripe-node would otherwise retry 5xx/409).
      headers: { 'stripe-should-retry': 'false' },
    };
  }

  const key = method === 'POST' ? request.idempotencyKey : undefined;
  if (key) {
    const stored = ctx.state.idempotency[key];
    if (stored) {
      if (stored.method !== method || stored.path !== path || stored.request !== request.body)
        return errorResponse(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      return {
        status: stored.status,
        body: JSON.parse(stored.body) as unknown,
        headers: { 'idempotent-replayed': 'true', 'idempotency-key': key },
      };
    }
  }

  let response: ApiResponse;
  try {
    // stripe-node sends a GET's and a DELETE's parameters in the query string.
    const params = parseParams(method === 'GET' || method === 'DELETE' ? request.query : request.body);
    response = { status: 200, body: route(ctx, method, path, params) };
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error;
    response = errorResponse(error.status, error.error);
  }

  if (key) {
    const entry: StoredResponse = {
      method,
      path,
      request: request.body,
      status: response.status,
      body: JSON.stringify(response.body),
    };
    ctx.state.idempotency[key] = entry;
    const keys = Object.keys(ctx.state.idempotency);
    for (const old of keys.slice(0, Math.max(0, keys.length - IDEMPOTENCY_CAP)))
      delete ctx.state.idempotency[old];
    ctx.save();
    response.headers = { ...response.headers, 'idempotency-key': key };
  }
  return response;
}
