import { isAwsError } from '../aws';
import { config } from '../config';
import { tableCall, type DocumentItem } from './client';
import { GLOBAL_INDEXES, TABLE_KEYS } from './definition';
import { fromStored, type StoredItem, type TableKey } from './items';
import { readPage, type ReadPageResult } from './pages';

/**
 * The few DynamoDB commands the data layer is made of: single-item reads and writes, batch reads,
 * key-ordered listings and the write operations a transaction is built from.
 */

function tableName(): string {
  return config().TABLE_NAME;
}

// ---- Expressions ----

/** The placeholders of one command's expressions: each attribute name and value once. */
export class Expression {
  private readonly names: Record<string, string> = {};
  private readonly values: Record<string, unknown> = {};

  name(attribute: string): string {
    const placeholder = `#${attribute}`;
    this.names[placeholder] = attribute;
    return placeholder;
  }

  value(value: unknown): string {
    const placeholder = `:v${Object.keys(this.values).length}`;
    this.values[placeholder] = value;
    return placeholder;
  }

  /** DynamoDB refuses empty maps, so a map without entries is left out. */
  attributes(): {
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  } {
    return {
      ...(Object.keys(this.names).length > 0 ? { ExpressionAttributeNames: this.names } : {}),
      ...(Object.keys(this.values).length > 0 ? { ExpressionAttributeValues: this.values } : {}),
    };
  }
}

/** A condition or filter, written against a command's placeholders. */
export type Condition = (expression: Expression) => string;

export const equals =
  (attribute: string, value: unknown): Condition =>
  (e) =>
    `${e.name(attribute)} = ${e.value(value)}`;

export const lessThan =
  (attribute: string, value: unknown): Condition =>
  (e) =>
    `${e.name(attribute)} < ${e.value(value)}`;

export const greaterThan =
  (attribute: string, value: unknown): Condition =>
  (e) =>
    `${e.name(attribute)} > ${e.value(value)}`;

export const absent =
  (attribute: string): Condition =>
  (e) =>
    `attribute_not_exists(${e.name(attribute)})`;

export const contains =
  (attribute: string, value: string): Condition =>
  (e) =>
    `contains(${e.name(attribute)}, ${e.value(value)})`;

export const allOf =
  (...conditions: Condition[]): Condition =>
  (e) =>
    conditions.map((condition) => condition(e)).join(' AND ');

export const anyOf =
  (...conditions: Condition[]): Condition =>
  (e) =>
    `(${conditions.map((condition) => condition(e)).join(' OR ')})`;

/**
 * A write that must not replace an item: the key is free. A condition is evaluated against the item
 * with the write's full key, so its partition key alone tells whether that item exists (and each
 * extra clause is parsed again for every item of a transaction on DynamoDB Local).
 */
const itemAbsent = absent(TABLE_KEYS.partitionKey);

/** A write that must not create an item: the key is taken. */
const itemExists: Condition = (e) => `attribute_exists(${e.name(TABLE_KEYS.partitionKey)})`;

// ---- Writes ----

interface ConditionalWrite {
  TableName: string;
  Key?: TableKey;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

/** One write, on its own (send) or as a part of a transaction (TransactWriteItems' item shape). */
export interface TableWrite {
  Put?: ConditionalWrite & { Item: StoredItem };
  Delete?: ConditionalWrite & { Key: TableKey };
  Update?: ConditionalWrite & { Key: TableKey; UpdateExpression: string };
  ConditionCheck?: ConditionalWrite & { Key: TableKey; ConditionExpression: string };
}

export function put(item: StoredItem, condition?: Condition): TableWrite {
  const expression = new Expression();
  const conditionExpression = condition?.(expression);
  return {
    Put: {
      TableName: tableName(),
      Item: item,
      ...(conditionExpression ? { ConditionExpression: conditionExpression } : {}),
      ...expression.attributes(),
    },
  };
}

/** A new item: refused when its key is taken. */
export function create(item: StoredItem): TableWrite {
  return put(item, itemAbsent);
}

export function remove(key: TableKey, condition?: Condition): TableWrite {
  const expression = new Expression();
  const conditionExpression = condition?.(expression);
  return {
    Delete: {
      TableName: tableName(),
      Key: key,
      ...(conditionExpression ? { ConditionExpression: conditionExpression } : {}),
      ...expression.attributes(),
    },
  };
}

export interface Changes {
  set?: Record<string, unknown>;
  /** Numbers added to (created at 0 when absent). */
  add?: Record<string, number>;
  remove?: string[];
}

/** Changes some attributes, creating the item when it is absent. */
export function update(key: TableKey, changes: Changes, condition?: Condition): TableWrite {
  const expression = new Expression();
  const clauses: string[] = [];
  const set = Object.entries(changes.set ?? {}).filter(([, value]) => value !== undefined);
  if (set.length > 0) {
    clauses.push(
      `SET ${set.map(([name, value]) => `${expression.name(name)} = ${expression.value(value)}`).join(', ')}`,
    );
  }
  const add = Object.entries(changes.add ?? {});
  if (add.length > 0) {
    clauses.push(
      `ADD ${add.map(([name, value]) => `${expression.name(name)} ${expression.value(value)}`).join(', ')}`,
    );
  }
  if (changes.remove && changes.remove.length > 0) {
    clauses.push(`REMOVE ${changes.remove.map((name) => expression.name(name)).join(', ')}`);
  }
  const conditionExpression = condition?.(expression);
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: clauses.join(' '),
      ...(conditionExpression ? { ConditionExpression: conditionExpression } : {}),
      ...expression.attributes(),
    },
  };
}

