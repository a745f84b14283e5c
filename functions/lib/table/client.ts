import { DynamoDBClient, type ServiceInputTypes, type ServiceOutputTypes } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import type { SerializeHandlerOutput, SerializeMiddleware } from '@smithy/types';
import { awsClientOptions, madeOnce } from '../aws-clients';
import { config } from '../config';

/** An item as the document client reads and writes it: plain JS values, no attribute maps. */
export type DocumentItem = Record<string, NativeAttributeValue>;

type WireObject = Record<string, unknown>;

/** A DynamoDB operation by the name its API gives it (GetItem, TransactWriteItems …). */
export type TableOperation = string;

/**
 * Sees every call as DynamoDB receives it (attribute maps) and its answer: the bench and the tests
 * meter capacity and commands with it. It must call `send` once and return what it gives (or throw
 * what it throws).
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

/**
 * Runs the observers around a call once the document client has marshalled its input, and before
 * the SDK serialises it: what they see and change is the wire input, and its answer before it is
 * unmarshalled.
 */
const observeCall: SerializeMiddleware<ServiceInputTypes, ServiceOutputTypes> =
  (next, context) => async (args) => {
    if (observers.length === 0) return next(args);
    let answer: SerializeHandlerOutput<ServiceOutputTypes> | undefined;
    let send = async (input: WireObject): Promise<WireObject> => {
      // The call's own input, with what an observer added to it (ReturnConsumedCapacity).
      answer = await next({ ...args, input: input as ServiceInputTypes });
      return Object.fromEntries(Object.entries(answer.output));
    };
    for (const observer of observers) {
      const inner = send;
      send = (input) => observer((context.commandName ?? '').replace(/Command$/, ''), input, inner);
    }
    await send(Object.fromEntries(Object.entries(args.input)));
    if (!answer) throw new Error('A table call observer did not send the call');
    return answer;
  };

/**
 * The functions' one DynamoDB client. Items go in and come out as plain JS values; undefined
 * attributes are left out rather than refused.
 */
export const tableClient = madeOnce(() => {
  const client = new DynamoDBClient(awsClientOptions(config().DYNAMODB_ENDPOINT));
  client.middlewareStack.addRelativeTo(observeCall, {
    name: 'observeTableCall',
    relation: 'after',
    toMiddleware: 'DocumentMarshall',
  });
  return DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
});
