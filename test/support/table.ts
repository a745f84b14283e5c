import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { useFunctionEnv } from './api';

type TableItem = Record<string, unknown>;

let testRunClient: DynamoDBDocumentClient | undefined;

/** An SDK client on the test run's DynamoDB Local, as the functions' environment names it. */
function testRunTableClient(): DynamoDBDocumentClient {
  testRunClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT }),
  );
  return testRunClient;
}

/** One item of the test run's table, read straight from DynamoDB Local (consistently). */
export async function tableItem(key: { pk: string; sk: string }): Promise<TableItem | undefined> {
  useFunctionEnv();
  const { Item } = await testRunTableClient().send(
    new GetCommand({ TableName: process.env.TABLE_NAME, Key: key, ConsistentRead: true }),
  );
  return Item;
}

/**
 * DynamoDB Local answers a scan split into segments several times faster than one scan of the
 * whole table (20,000 items: 2.5 s in one, 0.6–0.8 s in four), and the test run's table holds
 * every test's data.
 */
const SCAN_SEGMENTS = 4;

/**
 * Every item of a stack's table, read straight from DynamoDB Local: the test run's stack unless
 * another one's client and table are given.
 */
export async function tableItems(stack?: {
  client: DynamoDBDocumentClient;
  tableName: string;
}): Promise<TableItem[]> {
  if (!stack) useFunctionEnv();
  const client = stack?.client ?? testRunTableClient();
  const segments = await Promise.all(
    Array.from({ length: SCAN_SEGMENTS }, async (_, segment) => {
      const items: TableItem[] = [];
      let startKey: TableItem | undefined;
      do {
        const page = await client.send(
          new ScanCommand({
            TableName: stack?.tableName ?? process.env.TABLE_NAME,
            Segment: segment,
            TotalSegments: SCAN_SEGMENTS,
            ExclusiveStartKey: startKey,
            ConsistentRead: true,
          }),
        );
        items.push(...(page.Items ?? []));
        startKey = page.LastEvaluatedKey;
      } while (startKey);
      return items;
    }),
  );
  return segments.flat();
}

/** JSON with every object's keys in order, so equal items give equal text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) && !(inner instanceof Set)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => a.localeCompare(b)))
      : inner instanceof Set
        ? [...(inner as Set<unknown>)].sort()
        : inner,
  );
}

/**
 * The items that mention any of the given values (an organisation's id, say), as sorted JSON lines:
 * two dumps taken around some calls are equal exactly when those calls changed none of them.
 */
export async function tableDump(mentioning: string[] = []): Promise<string[]> {
  return (await tableItems())
    .map(canonical)
    .filter((line) => mentioning.length === 0 || mentioning.some((value) => line.includes(value)))
    .sort();
}

/** What differs between two dumps, for a readable failure. */
export function dumpDifference(before: string[], after: string[]) {
  const was = new Set(before);
  const is = new Set(after);
  return {
    removedOrChanged: before.filter((item) => !is.has(item)),
    addedOrChanged: after.filter((item) => !was.has(item)),
  };
}
