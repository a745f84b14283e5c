import { emit, expireIfDue } from './billing';
import { deepCopy, type CheckoutSession } from './objects';
import {
  LIST_PARAMS,
  allowOnly,
  expandParam,
  invalid,
  missing,
  paginate,
  stringParam,
  type Params,
} from './params';
import type { SandboxContext } from './state';

const STATUSES: readonly CheckoutSession['status'][] = ['open', 'complete', 'expired'];

/** GET /v1/checkout/sessions: newest first, by customer and status, as Stripe lists them. */
export function listCheckoutSessions(ctx: SandboxContext, params: Params) {
  allowOnly(params, [...LIST_PARAMS, 'customer', 'status']);
  expandParam(params, []);
  const customer = stringParam(params, 'customer');
  const status = stringParam(params, 'status');
  if (status !== undefined && !STATUSES.some((known) => known === status))
    throw invalid(`Invalid status: must be one of ${STATUSES.join(', ')}`, 'status');
  for (const stored of ctx.state.checkout_sessions) expireIfDue(ctx, stored);
  const sessions = ctx.state.checkout_sessions
    .map((stored) => stored.session)
    .filter(
      (session) =>
        (customer === undefined || session.customer === customer) &&
        (status === undefined || session.status === status),
    )
    .reverse()
    .map((session) => deepCopy(session));
  return paginate(sessions, params, '/v1/checkout/sessions', 'checkout.session');
}

/**
 * POST /v1/checkout/sessions/{id}/expire: an open session can no longer be paid. Stripe refuses a
 * session that is not open (400) and reports checkout.session.expired to the webhook endpoint after
 * it has answered.
 */
export function expireCheckoutSession(ctx: SandboxContext, id: string, params: Params): CheckoutSession {
  allowOnly(params, ['expand']);
  expandParam(params, []);
  const stored = ctx.state.checkout_sessions.find((c) => c.session.id === id);
  if (!stored) throw missing('checkout.session', id);
  if (stored.session.status !== 'open' || expireIfDue(ctx, stored))
    throw invalid(
      `Only Checkout Sessions with a status in ["open"] can be expired, and this one is ${stored.session.status}.`,
    );
  stored.session.status = 'expired';
  stored.session.url = null;
  ctx.save();
  const answer = deepCopy(stored.session);
  setImmediate(() => void emit(ctx, 'checkout.session.expired', answer));
  return answer;
}