/** Changes some attributes of an item that must exist. */
export function patch(key: TableKey, changes: Changes, condition?: Condition): TableWrite {
  return update(key, changes, condition ? allOf(itemExists, condition) : itemExists);
}

/** A condition on another item, for a transaction. */
export function check(key: TableKey, condition: Condition): TableWrite {
  const expression = new Expression();
  const conditionExpression = condition(expression);
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: key,
      ConditionExpression: conditionExpression,
      ...expression.attributes(),
    },
  };
}

/** Runs one write on its own. */
export async function send(write: TableWrite): Promise<void> {
  if (write.Put) await tableCall('PutItem', { ...write.Put });
  else if (write.Delete) await tableCall('DeleteItem', { ...write.Delete });
  else if (write.Update) await tableCall('UpdateItem', { ...write.Update });
  else throw new Error('A condition check is only a part of a transaction');
}

/** Whether an error is DynamoDB refusing a write for its condition. */
export function isConditionFailure(error: unknown): boolean {
  return isAwsError(error, 'ConditionalCheckFailedException');
}

// ---- Reads ----

export async function getItem<T>(key: TableKey, { consistent = false } = {}): Promise<T | null> {
  const { Item } = await tableCall<{ Item?: DocumentItem }>('GetItem', {
    TableName: tableName(),
    Key: key,
    ConsistentRead: consistent,
  });
  return Item ? fromStored<T>(Item) : null;
}

const BATCH_GET_KEYS = 100;
const BATCH_GET_ATTEMPTS = 4;

/**
 * The items of several keys, in no particular order; missing ones are left out. Keys DynamoDB
 * leaves unprocessed (throttling) are asked for again a few times before giving up.
 */
export async function getItems<T>(
  keys: TableKey[],
  { consistent = false, what = 'items' } = {},
): Promise<T[]> {
  return (await getStoredItems(keys, consistent, what)).map((item) => fromStored<T>(item));
}

/**
 * The items of a few keys in one request, each in its key's place: null where there is none.
 * Two GetItems cost the same read units, but twice the round trips and the signing.
 */
export async function getEachItem<T extends unknown[]>(
  keys: { [K in keyof T]: TableKey },
  { consistent = false, what = 'items' } = {},
): Promise<{ [K in keyof T]: T[K] | null }> {
  const keyOf = ({ pk, sk }: { pk?: unknown; sk?: unknown }) => JSON.stringify([pk, sk]);
  const found = new Map(
    (await getStoredItems(keys, consistent, what)).map((item) => [keyOf(item), item] as const),
  );
  return keys.map((key) => {
    const item = found.get(keyOf(key));
    return item ? fromStored(item) : null;
  }) as { [K in keyof T]: T[K] | null };
}

async function getStoredItems(keys: TableKey[], consistent: boolean, what: string): Promise<DocumentItem[]> {
  const items: DocumentItem[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_KEYS) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + BATCH_GET_KEYS);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= BATCH_GET_ATTEMPTS) throw new Error(`DynamoDB left ${what} unread; try again`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const result = await tableCall<{
        Responses?: Record<string, DocumentItem[]>;
        UnprocessedKeys?: Record<string, { Keys?: DocumentItem[] }>;
      }>('BatchGetItem', {
        RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent } },
      });
      items.push(...(result.Responses?.[tableName()] ?? []));
      pending = result.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return items;
}

