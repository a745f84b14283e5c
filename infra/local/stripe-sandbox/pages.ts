import { currentSubscription, expireIfDue } from './billing';
import { formatDate, formatMoney, formatPrice } from './format';
import type { Invoice, PortalSession } from './objects';
import type { SandboxContext, StoredCheckout } from './state';
import { portalSubscription } from './portal';

/**
 * The Stripe-hosted pages, server-rendered: Checkout, the Billing Portal and invoice receipts.
 * Plain HTML forms (no client script), so a person or a browser test can click through them.
 */

export interface Page {
  status: number;
  html: string;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: unknown): string =>
  String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const STYLE = `
  :root { color-scheme: light; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #f6f8fa; color: #1a1f36; line-height: 1.5; }
  .banner { background: #7a2e00; color: #fff; padding: .5rem 1rem; text-align: center; font-weight: 600; }
  main { max-width: 36rem; margin: 2rem auto; background: #fff; border: 1px solid #d5dbe1; border-radius: 8px; padding: 1.5rem 2rem; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  h2 { font-size: 1.125rem; margin: 1.5rem 0 .5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; margin: 0 0 1rem; }
  dt { color: #3c4257; font-weight: 600; }
  dd { margin: 0; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input[type=text] { width: 100%; padding: .5rem; border: 1px solid #8792a2; border-radius: 4px; font: inherit; color: #1a1f36; background: #f6f8fa; }
  form { margin: .75rem 0; }
  button { font: inherit; font-weight: 600; padding: .6rem 1.2rem; border-radius: 4px; border: 2px solid #4b3fcf; background: #4b3fcf; color: #fff; cursor: pointer; width: 100%; }
  button.secondary { background: #fff; color: #4b3fcf; }
  button.danger { background: #fff; color: #a4161a; border-color: #a4161a; }
  button:focus-visible, a:focus-visible { outline: 3px solid #0a6cff; outline-offset: 2px; }
  a { color: #3a2fbf; }
  .status { display: inline-block; padding: 0 .5rem; border-radius: 4px; background: #e3e8ee; color: #1a1f36; font-weight: 600; }
  .hint { color: #3c4257; font-size: .875rem; }
  .error { color: #a4161a; background: #fdecea; border: 1px solid #a4161a; border-radius: 4px; padding: .5rem .75rem; font-weight: 600; }
  ul.invoices { padding-left: 1.25rem; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Stripe sandbox</title>
<style>${STYLE}</style>
</head>
<body>
<div class="banner" role="note">Stripe sandbox — local test mode</div>
<main>
${body}
</main>
</body>
</html>`;
}

