import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoDocumentClient } from '../../functions/lib/table/client';
import { useFunctionEnv } from './api';

/**
 * Every item of the product's table, in a stable order, for proving that requests changed nothing:
 * dump before, dump after, compare. Items are serialised with sorted keys so attribute order never
 * counts as a difference.
 */
export async function dumpTable(): Promise<string[]> {
  useFunctionEnv();
  const items: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamoDocumentClient().send(
      new ScanCommand({ TableName: process.env.TABLE_NAME!, ExclusiveStartKey: start, ConsistentRead: true }),
    );
    for (const item of page.Items ?? []) items.push(stableJson(item));
    start = page.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner instanceof Set
      ? [...(inner as Set<unknown>)].sort()
      : inner && typeof inner === 'object' && !Array.isArray(inner)
        ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : inner,
  );
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
