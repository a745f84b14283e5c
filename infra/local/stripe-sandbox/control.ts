import { buildEvent, deliverRecord, postWebhook } from './billing';
import { addProduct, type NewPrice } from './catalogue';
import { nowSeconds } from './clock';
import type { Interval } from './objects';
import type { SandboxContext } from './state';

/**
 * The test-control endpoints under /_sandbox (JSON in and out, no auth): catalogue changes,
 * injected API failures, and the recorded webhook events with resend and hand-made deliveries.
 */

export interface ControlResponse {
  status: number;
  body: unknown;
}

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const INTERVALS: Interval[] = ['day', 'week', 'month', 'year'];

function optional<T>(
  body: Record<string, unknown>,
  key: string,
  check: (v: unknown) => v is T,
  what: string,
) {
  const value = body[key];
  if (value === undefined) return undefined;
  if (!check(value)) throw new ControlError(400, `${key} must be ${what}`);
  return value;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isStringMap = (v: unknown): v is Record<string, string> =>
  isRecord(v) && Object.values(v).every((x) => typeof x === 'string');
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

function applyMetadata(target: Record<string, string>, changes: Record<string, string>) {
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete target[key];
    else target[key] = value;
  }
}

function createProduct(ctx: SandboxContext, body: Record<string, unknown>): ControlResponse {
  const name = body.name;
  if (typeof name !== 'string' || !name) throw new ControlError(400, 'name is required');
  if (!Array.isArray(body.prices)) throw new ControlError(400, 'prices must be an array');
  const prices = body.prices.map((p: unknown, i): NewPrice => {
    if (!isRecord(p)) throw new ControlError(400, `prices[${i}] must be an object`);
    const interval = optional(
      p,
      'interval',
      (v): v is Interval => INTERVALS.includes(v as Interval),
      INTERVALS.join('|'),
    );
    const unitAmount = p.unit_amount;
    if (!isAmount(unitAmount)) throw new ControlError(400, `prices[${i}].unit_amount must be a whole number`);
    return {
      unit_amount: unitAmount,
      currency: optional(p, 'currency', isString, 'a string') ?? 'gbp',
      ...(interval ? { interval } : {}),
      active: optional(p, 'active', isBoolean, 'a boolean') ?? true,
      nickname: optional(p, 'nickname', isString, 'a string') ?? null,
    };
  });
  const created = addProduct(ctx.state, {
    name,
    description: optional(body, 'description', isString, 'a string') ?? null,
    active: optional(body, 'active', isBoolean, 'a boolean') ?? true,
    metadata: optional(body, 'metadata', isStringMap, 'an object of strings') ?? {},
    marketing_features: optional(body, 'marketing_features', isStringList, 'an array of strings') ?? [],
    prices,
  });
  ctx.save();
  return { status: 201, body: created };
}

function updateProduct(ctx: SandboxContext, id: string, body: Record<string, unknown>): ControlResponse {
  const product = ctx.state.products.find((p) => p.id === id);
  if (!product) throw new ControlError(404, `No such product: '${id}'`);
  const name = optional(body, 'name', isString, 'a string');
  const active = optional(body, 'active', isBoolean, 'a boolean');
  const description = optional(
    body,
    'description',
    (v): v is string | null => v === null || isString(v),
    'a string',
  );
  const metadata = optional(body, 'metadata', isStringMap, 'an object of strings');
  if (name !== undefined) product.name = name;
  if (active !== undefined) product.active = active;
  if (description !== undefined) product.description = description === '' ? null : description;
  if (metadata) applyMetadata(product.metadata, metadata);
  product.updated = nowSeconds();
  ctx.save();
  return { status: 200, body: product };
}

function updatePrice(ctx: SandboxContext, id: string, body: Record<string, unknown>): ControlResponse {
  const price = ctx.state.prices.find((p) => p.id === id);
  if (!price) throw new ControlError(404, `No such price: '${id}'`);
  const active = optional(body, 'active', isBoolean, 'a boolean');
  const amount = optional(body, 'unit_amount', isAmount, 'a whole number');
  const nickname = optional(
    body,
    'nickname',
    (v): v is string | null => v === null || isString(v),
    'a string',
  );
  if (active !== undefined) price.active = active;
  if (amount !== undefined) {
    price.unit_amount = amount;
    price.unit_amount_decimal = String(amount);
  }
  if (nickname !== undefined) price.nickname = nickname;
  ctx.save();
  return { status: 200, body: price };
}