const message = (
  status: number,
  title: string,
  text: string,
  link?: { href: string; label: string },
): Page => ({
  status,
  html: layout(
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${
      link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''
    }`,
  ),
});

const button = (action: string, label: string, name?: string, value?: string, kind = '') =>
  `<form method="post" action="${escapeHtml(action)}">${
    name ? `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value ?? '')}">` : ''
  }<button type="submit"${kind ? ` class="${kind}"` : ''}>${escapeHtml(label)}</button></form>`;

export const findCheckout = (ctx: SandboxContext, id: string): StoredCheckout | undefined =>
  ctx.state.checkout_sessions.find((c) => c.session.id === id);

/** Stripe's words for a card its issuer declined. */
export const CARD_DECLINED = 'Your card was declined. Try another card, or cancel.';

/** The hosted checkout page; with `declined`, shown again after the card was refused (402). */
export function checkoutPage(ctx: SandboxContext, id: string, declined?: string): Page {
  const stored = findCheckout(ctx, id);
  if (!stored) return message(404, 'Checkout session not found', `There is no checkout session '${id}'.`);
  const { session } = stored;
  if (expireIfDue(ctx, stored))
    return message(410, 'This checkout session has expired', 'Start again from the application.', undefined);
  if (session.status === 'complete')
    return message(409, 'This checkout session is already complete', 'Nothing more to pay here.', {
      href: session.success_url.split('{CHECKOUT_SESSION_ID}').join(session.id),
      label: 'Continue',
    });
  const price = ctx.state.prices.find((p) => p.id === stored.price);
  const product = ctx.state.products.find((p) => p.id === price?.product);
  const customer = ctx.state.customers.find((c) => c.id === session.customer);
  const total = formatMoney(session.amount_total, session.currency);
  const action = `/checkout/${session.id}/pay`;
  const body = `
<h1>Subscribe to ${escapeHtml(product?.name ?? 'plan')}</h1>
<dl>
  <dt>Plan</dt><dd>${escapeHtml(product?.name ?? '')}</dd>
  <dt>Price</dt><dd>${escapeHtml(price ? formatPrice(price) : total)}</dd>
  ${stored.quantity > 1 ? `<dt>Quantity</dt><dd>${stored.quantity}</dd>` : ''}
  <dt>Email</dt><dd>${escapeHtml(customer?.email ?? session.customer_email ?? '—')}</dd>
</dl>
${declined ? `<p role="alert" class="error">${escapeHtml(declined)}</p>` : ''}
<label for="card">Card number</label>
<input id="card" type="text" value="4242 4242 4242 4242" readonly aria-describedby="card-hint">
<p id="card-hint" class="hint">Test card, display only: no payment is taken in the sandbox.</p>
${button(action, `Pay ${total}`, 'outcome', 'success')}
${button(action, 'Pay with a declined card', 'outcome', 'fail', 'danger')}
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ''}`;
  return { status: declined ? 402 : 200, html: layout(`Subscribe to ${product?.name ?? 'plan'}`, body) };
}

export const findPortal = (ctx: SandboxContext, id: string): PortalSession | undefined =>
  ctx.state.portal_sessions.find((p) => p.id === id);

const invoiceItem = (invoice: Invoice) =>
  `<li><a href="/invoices/${escapeHtml(invoice.id)}">${escapeHtml(formatDate(invoice.created))} — ${escapeHtml(
    formatMoney(invoice.amount_due, invoice.currency),
  )}</a> <span class="status">${escapeHtml(invoice.status)}</span></li>`;

export function portalPage(ctx: SandboxContext, id: string): Page {
  const portal = findPortal(ctx, id);
  if (!portal) return message(404, 'Billing portal session not found', `There is no portal session '${id}'.`);
  const customer = ctx.state.customers.find((c) => c.id === portal.customer);
  const { subscription: stored, live } = portalSubscription(ctx, portal.customer);
  const subscription = stored ? currentSubscription(ctx, stored) : undefined;
  const item = subscription?.items.data[0];
  const product = ctx.state.products.find((p) => p.id === item?.price.product);
  const base = `/portal/${portal.id}`;
  let details = '';
  if (subscription && item) {
    details = `
<h2>${live ? 'Current plan' : 'Previous plan'}</h2>
<dl>
  <dt>Plan</dt><dd>${escapeHtml(product?.name ?? item.price.product)}</dd>
  <dt>Price</dt><dd>${escapeHtml(formatPrice(item.price))}</dd>
  <dt>Status</dt><dd><span class="status">${escapeHtml(subscription.status)}</span></dd>
</dl>
<p>${
      subscription.cancel_at_period_end
        ? `Ends on ${escapeHtml(formatDate(subscription.cancel_at ?? item.current_period_end))}`
        : live
          ? `Renews on ${escapeHtml(formatDate(item.current_period_end))}`
          : `Ended on ${escapeHtml(formatDate(subscription.ended_at ?? subscription.canceled_at ?? 0))}`
    }</p>`;
  }
  const latest = ctx.state.invoices.find((i) => i.id === subscription?.latest_invoice);
  const actions =
    subscription && live
      ? `<h2>Manage subscription</h2>
${
  subscription.cancel_at_period_end
    ? button(`${base}/resume`, 'Resume subscription')
    : button(`${base}/cancel-at-period-end`, 'Cancel at period end', undefined, undefined, 'secondary')
}
${button(`${base}/cancel-now`, 'Cancel now', undefined, undefined, 'danger')}
<h2>Simulate billing</h2>
${
  subscription.cancel_at_period_end
    ? button(`${base}/period-end`, 'Simulate period end', undefined, undefined, 'secondary')
    : button(`${base}/renew`, 'Simulate renewal payment', undefined, undefined, 'secondary') +
      button(`${base}/fail-renewal`, 'Simulate failed renewal', undefined, undefined, 'secondary')
}
${latest?.status === 'open' ? button(`${base}/pay-invoice`, 'Pay outstanding invoice', undefined, undefined, 'secondary') : ''}`
      : '';
  const invoices = ctx.state.invoices.filter((i) => i.customer === portal.customer).reverse();
  const body = `
<h1>Billing</h1>
<p>${escapeHtml(customer?.name ?? '')}${customer?.name && customer.email ? ' · ' : ''}${escapeHtml(customer?.email ?? '')}</p>
${live ? '' : '<p><strong>No active subscription</strong></p>'}
${details}
${actions}
<h2>Invoices</h2>
${invoices.length ? `<ul class="invoices">${invoices.map(invoiceItem).join('')}</ul>` : '<p>No invoices yet.</p>'}
${portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to IT Asset Auditor</a></p>` : ''}`;
  return { status: 200, html: layout('Billing', body) };
}

export function invoicePage(ctx: SandboxContext, id: string): Page {
  const invoice = ctx.state.invoices.find((i) => i.id === id);
  if (!invoice) return message(404, 'Invoice not found', `There is no invoice '${id}'.`);
  const line = invoice.lines.data[0];
  const product = ctx.state.products.find((p) => p.id === line?.pricing.price_details.product);
  const price = ctx.state.prices.find((p) => p.id === line?.pricing.price_details.price);
  const body = `
<h1>${invoice.status === 'paid' ? 'Receipt' : 'Invoice'} ${escapeHtml(invoice.number)}</h1>
<dl>
  <dt>Amount</dt><dd>${escapeHtml(formatMoney(invoice.amount_due, invoice.currency))}</dd>
  <dt>Status</dt><dd><span class="status">${escapeHtml(invoice.status)}</span></dd>
  <dt>Date</dt><dd>${escapeHtml(formatDate(invoice.created))}</dd>
  ${invoice.status_transitions.paid_at ? `<dt>Paid on</dt><dd>${escapeHtml(formatDate(invoice.status_transitions.paid_at))}</dd>` : ''}
  <dt>Plan</dt><dd>${escapeHtml(product?.name ?? '—')}${price ? ` (${escapeHtml(formatPrice(price))})` : ''}</dd>
  ${line ? `<dt>Period</dt><dd>${escapeHtml(formatDate(line.period.start))} – ${escapeHtml(formatDate(line.period.end))}</dd>` : ''}
  <dt>Billed to</dt><dd>${escapeHtml(invoice.customer_email ?? invoice.customer)}</dd>
</dl>
${
  invoice.status === 'open'
    ? `<label for="card">Card number</label>
<input id="card" type="text" value="4242 4242 4242 4242" readonly aria-describedby="card-hint">
<p id="card-hint" class="hint">Test card, display only: no payment is taken in the sandbox.</p>
${button(`/invoices/${invoice.id}/pay`, `Pay ${formatMoney(invoice.amount_remaining, invoice.currency)}`)}`
    : ''
}`;
  return { status: 200, html: layout(`Invoice ${invoice.number}`, body) };
}

export const notFoundPage = (path: string): Page => message(404, 'Page not found', `Nothing at ${path}.`);
