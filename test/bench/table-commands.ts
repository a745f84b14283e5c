import * as Dynamo from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { observeTableCalls } from '../../functions/lib/table/client';
import { config } from '../../functions/lib/config';

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

/** Records every DynamoDB command the handlers send while `during` runs. */
export async function captureTableCommands(during: () => Promise<void>): Promise<TableCommand[]> {
  const commands: TableCommand[] = [];
  const stopObserving = observeTableCalls(async (operation, input, send) => {
    const command: TableCommand = {
      name: `${operation}Command`,
      input: structuredClone(input),
      startedAt: performance.now(),
      endedAt: Number.POSITIVE_INFINITY,
    };
    commands.push(command);
    try {
      return await send(input);
    } finally {
      command.endedAt = performance.now();
    }
  });
  try {
    await during();
  } finally {
    stopObserving();
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

/** A raw client with the same endpoint, region and credentials as the data layer's. */
export function rawTableClient(): DynamoDBClient {
  const { DYNAMODB_ENDPOINT, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY } = config();
  return new Dynamo.DynamoDBClient({
    endpoint: DYNAMODB_ENDPOINT,
    region: AWS_REGION,
    credentials: { accessKeyId: AWS_ACCESS_KEY_ID!, secretAccessKey: AWS_SECRET_ACCESS_KEY! },
  });
}
