import { QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import * as z from 'zod';
import { observeTableCalls } from '../../functions/lib/table/client';
import { rawTableClient } from './table-commands';

/**
 * What agent reports consume in DynamoDB: capacity units, summed by an observer of the data layer's
 * calls (observeTableCalls), and the bytes a machine keeps in the table.
 */

/** DynamoDB storage is billed per item with 100 bytes of overhead (table and each index). */
const ITEM_OVERHEAD_BYTES = 100;

// ---- Capacity ----

export interface Capacity {
  read: number;
  tableWrite: number;
  indexWrite: number;
  /**
   * Writes refused by their condition. DynamoDB charges them (1 WRU for an item up to 1 KB) but
   * returns no ConsumedCapacity with the error, in AWS as in DynamoDB Local.
   */
  failedConditionalWrites: number;
  calls: Record<string, number>;
}

const emptyCapacity = (): Capacity => ({
  read: 0,
  tableWrite: 0,
  indexWrite: 0,
  failedConditionalWrites: 0,
  calls: {},
});

const unitsSchema = z.object({
  CapacityUnits: z.number().optional(),
  ReadCapacityUnits: z.number().optional(),
  WriteCapacityUnits: z.number().optional(),
});
const consumedCapacitySchema = unitsSchema.extend({
  Table: unitsSchema.optional(),
  GlobalSecondaryIndexes: z.record(z.string(), unitsSchema).optional(),
});
/** One entry for a single-table call, a list for a transaction or a batch. */
const consumedSchema = z.union([consumedCapacitySchema, z.array(consumedCapacitySchema)]).optional();

const READ_OPERATIONS = new Set(['GetItem', 'Query', 'BatchGetItem', 'Scan']);

let capacity = emptyCapacity();
let stopMetering: (() => void) | null = null;
/** Only metered phases ask for ConsumedCapacity: it is more work for DynamoDB Local, which the raw PutItem does not ask. */
let metering = false;

/** The marshalled attributes a command sends (the document client has marshalled them by then). */
const attributesSchema = z.record(
  z.string(),
  z.custom<AttributeValue>((value) => typeof value === 'object' && value !== null),
);
const transactItemsSchema = z.object({
  TransactItems: z.array(
    z.object({
      Put: z.object({ Item: attributesSchema }).optional(),
      Update: z
        .object({ Key: attributesSchema, ExpressionAttributeValues: attributesSchema.optional() })
        .optional(),
      Delete: z.object({ Key: attributesSchema }).optional(),
      ConditionCheck: z.object({ Key: attributesSchema }).optional(),
    }),
  ),
});

/**
 * A transaction's table write units as DynamoDB bills them: 2 for each KB of each item it writes.
 * DynamoDB Local answers with 2 per KB of the whole transaction, so that ten small items cost what
 * one does. A put's size is its item's; an update's at least its key's and values' (the item may be
 * larger: this errs on the low side only for updates of items past 1 KB, which reports do not make).
 */
function transactionTableUnits(input: unknown): number {
  const parsed = transactItemsSchema.safeParse(input);
  if (!parsed.success) return 0;
  return parsed.data.TransactItems.reduce((sum, item) => {
    const bytes = item.Put
      ? itemSize(item.Put.Item)
      : item.Update
        ? itemSize(item.Update.Key) + itemSize(item.Update.ExpressionAttributeValues ?? {})
        : itemSize((item.Delete ?? item.ConditionCheck)?.Key ?? {});
    return sum + 2 * Math.max(1, Math.ceil(bytes / 1024));
  }, 0);
}

/**
 * Asks DynamoDB for the capacity of every command the handlers send (INDEXES: table and index
 * apart) and adds it up. DynamoDB Local answers with the same ConsumedCapacity shape as AWS, except
 * for a transaction's table units, which are priced here item by item (transactionTableUnits).
 */
export function installCapacityMeter(): void {
  if (stopMetering) return;
  stopMetering = observeTableCalls(async (operation, input, send) => {
    if (!metering) return send(input);
    const command = `${operation}Command`;
    capacity.calls[command] = (capacity.calls[command] ?? 0) + 1;
    try {
      const output = await send({ ...input, ReturnConsumedCapacity: 'INDEXES' });
      const consumed = consumedSchema.parse(output.ConsumedCapacity);
      for (const entry of consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed]) {
        if (READ_OPERATIONS.has(operation)) {
          capacity.read += entry.CapacityUnits ?? 0;
          continue;
        }
        const indexes = Object.values(entry.GlobalSecondaryIndexes ?? {}).reduce(
          (sum, index) => sum + (index.WriteCapacityUnits ?? index.CapacityUnits ?? 0),
          0,
        );
        const table = entry.Table?.WriteCapacityUnits ?? entry.Table?.CapacityUnits;
        const local = table ?? (entry.CapacityUnits ?? 0) - indexes;
        capacity.tableWrite +=
          operation === 'TransactWriteItems' ? Math.max(local, transactionTableUnits(input)) : local;
        capacity.indexWrite += indexes;
      }
      return output;
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
        capacity.failedConditionalWrites++;
      }
      throw error;
    }
  });
}

