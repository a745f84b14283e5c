import qs from 'qs';
import type { Metadata } from './objects';

/**
 * How the sandbox's /v1 endpoints read Stripe's wire format: form-encoded (bracket notation)
 * parameters, checked as Stripe checks them, and Stripe's error JSON.
 */

export interface ApiResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface StripeErrorBody {
  type: string;
  message: string;
  param?: string;
  code?: string;
}

/** Thrown inside handlers; turned into Stripe's error JSON. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
  ) {
    super(error.message);
  }
}

export const invalid = (message: string, param?: string, code?: string): StripeApiError =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

export const missing = (kind: string, id: string, param?: string, status = 404): StripeApiError =>
  new StripeApiError(status, {
    type: 'invalid_request_error',
    message: `No such ${kind}: '${id}'`,
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });

export const errorResponse = (status: number, error: StripeErrorBody): ApiResponse => ({
  status,
  body: { error },
});

export type Params = Record<string, unknown>;

export function parseParams(text: string): Params {
  return qs.parse(text, { depth: 10, arrayLimit: 100 }) as Params;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rejects parameters the sandbox does not know, as Stripe does for unknown parameters. */
export function allowOnly(params: Params, allowed: string[]) {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key))
      throw invalid(
        `Received unknown parameter: ${key} (the local Stripe sandbox does not implement it)`,
        key,
        'parameter_unknown',
      );
  }
}

export function stringParam(params: Params, name: string, label = name): string | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`Invalid string: ${label} must be a string`, label);
  return value;
}

export function booleanParam(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalid(`Invalid boolean: ${String(value)}`, name);
}

export function integerParam(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw invalid(`Invalid integer: ${String(value)}`, name);
  if (n < min || n > max)
    throw invalid(
      `This value must be greater than or equal to ${min} and less than or equal to ${max}.`,
      name,
    );
  return n;
}

export function metadataParam(value: unknown, name: string): Metadata {
  if (value === undefined || value === '') return {};
  if (!isRecord(value))
    throw invalid(`Invalid object: ${name} must be a hash of string keys and values`, name);
  const metadata: Metadata = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v !== 'string')
      throw invalid(`Invalid value for ${name}[${key}]: must be a string`, `${name}[${key}]`);
    if (v !== '') metadata[key] = v;
  }
  return metadata;
}

export function expandParam(params: Params, allowed: string[]): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
  const paths = list.map(String);
  for (const path of paths) {
    if (!allowed.includes(path))
      throw invalid(`This property cannot be expanded (${path}) in the local Stripe sandbox.`, 'expand');
  }
  return paths;
}

export function requireString(params: Params, name: string): string {
  const value = stringParam(params, name);
  if (value === undefined || value === '') throw invalid(`Missing required param: ${name}.`, name);
  return value;
}

export function paginate<T extends { id: string }>(
  items: T[],
  params: Params,
  url: string,
  kind: string,
): { object: 'list'; data: T[]; has_more: boolean; url: string } {
  const limit = integerParam(params.limit, 'limit', 1, 100) ?? 10;
  const after = stringParam(params, 'starting_after');
  const before = stringParam(params, 'ending_before');
  // Newest first, like Stripe; insertion order breaks ties within the same second.
  const ordered = [...items].reverse();
  if (after !== undefined) {
    const index = ordered.findIndex((item) => item.id === after);
    if (index < 0) throw missing(kind, after, 'starting_after', 400);
    const rest = ordered.slice(index + 1);
    return { object: 'list', data: rest.slice(0, limit), has_more: rest.length > limit, url };
  }
  if (before !== undefined) {
    const index = ordered.findIndex((item) => item.id === before);
    if (index < 0) throw missing(kind, before, 'ending_before', 400);
    const rest = ordered.slice(0, index);
    return {
      object: 'list',
      data: rest.slice(Math.max(0, rest.length - limit)),
      has_more: rest.length > limit,
      url,
    };
  }
  return { object: 'list', data: ordered.slice(0, limit), has_more: ordered.length > limit, url };
}

export const LIST_PARAMS = ['limit', 'starting_after', 'ending_before', 'expand'];

export function find<T extends { id: string }>(items: T[], id: string, kind: string): T {
  const item = items.find((i) => i.id === id);
  if (!item) throw missing(kind, id);
  return item;
}
