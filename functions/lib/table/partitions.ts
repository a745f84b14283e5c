import { config } from '../config';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { tableClient, type DocumentItem } from './client';
import type { TableKey } from './items/stored';

/**
 * Whole partitions and many keys at once, for deleting an organisation: batch deletes, a few in
 * flight at a time, and the keys of every item of a partition, a page at a time.
 */

const BATCH = 25;
/**
 * Batches in flight at once. One after another, an organisation of 10,000 assets (some 25,000
 * items) takes longer than the function's time limit; a few at a time it takes a fraction of it.
 */
const BATCHES_IN_FLIGHT = 8;

async function deleteBatch(keys: Record<string, unknown>[]): Promise<void> {
  let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 0; requests.length > 0; attempt++) {
    // Unprocessed items mean throttling: back off before sending them again.
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
    const result = await tableClient().send(
      new BatchWriteCommand({ RequestItems: { [config().TABLE_NAME]: requests } }),
    );
    requests = (result.UnprocessedItems?.[config().TABLE_NAME] ?? []).flatMap(({ DeleteRequest }) =>
      DeleteRequest?.Key ? [{ DeleteRequest: { Key: DeleteRequest.Key } }] : [],
    );
  }
}

/** Deletes the items of these keys, those that are there; in batches, several at a time. */
export async function deleteKeys(keys: Record<string, unknown>[]): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < keys.length; start += BATCH) batches.push(keys.slice(start, start + BATCH));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(BATCHES_IN_FLIGHT, batches.length) }, async () => {
      while (next < batches.length) await deleteBatch(batches[next++]!);
    }),
  );
}

/** Deletes every item of a partition but those `keep` names, a page of keys at a time. */
export async function emptyPartition(partition: string, keep: (key: TableKey) => boolean): Promise<void> {
  let startKey: DocumentItem | undefined;
  do {
    const page = await tableClient().send(
      new QueryCommand({
        TableName: config().TABLE_NAME,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': partition },
        ProjectionExpression: '#pk, #sk',
        ExclusiveStartKey: startKey,
      }),
    );
    await deleteKeys(
      (page.Items ?? []).filter((item) => !keep({ pk: String(item.pk), sk: String(item.sk) })),
    );
    startKey = page.LastEvaluatedKey;
  } while (startKey);
}
