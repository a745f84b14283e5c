import { monotonicFactory } from 'ulid';
import { syncedDisposalItem, type DisposalItem } from '../../shared/disposal';
import { withDisposalDate, type HardwareAsset } from '../../shared/hardware';
import type { ImportRow, ImportRowError } from '../../shared/hardware-import';
import { auditEntry, type Actor } from '../lib/audit-trail';
import { COUNTER_SHARDS, counterUpdate, type CounterDeltas } from '../lib/table/counters';
import type { HardwareIdentifierKind } from '../lib/table/items/hardware';
import { write, type Built } from '../lib/table/transaction';
import { counterDeltas } from '../inventory/writes';
import { disposalChangeItems, disposalLabel } from '../inventory/disposal-items';
import { assetChangeItems, hardwareLabel, identifiers, type Part } from '../inventory/assets';
import {
  linkedInWrite,
  machinesForSerials,
  serialToMatch,
  type LinkExtra,
  type MatchedMachine,
} from '../inventory/machine-matching';
import { duplicateRowMessage, plural } from './messages';

function addDeltas(deltas: CounterDeltas, ...more: CounterDeltas[]): void {
  for (const moves of more)
    for (const [name, value] of moves) deltas.set(name, (deltas.get(name) ?? 0) + value);
}

/**
 * The CSV import's writes: validated rows in transactions of many rows, a few at a time, each
 * batch with one audit entry (and one for the disposal items its rows put on the list).
 */

/**
 * A transaction holds at most 100 items: the batch's audit entries (its assets', and its disposal
 * items' when rows are in a disposal status) and the counter take three.
 */
const IMPORT_TRANSACTION_ITEMS = 97;
const IMPORT_CONCURRENCY = 4;
/** A batch read holds at most 100 keys. */
const LOOKUP_ROWS = 100;

interface PreparedRow {
  row: number;
  asset: HardwareAsset;
  /** The disposal item a row in Disposal Pending or Disposed puts on the disposal list. */
  disposal: DisposalItem | null;
  /** The machine that reported the row's serial number (issue 27): its link's writes, the asset unlinked. */
  link?: { extra: LinkExtra; unlinked: HardwareAsset; machine: string };
}

