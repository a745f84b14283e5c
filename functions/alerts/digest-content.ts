import * as z from 'zod';
import { storageDeviceSchema } from '../../shared/agent-data';
import { DIGEST_LIST_LIMIT, FULL_DISK_PERCENT, WARRANTY_ALERT_DAYS } from '../../shared/alerts';
import { agentMachines, seenHour, type AgentMachineItem } from '../lib/table/items/agents';
import { agentSections } from '../lib/table/items/agent-sections';
import { hardwareAssets } from '../lib/table/items/hardware';

/**
 * What an organisation's digest says, read in bounded pages: at most READ_LIMIT entries of each
 * list are looked at (a count beyond it says "at least"), and only the rows the email lists are
 * read in full where an index holds less than the item.
 */
const PAGE_SIZE = 500;
export const READ_LIMIT = 10_000;
const FIRST_HOUR = '0000';
const DAY_MS = 86_400_000;

/** A count and the first rows of a list; `complete` is false when the read stopped at READ_LIMIT. */
export interface DigestList<R> {
  count: number;
  rows: R[];
  complete: boolean;
}

export interface OfflineMachine {
  hostname: string;
  last_seen: string;
  logged_in_user: string | null;
}

export interface ExpiringWarranty {
  name: string;
  serial_number: string | null;
  warranty_expiry: string;
  assigned_to: string | null;
}

export interface FullDisk {
  hostname: string;
  device: string;
  percent: number;
  used_gb: number | null;
  total_gb: number | null;
}

/** Every page of a listing up to READ_LIMIT items, and whether it was read to its end. */
async function readBounded<T>(
  readPage: (read: {
    limit: number;
    cursor: string | null;
  }) => Promise<{ items: T[]; cursor: string | null }>,
): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: T[]; cursor: string | null } = await readPage({
      limit: Math.min(PAGE_SIZE, READ_LIMIT - items.length),
      cursor,
    });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor && items.length < READ_LIMIT);
  return { items, complete: cursor === null };
}

/**
 * Machines last seen before `cutoff`: the fleet's last-seen index (gsi3, by hour) up to the cutoff's
 * hour is the key range; entries of earlier hours are offline whatever their minute, those of the
 * cutoff's own hour are read to compare their exact last_seen. Most recently seen first.
 */
export async function offlineMachines(
  organizationId: string,
  cutoff: Date,
): Promise<DigestList<OfflineMachine>> {
  const cutoffTime = cutoff.toISOString();
  const cutoffHour = seenHour(cutoffTime);
  const { items: entries, complete } = await readBounded((read) =>
    agentMachines.pageByLastSeen(organizationId, [FIRST_HOUR, cutoffHour], read),
  );
  const inCutoffHour = entries.filter((entry) => entry.gsi3sk === cutoffHour);
  const earlier = entries.filter((entry) => entry.gsi3sk !== cutoffHour);
  const machines = await agentMachines.getMany(
    organizationId,
    [...inCutoffHour, ...earlier.slice(0, DIGEST_LIST_LIMIT)].map((entry) => entry.machine_id),
  );
  const offline = machines
    .filter((machine) => machine.last_seen < cutoffTime)
    .sort((a, b) => b.last_seen.localeCompare(a.last_seen));
  const offlineInCutoffHour = offline.filter((machine) => seenHour(machine.last_seen) === cutoffHour).length;
  return {
    count: offlineInCutoffHour + earlier.length,
    rows: offline.slice(0, DIGEST_LIST_LIMIT).map((machine) => ({
      hostname: machine.hostname,
      last_seen: machine.last_seen,
      logged_in_user: machine.logged_in_user ?? null,
    })),
    complete,
  };
}

/** Hardware whose warranty ends from today to WARRANTY_ALERT_DAYS days on (the warranty index, gsi2), soonest first; disposed assets left out. */
export async function expiringWarranties(
  organizationId: string,
  now: Date,
): Promise<DigestList<ExpiringWarranty>> {
  const today = now.toISOString().slice(0, 10);
  const last = new Date(now.getTime() + WARRANTY_ALERT_DAYS * DAY_MS).toISOString().slice(0, 10);
  const { items, complete } = await readBounded((read) =>
    hardwareAssets.pageWarrantyBetween(organizationId, today, `${last}\uffff`, read),
  );
  const live = items.filter((asset) => asset.status !== 'Disposed');
  return {
    count: live.length,
    rows: live.slice(0, DIGEST_LIST_LIMIT).map((asset) => ({
      name:
        [asset.manufacturer, asset.model].filter(Boolean).join(' ') || asset.asset_tag || asset.asset_type,
      serial_number: asset.serial_number ?? null,
      warranty_expiry: asset.warranty_expiry,
      assigned_to: asset.assigned_to ?? null,
    })),
    complete,
  };
}

const storageEntrySchema = z.object(storageDeviceSchema.shape);
type StorageEntry = z.output<typeof storageEntrySchema>;

/** How full a disk is: as the agent reported it, or worked out from its sizes. */
function percentFull(disk: StorageEntry): number | null {
  if (disk.percent !== null) return disk.percent;
  return disk.used_gb !== null && disk.total_gb ? (disk.used_gb / disk.total_gb) * 100 : null;
}

/**
 * Disks above FULL_DISK_PERCENT full, fullest first: the machines' items, and for a machine whose
 * storage is large, its storage section's parts (items/agents.ts), read by key in batches.
 */
export async function fullDisks(organizationId: string): Promise<DigestList<FullDisk>> {
  const { items: machines, complete } = await readBounded((read) => agentMachines.page(organizationId, read));
  const partIds = machines.flatMap((machine) =>
    Array.from({ length: machine.sections.storage_info?.parts ?? 0 }, (_, part) => ({
      organization_id: organizationId,
      machine_id: machine.machine_id,
      section: 'storage_info' as const,
      part,
    })),
  );
  const parts = await agentSections.getMany(partIds, 'storage sections');
  const partsOf = new Map<string, unknown[]>();
  for (const part of parts.sort((a, b) => a.part - b.part)) {
    partsOf.set(part.machine_id, [...(partsOf.get(part.machine_id) ?? []), ...part.entries]);
  }
  const storageOf = (machine: AgentMachineItem): StorageEntry[] => {
    if (!machine.sections.storage_info) return machine.storage_info ?? [];
    // An entry that is not a disk (a part of an older shape) says nothing about fullness.
    return (partsOf.get(machine.machine_id) ?? []).flatMap((entry) => {
      const parsed = storageEntrySchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  };
  const full = machines
    .flatMap((machine) =>
      storageOf(machine).map((disk) => ({ hostname: machine.hostname, disk, percent: percentFull(disk) })),
    )
    .filter(
      (found): found is { hostname: string; disk: StorageEntry; percent: number } =>
        found.percent !== null && found.percent > FULL_DISK_PERCENT,
    )
    .sort((a, b) => b.percent - a.percent);
  return {
    count: full.length,
    rows: full.slice(0, DIGEST_LIST_LIMIT).map(({ hostname, disk, percent }) => ({
      hostname,
      device: disk.mountpoint ? `${disk.device} (${disk.mountpoint})` : disk.device,
      percent: Math.round(percent * 10) / 10,
      used_gb: disk.used_gb,
      total_gb: disk.total_gb,
    })),
    complete,
  };
}
