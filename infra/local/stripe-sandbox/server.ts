import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi, parseParams } from './api';
import { expireIfDue, payCheckout, payInvoice } from './billing';
import { handleControl } from './control';
import { loadState, writeState, type SandboxContext, type StripeSandboxOptions } from './state';
import {
  CARD_DECLINED,
  checkoutPage,
  findCheckout,
  findPortal,
  invoicePage,
  notFoundPage,
  portalPage,
  type Page,
} from './pages';
import { PORTAL_ACTIONS, portalAction, type PortalAction } from './portal';

/**
 * A local Stripe sandbox for development and tests: the Stripe REST endpoints the product calls
 * through the official `stripe` library (point it here with `{ host: 'localhost', port, protocol:
 * 'http' }`), Stripe-hosted-like Checkout and Billing Portal pages a person or a browser test can
 * click through, and signed webhook events POSTed to the product's API. It behaves like Stripe;
 * it knows nothing of the product. See ./stripe-sandbox/*.ts for the parts.
 */

export const LOCAL_STRIPE_SECRET_KEY = 'sk_test_local_sandbox';
export const LOCAL_STRIPE_WEBHOOK_SECRET = 'whsec_local_sandbox';

export type { StripeSandboxOptions } from './state';

export interface StripeSandbox {
  /** http://localhost:<port> */
  url: string;
  port: number;
  stop(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('Request body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'request-id': `req_${Math.random().toString(36).slice(2, 16)}`,
    'stripe-version': '2026-10-28.endive',
    ...headers,
  });
  res.end(JSON.stringify(body, null, 2));
}

function sendPage(res: ServerResponse, page: Page) {
  res.writeHead(page.status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(page.html);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

const header = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

async function handle(ctx: SandboxContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  const body = method === 'GET' || method === 'HEAD' ? '' : await readBody(req);

  if (path === '/v1' || path.startsWith('/v1/')) {
    const response = handleApi(ctx, {
      method,
      path,
      query: url.search.slice(1),
      body,
      authorization: header(req, 'authorization'),
      idempotencyKey: header(req, 'idempotency-key'),
    });
    return sendJson(res, response.status, response.body, response.headers);
  }

  if (path.startsWith('/_sandbox/')) {
    const response = await handleControl(ctx, method, path, body);
    return sendJson(res, response.status, response.body);
  }

  const parts = path.split('/').slice(1).map(decodeURIComponent);
  const [section, id, action] = parts;
  if (method === 'GET' && id && parts.length === 2) {
    if (section === 'checkout') return sendPage(res, checkoutPage(ctx, id));
    if (section === 'portal') return sendPage(res, portalPage(ctx, id));
    if (section === 'invoices') return sendPage(res, invoicePage(ctx, id));
  }
  if (method === 'POST' && id && action && parts.length === 3) {
    if (section === 'checkout' && action === 'pay') {
      const stored = findCheckout(ctx, id);
      if (!stored || stored.session.status !== 'open' || expireIfDue(ctx, stored))
        return sendPage(res, checkoutPage(ctx, id));
      const outcome = parseParams(body).outcome;
      if (outcome !== 'success' && outcome !== 'fail')
        return sendPage(res, { status: 400, html: 'outcome must be success or fail' });
      // Like Stripe's Checkout: a declined card leaves the session open and the customer on the
      // page, told so, to try another card or go back; nothing is created and no event is sent.
      if (outcome === 'fail') return sendPage(res, checkoutPage(ctx, id, CARD_DECLINED));
      return redirect(res, await payCheckout(ctx, stored));
    }
    if (section === 'invoices' && action === 'pay') {
      // The hosted invoice page pays an open invoice with the card entered there.
      const invoice = ctx.state.invoices.find((i) => i.id === id);
      if (!invoice) return sendPage(res, invoicePage(ctx, id));
      await payInvoice(ctx, invoice);
      return redirect(res, `/invoices/${encodeURIComponent(invoice.id)}`);
    }
    if (section === 'portal' && PORTAL_ACTIONS.includes(action as PortalAction)) {
      const portal = findPortal(ctx, id);
      if (!portal) return sendPage(res, portalPage(ctx, id));
      await portalAction(ctx, portal.customer, action as PortalAction);
      return redirect(res, `/portal/${encodeURIComponent(portal.id)}`);
    }
  }
  sendPage(res, notFoundPage(path));
}

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const { state, fresh } = await loadState(options.dataFile);
  let saving: Promise<void> = Promise.resolve();
  let dirty = false;
  const ctx: SandboxContext = {
    state,
    options,
    url: '',
    failRules: [],
    save() {
      // Coalesce bursts: one queued write picks up every change made before it runs.
      if (dirty) return;
      dirty = true;
      saving = saving.then(async () => {
        dirty = false;
        try {
          await writeState(options.dataFile, state);
        } catch (error) {
          console.error('[stripe-sandbox] could not write state:', error);
        }
      });
    },
  };
  if (fresh) ctx.save();

  const server = createServer((req, res) => {
    handle(ctx, req, res).catch((error: unknown) => {
      console.error('[stripe-sandbox]', error);
      if (!res.headersSent)
        sendJson(res, 500, {
          error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) },
        });
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  ctx.url = url;

  return {
    url,
    port,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      // Let queued writes (including any from handlers still finishing) reach the disk.
      let last: Promise<void>;
      do {
        last = saving;
        await last;
      } while (last !== saving);
    },
  };
}