function importBatches(rows: PreparedRow[]): PreparedRow[][] {
  const batches: PreparedRow[][] = [];
  let batch: PreparedRow[] = [];
  let items = 0;
  for (const row of rows) {
    const size =
      1 + identifiers(row.asset).length + (row.disposal ? 1 : 0) + (row.link?.extra.items.length ?? 0);
    if (items + size > IMPORT_TRANSACTION_ITEMS) {
      batches.push(batch);
      batch = [];
      items = 0;
    }
    batch.push(row);
    items += size;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** One transaction of a batch's rows: their assets, claims and disposal items, the audit entries, the counters. */
function batchItems(
  organizationId: string,
  rows: PreparedRow[],
  shard: number,
  actor: Actor,
  now: Date,
): Built<Part> {
  const built: Built<Part> = { parts: [], items: [] };
  const disposals = rows.flatMap(({ disposal }) => (disposal ? [{ before: null, after: disposal }] : []));
  for (const { asset } of rows) {
    const one = assetChangeItems(organizationId, { before: null, after: asset }, null);
    built.parts.push(...one.parts);
    built.items.push(...one.items);
  }
  for (const change of disposals) {
    built.parts.push({ kind: 'other' });
    built.items.push(...disposalChangeItems(organizationId, change, null));
  }
  const linked = rows.flatMap(({ asset, link }) => (link ? [{ asset, link }] : []));
  for (const { link } of linked) {
    built.parts.push(...link.extra.parts);
    built.items.push(...link.extra.items);
  }
  const span = `rows ${rows[0]!.row}–${rows[rows.length - 1]!.row}`;
  const deltas = counterDeltas({
    assets: rows.map(({ asset }) => ({ before: null, after: asset })),
    disposals,
  });
  if (linked.length > 0) addDeltas(deltas, ...linked.map(({ link }) => link.extra.counters));
  const shared = [
    auditEntry({
      organizationId,
      actor,
      now,
      entityType: 'hardware_asset',
      action: 'created',
      entityId: null,
      entityLabel: `Imported ${plural(rows.length, 'hardware asset')} from CSV (${span})`,
      changes: {
        assets: { old: null, new: rows.map(({ asset }) => hardwareLabel(asset)) },
        ...(linked.length > 0 && {
          monitored_machines: {
            old: null,
            new: linked.map(({ asset, link }) => `${hardwareLabel(asset)}: ${link.machine}`),
          },
        }),
      },
    }),
    ...(disposals.length > 0
      ? [
          auditEntry({
            organizationId,
            actor,
            now,
            entityType: 'disposal_item',
            action: 'created',
            entityId: null,
            entityLabel: `Added ${plural(disposals.length, 'disposal item')} from the CSV import (${span})`,
            changes: { items: { old: null, new: disposals.map(({ after }) => disposalLabel(after)) } },
          }),
        ]
      : []),
    ...counterUpdate(organizationId, deltas, shard),
  ];
  for (const item of shared) {
    built.parts.push({ kind: 'other' });
    built.items.push(item);
  }
  return built;
}

/**
 * Writes a batch of new assets with one audit entry for the batch. A row whose serial number or
 * asset tag is taken becomes a row error, and the rest of the batch is written again. A row whose
 * asset exists already was written by an earlier run of the same job (its id is the job's and the
 * row's): it counts as imported and is not written twice.
 */
async function writeImportBatch(
  organizationId: string,
  batch: PreparedRow[],
  shard: number,
  actor: Actor,
  now: Date,
  errors: ImportRowError[],
): Promise<number> {
  let remaining = batch;
  let written = 0;
  while (remaining.length > 0) {
    const rows = remaining;
    const outcome = await write(() => batchItems(organizationId, rows, shard, actor, now));
    if (outcome.ok) return written + rows.length;
    const already = new Set<string>();
    const rejected = new Map<string, HardwareIdentifierKind>();
    const linkedMeanwhile = new Set<string>();
    for (const part of outcome.failed) {
      if (part.kind === 'asset') already.add(part.id);
      if (part.kind === 'identifier' && !rejected.has(part.id)) rejected.set(part.id, part.identifier);
      if (part.kind === 'link') linkedMeanwhile.add(part.id);
    }
    // Its own asset holds the claims of a row written before: they are no duplicates.
    for (const id of already) rejected.delete(id);
    if (already.size === 0 && rejected.size === 0 && linkedMeanwhile.size === 0) {
      throw new Error('An import batch was refused for no reason DynamoDB would name');
    }
    written += already.size;
    for (const { row, asset } of rows) {
      const kind = rejected.get(asset.id);
      if (kind) errors.push({ row, message: duplicateRowMessage(kind, asset) });
    }
    remaining = rows
      .filter(({ asset }) => !rejected.has(asset.id) && !already.has(asset.id))
      // A machine another writer linked meanwhile is left to it: the row is written unlinked.
      .map((prepared) =>
        prepared.link && linkedMeanwhile.has(prepared.asset.id)
          ? { row: prepared.row, asset: prepared.link.unlinked, disposal: prepared.disposal }
          : prepared,
      );
  }
  return written;
}

/**
 * Links rows to the machines that reported their serial numbers (issue 27), one batch read of the
 * serials' lookups per LOOKUP_ROWS rows, a few at a time; a machine goes to its first row only.
 */
async function withMachines(organizationId: string, rows: PreparedRow[], now: Date): Promise<PreparedRow[]> {
  const serials = [...new Set(rows.flatMap(({ asset }) => serialToMatch(asset) ?? []))];
  const chunks = Array.from({ length: Math.ceil(serials.length / LOOKUP_ROWS) }, (_, index) =>
    serials.slice(index * LOOKUP_ROWS, (index + 1) * LOOKUP_ROWS),
  );
  const machines = new Map<string, MatchedMachine>();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(IMPORT_CONCURRENCY, chunks.length) }, async () => {
      while (next < chunks.length) {
        const found = await machinesForSerials(organizationId, chunks[next++]!);
        for (const [serial, machine] of found) machines.set(serial, machine);
      }
    }),
  );
  if (machines.size === 0) return rows;
  const taken = new Set<string>();
  return rows.map((prepared) => {
    const serial = serialToMatch(prepared.asset);
    const machine = serial ? machines.get(serial) : undefined;
    if (!machine || taken.has(machine.facts.machine_id)) return prepared;
    taken.add(machine.facts.machine_id);
    const linked = linkedInWrite(organizationId, prepared.asset, machine, null, now);
    return {
      ...prepared,
      asset: linked.asset,
      link: {
        extra: linked.extra,
        unlinked: prepared.asset,
        machine: `${machine.facts.hostname} (${machine.facts.machine_id})`,
      },
    };
  });
}

export interface ImportOutcome {
  success: number;
  errors: ImportRowError[];
}

/**
 * Imports validated rows in transactions of many rows, a few at a time; `assetId` names each row's
 * asset. Serial numbers and asset tags already taken become row errors.
 */
export async function importHardwareAssets(
  organizationId: string,
  rows: ImportRow[],
  assetId: (row: number) => string,
  actor: Actor,
  now: Date,
): Promise<ImportOutcome> {
  const errors: ImportRowError[] = [];
  const timestamp = now.toISOString();
  const nextId = monotonicFactory();
  const syncContext = { organizationId, actor: actor.email, now, newId: () => nextId(now.getTime()) };
  const prepared = rows.map(({ row, asset: input }): PreparedRow => {
    const asset: HardwareAsset = {
      ...withDisposalDate(input, now),
      id: assetId(row),
      disposal_item_id: null,
      machine_id: null,
      created_at: timestamp,
      updated_at: timestamp,
      version: 1,
    };
    const disposal = syncedDisposalItem(asset, null, syncContext);
    asset.disposal_item_id = disposal?.id ?? null;
    return { row, asset, disposal };
  });
  // Serials and tags already taken are found by the claims' conditions as the batches are written.
  const batches = importBatches(await withMachines(organizationId, prepared, now));
  let success = 0;
  let nextBatch = 0;
  await Promise.all(
    Array.from({ length: Math.min(IMPORT_CONCURRENCY, batches.length) }, async (_, worker) => {
      while (nextBatch < batches.length) {
        const batch = batches[nextBatch++]!;
        // Read `success` only after the await: `success += await …` would add to a stale total.
        const written = await writeImportBatch(
          organizationId,
          batch,
          worker % COUNTER_SHARDS,
          actor,
          now,
          errors,
        );
        success += written;
      }
    }),
  );
  return { success, errors: errors.sort((a, b) => a.row - b.row) };
}
