import * as z from 'zod';
import {
  INVENTORY_MESSAGES,
  kindsOfFilter,
  type MachineChange,
  type MachineChangesQuery,
  type MachineChangesResponse,
} from '../../shared/inventory';
import { InvalidCursor, NotFound } from '../lib/errors';
import { TTL_ATTRIBUTE } from '../lib/table/definition';
import { agentMachines } from '../lib/table/items/agents';
import { machineChangeSets } from '../lib/table/items/inventory';

/**
 * A machine's timeline, newest first: the change sets the report path stored (one a report that
 * changed something), flattened into events. A request reads one bounded page of change sets
 * whatever the machine's history, so with a kind filter a page may hold fewer events than asked
 * for while `next_cursor` says there is more to look through.
 */
export const CHANGE_SETS_READ = 25;

/**
 * Where the next page starts: a change set's sort key (inclusive) and how many of its changes were
 * already shown. A change set may hold more events than a page (a first inventory of 200
 * programs), so a page can end inside one.
 */
const changesCursorSchema = z.strictObject({
  sk: z.string().min(1).max(1000),
  skip: z.number().int().min(0),
});
type ChangesCursor = z.output<typeof changesCursorSchema>;

function encodeChangesCursor(cursor: ChangesCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeChangesCursor(cursor: string, sortPrefix: string): ChangesCursor {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor();
  }
  const parsed = changesCursorSchema.safeParse(decoded);
  // Another machine's cursor would read nothing of this one's: refused like any foreign cursor.
  if (!parsed.success || !parsed.data.sk.startsWith(sortPrefix)) throw new InvalidCursor();
  return parsed.data;
}

export async function listMachineChanges(
  organizationId: string,
  machineId: string,
  { kind, cursor, limit }: MachineChangesQuery,
  now: Date,
): Promise<MachineChangesResponse> {
  const { sortPrefix } = machineChangeSets.ofMachine(organizationId, machineId);
  const from = cursor ? decodeChangesCursor(cursor, sortPrefix) : undefined;
  const machine = await agentMachines.get(organizationId, machineId);
  if (!machine) throw new NotFound(INVENTORY_MESSAGES.notFound);

  // Through the cursor's key: the cursor's own change set is read again (the rest of it may be this
  // page's start).
  const read = await machineChangeSets.pageOfMachine(organizationId, machineId, from?.sk, CHANGE_SETS_READ);

  const kinds = kind ? new Set(kindsOfFilter(kind)) : undefined;
  const items: MachineChange[] = [];
  // TTL removes expired items within a few days, not at once: an expired change set is not shown.
  const nowSeconds = Math.floor(now.getTime() / 1000);
  for (const changeSet of read.items) {
    const start = from && changeSet.sk === from.sk ? from.skip : 0;
    if (changeSet[TTL_ATTRIBUTE] <= nowSeconds) continue;
    for (let index = start; index < changeSet.changes.length; index++) {
      const change = changeSet.changes[index]!;
      if (kinds && !kinds.has(change.kind)) continue;
      if (items.length === limit) {
        return { items, next_cursor: encodeChangesCursor({ sk: changeSet.sk, skip: index }) };
      }
      items.push({ at: changeSet.at, ...change });
    }
  }
  const last = read.items[read.items.length - 1];
  const next_cursor =
    read.cursor && last ? encodeChangesCursor({ sk: last.sk, skip: last.changes.length }) : null;
  return { items, next_cursor };
}
