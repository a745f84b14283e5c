import * as z from 'zod';
import { ACTIVE_AGENT_WINDOW_MINUTES } from '../../shared/agent-data';
import {
  HARDWARE_ASSET_TYPES,
  HARDWARE_STATUSES,
  type HardwareAsset,
  type HardwareAssetType,
  type HardwareStatus,
} from '../../shared/hardware';
import { readCounters } from '../lib/table/counters';
import {
  AGENTS_COUNTER,
  LINKED_MACHINES_COUNTER,
  readSeenHourCounts,
  statusCounter,
  typeCounter,
} from '../inventory/counts';
import { seenHour } from '../lib/table/items/agents';
import { hardwareAssets } from '../lib/table/items/hardware';
import { toAsset } from '../inventory/assets';
import { locationsOf } from './list-locations';

/** What the dashboard and the hardware list's total read: maintained counters, never scans. */

export interface HardwareCounts {
  byStatus: Record<HardwareStatus, number>;
  byType: Record<HardwareAssetType, number>;
  /** By location as folded (shared/list.ts, foldedText): its spellings added up. */
  byLocation: Map<string, number>;
}

const countsSchema = z.object({
  byStatus: z.record(z.enum(HARDWARE_STATUSES), z.number()),
  byType: z.record(z.enum(HARDWARE_ASSET_TYPES), z.number()),
});

export async function getHardwareCounts(organizationId: string): Promise<HardwareCounts> {
  const counters = await readCounters(organizationId);
  const byLocation = new Map<string, number>();
  for (const { folded, count } of locationsOf(counters)) byLocation.set(folded, count);
  return {
    ...countsSchema.parse({
      byStatus: Object.fromEntries(
        HARDWARE_STATUSES.map((status) => [status, counters[statusCounter(status)] ?? 0]),
      ),
      byType: Object.fromEntries(
        HARDWARE_ASSET_TYPES.map((type) => [type, counters[typeCounter(type)] ?? 0]),
      ),
    }),
    byLocation,
  };
}

/** Assets whose warranty ends between two dates (inclusive), soonest first. */
export async function listExpiringWarranties(
  organizationId: string,
  from: string,
  to: string,
  limit: number,
): Promise<{ items: HardwareAsset[]; more: boolean }> {
  const { items } = await hardwareAssets.pageWarrantyBetween(organizationId, from, `${to}\uffff`, {
    limit: limit + 1,
    cursor: null,
  });
  return { items: items.slice(0, limit).map(toAsset), more: items.length > limit };
}

/**
 * Machines (a counter), those linked to an asset (a counter, issue 27), and those active: last seen since the start of the clock hour the active
 * window began in, from the hourly counts a report moves (lib/table/counters.ts) without a machine
 * being read. Counts keep the hour, not the time, so a machine seen up to an hour before the
 * window's start counts too (README, Monitoring agents).
 */
export async function countAgents(
  organizationId: string,
  now: Date,
): Promise<{ agents: number; active: number; linked: number }> {
  const since = new Date(now.getTime() - ACTIVE_AGENT_WINDOW_MINUTES * 60_000).toISOString();
  const hours = [...new Set([seenHour(since), seenHour(now.toISOString())])];
  const [counters, active] = await Promise.all([
    readCounters(organizationId),
    readSeenHourCounts(organizationId, hours),
  ]);
  return {
    agents: counters[AGENTS_COUNTER] ?? 0,
    active,
    linked: Math.max(0, counters[LINKED_MACHINES_COUNTER] ?? 0),
  };
}