/** Items of one partition of the table or an index, in sort-key order, within a sort-key range. */
export interface Listing {
  index?: 'gsi1' | 'gsi2';
  partition: string;
  /** Every sort key of the kind listed starts with it, and no other kind's in the partition does. */
  sortPrefix?: string;
  sortBetween?: [string, string];
}

export interface ListOptions {
  newestFirst?: boolean;
  limit?: number;
  cursor?: string | null;
  filter?: Condition;
  consistent?: boolean;
  /** Only these attributes of each item. */
  attributes?: string[];
}

function indexKeys(index: Listing['index']): { partitionKey: string; sortKey: string } {
  const definition = GLOBAL_INDEXES.find(({ indexName }) => indexName === index);
  return definition ?? TABLE_KEYS;
}

/** A cursor is the key DynamoDB stopped at, as base64url JSON (the format ElectroDB issued). */
export function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The start key of a cursor: the listing's index key and the table key, nothing else. */
function cursorKey(cursor: string, index: Listing['index']): Record<string, unknown> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new Error('Unable to parse cursor');
  }
  if (typeof decoded !== 'object' || decoded === null) throw new Error('Unable to parse cursor');
  const provided = decoded as Record<string, unknown>;
  const { partitionKey, sortKey } = indexKeys(index);
  const names = new Set([partitionKey, sortKey, TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  return Object.fromEntries(
    [...names].filter((name) => provided[name] !== undefined).map((name) => [name, provided[name]]),
  );
}

/** One read of a listing: at most `limit` items looked at, and the cursor after them. */
export async function listPage<T>(
  listing: Listing,
  options: ListOptions = {},
): Promise<{ items: T[]; cursor: string | null }> {
  const expression = new Expression();
  const { partitionKey, sortKey } = indexKeys(listing.index);
  const keyConditions = [`${expression.name(partitionKey)} = ${expression.value(listing.partition)}`];
  if (listing.sortPrefix !== undefined) {
    keyConditions.push(`begins_with(${expression.name(sortKey)}, ${expression.value(listing.sortPrefix)})`);
  }
  if (listing.sortBetween) {
    const [from, to] = listing.sortBetween;
    keyConditions.push(
      `${expression.name(sortKey)} BETWEEN ${expression.value(from)} AND ${expression.value(to)}`,
    );
  }
  const filter = options.filter?.(expression);
  const projection = options.attributes?.map((name) => expression.name(name)).join(', ');
  const result = await tableCall<{ Items?: DocumentItem[]; LastEvaluatedKey?: DocumentItem }>('Query', {
    TableName: tableName(),
    ...(listing.index ? { IndexName: listing.index } : {}),
    KeyConditionExpression: keyConditions.join(' AND '),
    ...(filter ? { FilterExpression: filter } : {}),
    ...(projection ? { ProjectionExpression: projection } : {}),
    ...expression.attributes(),
    ScanIndexForward: !options.newestFirst,
    ...(options.limit ? { Limit: options.limit } : {}),
    ...(options.consistent ? { ConsistentRead: true } : {}),
    ...(options.cursor ? { ExclusiveStartKey: cursorKey(options.cursor, listing.index) } : {}),
  });
  return {
    items: (result.Items ?? []).map((item) => fromStored<T>(item)),
    cursor: result.LastEvaluatedKey ? encodeCursor(result.LastEvaluatedKey) : null,
  };
}

/** Every item of a listing, page after page. */
export async function listAll<T>(
  listing: Listing,
  options: Omit<ListOptions, 'limit' | 'cursor'> = {},
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: T[]; cursor: string | null } = await listPage<T>(listing, { ...options, cursor });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

/**
 * A page of a list shown newest first and searched by its lower-cased `search_text` (hardware
 * assets, disposal items; the audit trail, never searched); a search may return short pages (see
 * readPage). `resumeKey` is the key of
 * an item in the listing read, which a cursor resumes after.
 */
export async function listSearchablePage<T>(
  listing: Listing,
  resumeKey: (item: T) => Record<string, unknown>,
  { q, cursor, limit }: { q?: string; cursor?: string; limit: number },
): Promise<ReadPageResult<T>> {
  const needle = q?.toLowerCase();
  return readPage({
    read: async (from, count) => {
      const { items, cursor: next } = await listPage<T>(listing, {
        newestFirst: true,
        cursor: from,
        limit: count,
        ...(needle ? { filter: contains('search_text', needle) } : {}),
      });
      return { data: items, cursor: next };
    },
    cursorAfter: (item) => encodeCursor(resumeKey(item)),
    searching: Boolean(needle),
    cursor: cursor ?? null,
    limit,
  });
}
