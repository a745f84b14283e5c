import * as Dynamo from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { dynamoDocumentClient } from '../../functions/lib/table/client';

/**
 * The DynamoDB calls the product's handlers make, caught on the data layer's own client (the local
 * gateway runs the handlers in this process) and replayed on a raw client: what an API call costs
 * beyond the table reads that serve it.
 */

export interface TableCommand {
  /** e.g. 'QueryCommand', as @aws-sdk/client-dynamodb names its commands. */
  name: string;
  /** The command's input as DynamoDB receives it (attribute values marshalled). */
  input: Record<string, unknown>;
}

const CAPTURE = 'benchTableCommandCapture';

/** Records every DynamoDB command the handlers send while `during` runs. */
export async function captureTableCommands(during: () => Promise<void>): Promise<TableCommand[]> {
  const commands: TableCommand[] = [];
  const stack = dynamoDocumentClient().middlewareStack;
  // At the build step the document client has marshalled the input and the request is serialised.
  stack.add(
    (next, context) => (args) => {
      commands.push({
        name: context.commandName ?? '',
        input: structuredClone(args.input) as Record<string, unknown>,
      });
      return next(args);
    },
    { step: 'build', name: CAPTURE },
  );
  try {
    await during();
  } finally {
    stack.remove(CAPTURE);
  }
  return commands;
}

type CommandClass = new (input: Record<string, unknown>) => Parameters<DynamoDBClient['send']>[0];

/** Sends the commands one after another, as the handler did, on a raw (non-document) client. */
export async function replayTableCommands(client: DynamoDBClient, commands: TableCommand[]): Promise<void> {
  for (const { name, input } of commands) {
    const Command = (Dynamo as unknown as Record<string, CommandClass | undefined>)[name];
    if (!Command) throw new Error(`No DynamoDB command named ${name}`);
    await client.send(new Command(input));
  }
}

/** A raw client with the same endpoint and region as the data layer's. */
export function rawTableClient(): DynamoDBClient {
  const { config } = dynamoDocumentClient();
  return new Dynamo.DynamoDBClient({
    endpoint: config.endpoint,
    region: config.region,
    credentials: config.credentials,
  });
}
