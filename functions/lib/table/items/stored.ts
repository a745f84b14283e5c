import * as z from 'zod';
import { KEY_ATTRIBUTES } from '../definition';

/**
 * What every kind of item shares: how its keys are written and how it is read back. The layout is
 * the one ElectroDB wrote, and the item files' tests pin it key string by key string:
 *  - key strings are lower-cased whole, template and values alike (ElectroDB's default casing);
 *  - listings keep to a kind by sort-key prefix, never by an attribute naming the kind. Items
 *    written by ElectroDB also carry `__edb_e__` and `__edb_v__` (its kind and version); nothing
 *    writes or reads them any more, and they are left out of items read like the keys.
 */

export type TableKey = { pk: string; sk: string };

export type StoredItem = Record<string, unknown>;

/** ElectroDB's bookkeeping on the items it wrote. */
const ELECTRODB_ATTRIBUTES = ['__edb_e__', '__edb_v__'];

export const key = (text: string): string => text.toLowerCase();

export function tableKey(pk: string, sk: string): TableKey {
  return { pk: key(pk), sk: key(sk) };
}

/** An item as written: its attributes and its keys. */
export function stored(attributes: object, keys: Record<string, string>): StoredItem {
  return { ...attributes, ...keys };
}

const HIDDEN = new Set([...KEY_ATTRIBUTES, ...ELECTRODB_ATTRIBUTES]);

/**
 * An item's attributes without the keys (and ElectroDB's bookkeeping, on older items). The product
 * never writes an attribute as null, but one would read as absent, as every reader treats that.
 */
export function attributesOf(item: StoredItem): StoredItem {
  // A loop, not entries/filter/fromEntries: every item read passes here, a list page 25 times.
  const attributes: StoredItem = {};
  for (const name in item) {
    const value = item[name];
    if (!HIDDEN.has(name) && value !== null) attributes[name] = value;
  }
  return attributes;
}

/**
 * An item as read, parsed into its kind's shape: its attributes, without the keys. An item that is
 * not of the shape its kind writes is a fault in the table, not a caller's mistake.
 */
export function fromStored<S extends z.ZodType>(schema: S, item: StoredItem): z.output<S> {
  const parsed = schema.safeParse(attributesOf(item));
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`The item ${String(item.pk)} ${String(item.sk)} is not of its kind: ${issues.join('; ')}`);
}

/** What a read projected to its items' ids gives (`attributes: ['id']`): the count of a listing. */
export const idProjection = z.object({ id: z.string() });