/** Leaves the handlers' DynamoDB calls as they were, for the figures measured after the agents'. */
export function removeCapacityMeter(): void {
  stopMetering?.();
  stopMetering = null;
}

/** Write units billed: the table's, the index's and the refused conditions'. */
export function writeUnits(measured: Capacity): number {
  return measured.tableWrite + measured.indexWrite + measured.failedConditionalWrites;
}

/** Runs `run` with the meter reading, and returns what it consumed. */
export async function metered<T>(run: () => Promise<T>): Promise<{ result: T; measured: Capacity }> {
  capacity = emptyCapacity();
  metering = true;
  try {
    const result = await run();
    return { result, measured: capacity };
  } finally {
    metering = false;
    capacity = emptyCapacity();
  }
}

// ---- Storage ----

/** An item's size as DynamoDB counts it: names and values, numbers by their digits. */
function attributeSize(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return Math.ceil(value.N.replace(/^-|\.|^0+/g, '').length / 2) + 1;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.L) return 3 + value.L.reduce((sum, entry) => sum + 1 + attributeSize(entry), 0);
  if (value.M) return 3 + itemSize(value.M);
  if (value.B) return value.B.byteLength;
  if (value.SS) return value.SS.reduce((sum, entry) => sum + Buffer.byteLength(entry), 0);
  return 0;
}

export function itemSize(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + attributeSize(value),
    0,
  );
}

/** DynamoDB bytes one machine keeps: its items, their index copies and the per-item overhead. */
export async function storageOfMachine(
  organizationId: string,
  machineId: string,
): Promise<{ bytes: number; machineItemBytes: number }> {
  const raw = rawTableClient();
  // The machine's own items by their key prefixes: a fleet's partition is more than one page.
  const id = machineId.toLowerCase();
  const answers = await Promise.all(
    [`agent#${id}`, `agentsec#${id}#`, `device#${id}`].map((prefix) =>
      raw.send(
        new QueryCommand({
          TableName: process.env.TABLE_NAME,
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
          ExpressionAttributeValues: {
            ':pk': { S: `org#${organizationId.toLowerCase()}#agents` },
            ':prefix': { S: prefix },
          },
        }),
      ),
    ),
  ).finally(() => raw.destroy());
  const items = answers.flatMap((answer) => answer.Items ?? []);
  if (!items?.length) throw new Error(`No items of machine ${machineId} found in the table`);
  // Items with an index key are kept a second time, whole (projection ALL), in that index.
  const bytes = items.reduce(
    (sum, item) => sum + (itemSize(item) + ITEM_OVERHEAD_BYTES) * (item.gsi1pk ? 2 : 1),
    0,
  );
  const machine = items.find((item) => item.sk?.S?.startsWith('agent#'));
  return { bytes, machineItemBytes: machine ? itemSize(machine) : 0 };
}
