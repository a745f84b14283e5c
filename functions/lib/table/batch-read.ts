import type * as z from 'zod';
import { getEachItem } from './commands';
import { fromStored, type StoredItem, type TableKey } from './items/stored';

/**
 * Items of different kinds read in one request (BatchGetItem): two GetItems cost the same read
 * units, but twice the round trips. An entity offers `read(…ids)`, an ItemRead that binds its key
 * to its schema; a feature adds the reads it needs to a batch, runs it once, and gets each item
 * parsed into its kind, without ever handling a key.
 */

export interface ItemRead<T> {
  readonly key: TableKey;
  parse(item: StoredItem): T;
}

export function itemRead<S extends z.ZodType>(schema: S, key: TableKey): ItemRead<z.output<S>> {
  return { key, parse: (item) => fromStored(schema, item) };
}

/** What a read added to a batch gives once the batch has run: the item, or null when there is none. */
export type ReadResult<T> = () => T | null;

export interface BatchRead {
  add<T>(read: ItemRead<T>): ReadResult<T>;
  run(): Promise<void>;
}

/** A batch of reads, run once: `consistent` and `what` (its error message's words) as getEachItem's. */
export function batchRead(options: { consistent?: boolean; what?: string } = {}): BatchRead {
  const keys: TableKey[] = [];
  let found: (StoredItem | null)[] | null = null;
  return {
    add<T>(read: ItemRead<T>): ReadResult<T> {
      const at = keys.push(read.key) - 1;
      return () => {
        if (!found) throw new Error('A batch read was looked at before it ran');
        const item = found[at];
        return item ? read.parse(item) : null;
      };
    },
    async run() {
      found = await getEachItem(keys, options);
    },
  };
}

/** The items of several reads of one kind, each in its read's place, null where there is none. */
export async function readEach<T>(
  reads: ItemRead<T>[],
  options: { consistent?: boolean; what?: string } = {},
): Promise<(T | null)[]> {
  const batch = batchRead(options);
  const results = reads.map((read) => batch.add(read));
  await batch.run();
  return results.map((result) => result());
}
