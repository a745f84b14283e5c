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
  /** When the handler sent it and had its answer (performance.now()): which calls ran together. */
  startedAt: number;
  endedAt: number;
}

const CAPTURE = 'benchTableCommandCapture';

/** Records every DynamoDB command the handlers send while `during` runs. */
export async function captureTableCommands(during: () => Promise<void>): Promise<TableCommand[]> {
  const commands: TableCommand[] = [];
  const stack = dynamoDocumentClient().middlewareStack;
  // At the build step the document client has marshalled the input and the request is serialised.
  stack.add(
    (next, context) => async (args) => {
      const command: TableCommand = {
        name: context.commandName ?? '',
        input: structuredClone(args.input) as Record<string, unknown>,
        startedAt: performance.now(),
        endedAt: Number.POSITIVE_INFINITY,
      };
      commands.push(command);
      try {
        return await next(args);
      } finally {
        command.endedAt = performance.now();
      }
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

/**
 * Sends the commands on a raw (non-document) client in the handler's order and concurrency: each
 * waits for those the handler had finished before it sent it, and no others.
 */
export async function replayTableCommands(client: DynamoDBClient, commands: TableCommand[]): Promise<void> {
  const sent: Promise<unknown>[] = [];
  for (const command of commands) {
    const Command = (Dynamo as unknown as Record<string, CommandClass | undefined>)[command.name];
    if (!Command) throw new Error(`No DynamoDB command named ${command.name}`);
    const before = commands.flatMap((other, index) =>
      other.endedAt <= command.startedAt ? [sent[index]] : [],
    );
    sent.push(Promise.all(before).then(() => client.send(new Command(command.input))));
  }
  await Promise.all(sent);
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
