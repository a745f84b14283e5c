import { marshall, unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { AwsClient } from 'aws4fetch';
import { config } from '../config';

/**
 * DynamoDB's JSON API, signed with aws4fetch and sent with Node's fetch, in place of the SDK's
 * DynamoDB client. The SDK client put some 170 KB (its middleware stack, @smithy/core, Node's http
 * stack) into every function and took most of each cold start; the protocol is one signed POST per
 * call. Inputs and outputs are the document shapes of @aws-sdk/lib-dynamodb: plain JS values where
 * DynamoDB has attribute maps, (un)marshalled with @aws-sdk/util-dynamodb.
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
type WireObject = Record<string, unknown>;

/** An error DynamoDB answered with; `name` is its type (ConditionalCheckFailedException …). */
export class DynamoDBError extends Error {
  constructor(
    name: string,
    message: string,
    readonly status: number,
    /** TransactionCanceledException: why each item of the transaction was refused, in order. */
    readonly CancellationReasons?: { Code?: string; Message?: string }[],
  ) {
    super(message);
    this.name = name;
  }
}

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

/** Errors worth the same request again: throttling and DynamoDB's own failures. */
const RETRYABLE = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'InternalServerError',
  'ServiceUnavailable',
]);
const ATTEMPTS = 3;

let signer: AwsClient | undefined;

function awsClient(): AwsClient {
  if (!signer) {
    const { AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = config();
    if (!AWS_ACCESS_KEY_ID || !AWS_SECRET_ACCESS_KEY) {
      throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
    }
    signer = new AwsClient({
      accessKeyId: AWS_ACCESS_KEY_ID,
      secretAccessKey: AWS_SECRET_ACCESS_KEY,
      ...(AWS_SESSION_TOKEN ? { sessionToken: AWS_SESSION_TOKEN } : {}),
      region: AWS_REGION,
      service: 'dynamodb',
      // Retries are ours: DynamoDB throttles with a 400, which aws4fetch would not retry.
      retries: 0,
    });
  }
  return signer;
}

function endpoint(): string {
  const { DYNAMODB_ENDPOINT, AWS_REGION } = config();
  return DYNAMODB_ENDPOINT ?? `https://dynamodb.${AWS_REGION}.amazonaws.com`;
}

async function post(operation: TableOperation, input: WireObject): Promise<WireObject> {
  for (let attempt = 1; ; attempt++) {
    let response: Response;
    try {
      response = await awsClient().fetch(endpoint(), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': `DynamoDB_20120810.${operation}`,
        },
        body: JSON.stringify(input),
      });
    } catch (error) {
      // fetch rejects when the connection fails: worth another try, as for a 5xx.
      if (attempt >= ATTEMPTS) throw error;
      await backOff(attempt);
      continue;
    }
    if (response.ok) return (await response.json()) as WireObject;
    // An error is JSON from DynamoDB; a proxy's page in front of it (a 502, say) is not.
    const body = ((await response.json().catch(() => null)) ?? {}) as WireObject;
    const type = String(body.__type ?? `HTTP${response.status}`);
    const failure = new DynamoDBError(
      type.slice(type.lastIndexOf('#') + 1),
      String(body.message ?? body.Message ?? `DynamoDB answered ${response.status}`),
      response.status,
      body.CancellationReasons as DynamoDBError['CancellationReasons'],
    );
    if (attempt >= ATTEMPTS || !(response.status >= 500 || RETRYABLE.has(failure.name))) throw failure;
    await backOff(attempt);
  }
}

/** Full jitter, as the SDK's standard retry strategy. */
function backOff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** attempt));
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