function failNext(ctx: SandboxContext, body: Record<string, unknown>): ControlResponse {
  const pathPrefix = body.path_prefix;
  const status = body.status;
  const message = body.message;
  const times = body.times ?? 1;
  if (typeof pathPrefix !== 'string') throw new ControlError(400, 'path_prefix must be a string');
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
    throw new ControlError(400, 'status must be an HTTP error status (400-599)');
  if (typeof message !== 'string') throw new ControlError(400, 'message must be a string');
  if (typeof times !== 'number' || !Number.isInteger(times) || times < 1)
    throw new ControlError(400, 'times must be a positive whole number');
  ctx.failRules.push({ pathPrefix, status, message, times });
  return { status: 200, body: { ok: true } };
}

function listEvents(ctx: SandboxContext): ControlResponse {
  return {
    status: 200,
    body: {
      data: ctx.state.events.map((r) => ({
        id: r.event.id,
        type: r.event.type,
        created: r.event.created,
        delivery_status: r.delivery_status,
        delivery_error: r.delivery_error,
        event: r.event,
      })),
    },
  };
}

async function resend(ctx: SandboxContext, id: string): Promise<ControlResponse> {
  const record = ctx.state.events.find((r) => r.event.id === id);
  if (!record) throw new ControlError(404, `No such event: '${id}'`);
  const result = await deliverRecord(ctx, record);
  return { status: 200, body: { delivery_status: result.status, delivery_error: record.delivery_error } };
}

async function deliver(ctx: SandboxContext, body: Record<string, unknown>): Promise<ControlResponse> {
  const type = body.type;
  if (typeof type !== 'string' || !type) throw new ControlError(400, 'type is required');
  if (!isRecord(body.object)) throw new ControlError(400, 'object must be an object');
  const previous = optional(body, 'previous_attributes', isRecord, 'an object');
  const record = {
    event: buildEvent(type, body.object, previous),
    delivery_status: null,
    delivery_error: null,
  };
  ctx.state.events.push(record);
  const result = await deliverRecord(ctx, record);
  return { status: 200, body: { event: record.event, delivery_status: result.status } };
}

async function deliverRaw(ctx: SandboxContext, body: Record<string, unknown>): Promise<ControlResponse> {
  const payload = body.payload;
  if (typeof payload !== 'string') throw new ControlError(400, 'payload must be a string');
  const signature = optional(body, 'signature', isString, 'a string');
  const result = await postWebhook(ctx, payload, signature);
  return {
    status: 200,
    body: {
      delivery_status: result.status,
      body: result.body,
      ...(result.error ? { error: result.error } : {}),
    },
  };
}

/** Answers one /_sandbox request. */
export async function handleControl(
  ctx: SandboxContext,
  method: string,
  path: string,
  rawBody: string,
): Promise<ControlResponse> {
  try {
    let body: Record<string, unknown> = {};
    if (method === 'POST' && rawBody.trim()) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new ControlError(400, 'The body must be JSON');
      }
      if (!isRecord(parsed)) throw new ControlError(400, 'The body must be a JSON object');
      body = parsed;
    }
    const parts = path.split('/').slice(2); // ['', '_sandbox', ...]
    const [first, id, action] = parts;
    if (method === 'GET' && path === '/_sandbox/events') return listEvents(ctx);
    if (method === 'POST') {
      if (path === '/_sandbox/products') return createProduct(ctx, body);
      if (first === 'products' && id && parts.length === 2) return updateProduct(ctx, id, body);
      if (first === 'prices' && id && parts.length === 2) return updatePrice(ctx, id, body);
      if (path === '/_sandbox/fail-next') return failNext(ctx, body);
      if (first === 'events' && id && action === 'resend' && parts.length === 3) return await resend(ctx, id);
      if (path === '/_sandbox/deliver') return await deliver(ctx, body);
      if (path === '/_sandbox/deliver-raw') return await deliverRaw(ctx, body);
    }
    throw new ControlError(404, `Unknown sandbox control endpoint: ${method} ${path}`);
  } catch (error) {
    if (error instanceof ControlError)
      return { status: error.status, body: { error: { message: error.message } } };
    throw error;
  }
}
