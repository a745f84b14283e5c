import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { config } from '../config';
import { tableClient, type DocumentItem } from './client';
import { GLOBAL_INDEXES, TABLE_KEYS, type GlobalIndexName } from './definition';
import type * as z from 'zod';
import { absent, allOf, Expression, type Condition } from './conditions';
import { fromStored, type StoredItem, type TableKey } from './items/stored';

/**
 * The few DynamoDB commands the data layer is made of: single-item reads and writes, batch reads,
 * key-ordered listings and the write operations a transaction is built from.
 */

function tableName(): string {
  return config().TABLE_NAME;
}

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
  /** Set only where the item does not have them yet. */
  setIfAbsent?: Record<string, unknown>;
  /** Numbers added to (created at 0 when absent). */
  add?: Record<string, number>;
  remove?: string[];
}

/** Changes some attributes, creating the item when it is absent. */
export function update(key: TableKey, changes: Changes, condition?: Condition): TableWrite {
  const expression = new Expression();
  const clauses: string[] = [];
  const set = Object.entries(changes.set ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${expression.name(name)} = ${expression.value(value)}`);
  for (const [name, value] of Object.entries(changes.setIfAbsent ?? {})) {
    if (value === undefined) continue;
    const attribute = expression.name(name);
    set.push(`${attribute} = if_not_exists(${attribute}, ${expression.value(value)})`);
  }
  if (set.length > 0) clauses.push(`SET ${set.join(', ')}`);
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
  if (write.Put) await tableClient().send(new PutCommand(write.Put));
  else if (write.Delete) await tableClient().send(new DeleteCommand(write.Delete));
  else if (write.Update) await tableClient().send(new UpdateCommand(write.Update));
  else throw new Error('A condition check is only a part of a transaction');
}

/** Runs one update on its own; what it changed, as it was before (UPDATED_OLD). */
export async function updateReturningOld(write: TableWrite): Promise<Record<string, unknown>> {
  if (!write.Update) throw new Error('Only an update answers with what it changed');
  const { Attributes } = await tableClient().send(
    new UpdateCommand({ ...write.Update, ReturnValues: 'UPDATED_OLD' }),
  );
  return Attributes ?? {};
}

/** Whether an error is DynamoDB refusing a write for its condition. */
export function isConditionFailure(error: unknown): boolean {
  return error instanceof ConditionalCheckFailedException;
}

// ---- Reads ----

/** An item parsed into its kind's schema, or null when there is none. */
export async function getItem<S extends z.ZodType>(
  schema: S,
  key: TableKey,
  { consistent = false } = {},
): Promise<z.output<S> | null> {
  const { Item } = await tableClient().send(
    new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: consistent }),
  );
  return Item ? fromStored(schema, Item) : null;
}

const BATCH_GET_KEYS = 100;
const BATCH_GET_ATTEMPTS = 4;

/**
 * The items of several keys, in no particular order, parsed into their kind's schema; missing ones
 * are left out. Keys DynamoDB leaves unprocessed (throttling) are asked for again a few times
 * before giving up.
 */
export async function getItems<S extends z.ZodType>(
  schema: S,
  keys: TableKey[],
  { consistent = false, what = 'items' } = {},
): Promise<z.output<S>[]> {
  return (await getStoredItems(keys, consistent, what)).map((item) => fromStored(schema, item));
}

/**
 * The items of a few keys (of different kinds) in one request, each in its key's place, as stored:
 * null where there is none. Two GetItems cost the same read units, but twice the round trips.
 */
export async function getEachItem(
  keys: TableKey[],
  { consistent = false, what = 'items' } = {},
): Promise<(StoredItem | null)[]> {
  const keyOf = ({ pk, sk }: { pk?: unknown; sk?: unknown }) => JSON.stringify([pk, sk]);
  const found = new Map(
    (await getStoredItems(keys, consistent, what)).map((item) => [keyOf(item), item] as const),
  );
  return keys.map((key) => found.get(keyOf(key)) ?? null);
}

async function getStoredItems(keys: TableKey[], consistent: boolean, what: string): Promise<DocumentItem[]> {
  const items: DocumentItem[] = [];
  for (let start = 0; start < keys.length; start += BATCH_GET_KEYS) {
    let pending: Record<string, unknown>[] = keys.slice(start, start + BATCH_GET_KEYS);
    for (let attempt = 0; pending.length > 0; attempt++) {
      if (attempt >= BATCH_GET_ATTEMPTS) throw new Error(`DynamoDB left ${what} unread; try again`);
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
      const result = await tableClient().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: consistent } },
        }),
      );
      items.push(...(result.Responses?.[tableName()] ?? []));
      pending = result.UnprocessedKeys?.[tableName()]?.Keys ?? [];
    }
  }
  return items;
}

/** Items of one partition of the table or an index, in sort-key order, within a sort-key range. */
export interface Listing {
  index?: GlobalIndexName;
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
  /** Parse each item with its keys (an index entry, which a cursor resumes after). */
  withKeys?: boolean;
}

export function indexKeys(index: Listing['index']): { partitionKey: string; sortKey: string } {
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
  const provided = new Map<string, unknown>(Object.entries(decoded));
  const { partitionKey, sortKey } = indexKeys(index);
  const names = new Set([partitionKey, sortKey, TABLE_KEYS.partitionKey, TABLE_KEYS.sortKey]);
  return Object.fromEntries(
    [...names].filter((name) => provided.get(name) !== undefined).map((name) => [name, provided.get(name)]),
  );
}

/**
 * One read of a listing: at most `limit` items looked at, parsed into the schema (the kind's, or
 * the part of it a projection reads), and the cursor after them.
 */
export async function listPage<S extends z.ZodType>(
  schema: S,
  listing: Listing,
  options: ListOptions = {},
): Promise<{ items: z.output<S>[]; cursor: string | null; scanned: number }> {
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
  const result = await tableClient().send(
    new QueryCommand({
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
    }),
  );
  return {
    items: (result.Items ?? []).map((item) =>
      options.withKeys ? schema.parse(item) : fromStored(schema, item),
    ),
    cursor: result.LastEvaluatedKey ? encodeCursor(result.LastEvaluatedKey) : null,
    /** The items DynamoDB looked at, those the filter left out included. */
    scanned: result.ScannedCount ?? result.Items?.length ?? 0,
  };
}

/** Every item of a listing, page after page. */
export async function listAll<S extends z.ZodType>(
  schema: S,
  listing: Listing,
  options: Omit<ListOptions, 'limit' | 'cursor'> = {},
): Promise<z.output<S>[]> {
  const items: z.output<S>[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: z.output<S>[]; cursor: string | null } = await listPage(schema, listing, {
      ...options,
      cursor,
    });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}
