import { marshall, unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { awsJsonCall, type JsonObject } from '../aws';
import { config } from '../config';

/**
 * DynamoDB's JSON API through ../aws (no SDK client). Inputs and outputs are the document shapes of
 * @aws-sdk/lib-dynamodb: plain JS values where DynamoDB has attribute maps, (un)marshalled with
 * @aws-sdk/util-dynamodb.
 */

export type TableOperation =
  | 'GetItem'
  | 'BatchGetItem'
  | 'Query'
  | 'Scan'
  | 'PutItem'
  | 'UpdateItem'
  | 'DeleteItem'
  | 'TransactWriteItems'
  | 'BatchWriteItem';

export type DocumentItem = Record<string, NativeAttributeValue>;
type WireObject = JsonObject;

/**
 * Sees every call as sent (attribute maps) and its answer: the bench and the tests meter capacity
 * and commands with it. It must call `send` once and return what it gives (or throw what it throws).
 */
export type TableCallObserver = (
  operation: TableOperation,
  input: WireObject,
  send: (input: WireObject) => Promise<WireObject>,
) => Promise<WireObject>;

const observers: TableCallObserver[] = [];

/** Adds an observer; the function returned removes it. */
export function observeTableCalls(observer: TableCallObserver): () => void {
  observers.push(observer);
  return () => {
    const index = observers.indexOf(observer);
    if (index >= 0) observers.splice(index, 1);
  };
}

/** Attribute maps by field name, the same in every operation's input and output. */
const ITEM_FIELDS = new Set([
  'Key',
  'Item',
  'ExpressionAttributeValues',
  'ExclusiveStartKey',
  'LastEvaluatedKey',
]);
const ITEM_LIST_FIELDS = new Set(['Keys', 'Items']);

function toWire(value: unknown, field?: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (field && ITEM_FIELDS.has(field)) {
    return marshall(value as DocumentItem, { removeUndefinedValues: true });
  }
  if (field && ITEM_LIST_FIELDS.has(field)) {
    return (value as DocumentItem[]).map((item) => marshall(item, { removeUndefinedValues: true }));
  }
  if (Array.isArray(value)) return value.map((entry) => toWire(entry));
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toWire(inner, key)]));
}

function fromWire(value: unknown, field?: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (field && ITEM_FIELDS.has(field)) return unmarshall(value as Parameters<typeof unmarshall>[0]);
  if (field && ITEM_LIST_FIELDS.has(field)) {
    return (value as Parameters<typeof unmarshall>[0][]).map((item) => unmarshall(item));
  }
  // BatchGetItem's Responses: table name → items.
  if (field === 'Responses') {
    return Object.fromEntries(
      Object.entries(value).map(([table, items]) => [table, fromWire(items, 'Items')]),
    );
  }
  if (Array.isArray(value)) return value.map((entry) => fromWire(entry));
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fromWire(inner, key)]));
}

function endpoint(): string {
  const { DYNAMODB_ENDPOINT, AWS_REGION } = config();
  return DYNAMODB_ENDPOINT ?? `https://dynamodb.${AWS_REGION}.amazonaws.com`;
}

function post(operation: TableOperation, input: WireObject): Promise<WireObject> {
  return awsJsonCall({
    service: 'dynamodb',
    url: endpoint(),
    target: `DynamoDB_20120810.${operation}`,
    jsonVersion: '1.0',
    body: input,
  });
}

/** One DynamoDB call: document input in, document output back. */
export async function tableCall<Output extends WireObject = WireObject>(
  operation: TableOperation,
  input: WireObject,
): Promise<Output> {
  let send = (wire: WireObject) => post(operation, wire);
  for (const observer of observers) {
    const inner = send;
    send = (wire) => observer(operation, wire, inner);
  }
  return fromWire(await send(toWire(input) as WireObject)) as Output;
}
