import * as z from 'zod';
import { machineIdentitySchema } from '../../shared/agent-data';
import { HARDWARE_MESSAGES, isDisposalStatus, type HardwareAsset } from '../../shared/hardware';
import type { AgentLiveFacts, HardwareAssetDetail } from '../../shared/inventory';
import { NotFound } from '../lib/errors';
import { cleanSerialNumber } from '../../shared/serial-number';
import type { Actor } from '../lib/audit-trail';
import { machineLinks, machineSerials, type MachineLinkItem } from '../lib/table/items/inventory';
import { machineRecords } from '../lib/table/items/inventory-machines';
import {
  factDifferences,
  linkableBySerial,
  linkInAssetWrite,
  liveFacts,
  releaseLinkWrites,
} from './machine-links';
import { machineFacts, readAgentMachine } from './machines';
import { isPossibleDuplicate } from './duplicates-read';
import type { ExtraWrites } from './writes';
import { readHardwareAsset } from './assets';

/**
 * One record per device from the inventory's side (issue 27): an asset created, imported or given a
 * serial number after its machine reported that serial is linked to the machine in the asset's own
 * transaction; an asset deleted gives its machine up in the deletion's.
 */

/** A machine an asset may be linked to: it reported the asset's serial and is in no asset. */
export interface MatchedMachine {
  facts: AgentLiveFacts;
  link: MachineLinkItem | null;
}

/** What an asset's transaction adds for its machine: the link items, audit entries, counters. */
export type LinkExtra = ExtraWrites;

export const NO_LINK_EXTRA: LinkExtra = { parts: [], items: [], counters: new Map() };

/** A serial worth matching: cleaned, and on an asset in use (a disposed record is not the machine). */
export function serialToMatch(asset: HardwareAsset): string | null {
  return isDisposalStatus(asset.status) ? null : cleanSerialNumber(asset.serial_number);
}

/** Whether a change of an asset may link it: not linked yet, and its serial number is new. */
export function mayLinkOnChange(before: HardwareAsset | null, after: HardwareAsset): boolean {
  if (after.machine_id) return false;
  const serial = serialToMatch(after);
  return serial !== null && (before === null || serial !== cleanSerialNumber(before.serial_number));
}

/** The machine that last reported the asset's serial, when it may be linked to it. */
export async function machineForAsset(
  organizationId: string,
  asset: HardwareAsset,
): Promise<MatchedMachine | null> {
  const serial = serialToMatch(asset);
  if (!serial) return null;
  const lookup = await machineSerials.get(organizationId, serial, { consistent: true });
  if (!lookup) return null;
  const machine = await readAgentMachine(organizationId, lookup.machine_id);
  if (!machine || !linkableBySerial(machine.link)) return null;
  return { facts: machineFacts(machine), link: machine.link };
}

/**
 * For the CSV import: the machines of many serials (cleaned) in one batch read of the lookups,
 * and, only when some match, one more of those machines, their link items and identities.
 */
export async function machinesForSerials(
  organizationId: string,
  serials: string[],
): Promise<Map<string, MatchedMachine>> {
  const matched = new Map<string, MatchedMachine>();
  if (serials.length === 0) return matched;
  const lookups = await machineSerials.getMany(organizationId, serials);
  if (lookups.length === 0) return matched;
  const machineIds = [...new Set(lookups.map((lookup) => lookup.machine_id))];
  const records = await machineRecords.getWithIdentities(organizationId, machineIds);
  const byMachine = new Map<string, MatchedMachine>();
  records.forEach(({ machineId, machine, link, identity: identityPart }) => {
    if (!machine) return;
    if (!linkableBySerial(link)) return;
    const identity =
      identityPart && (machine.sections.identity?.parts ?? 0) > 0
        ? (z.array(machineIdentitySchema).parse(identityPart.entries)[0] ?? null)
        : null;
    byMachine.set(machineId, { facts: liveFacts(machine, identity), link });
  });
  for (const lookup of lookups) {
    const machine = byMachine.get(lookup.machine_id);
    if (machine) matched.set(lookup.serial_number, machine);
  }
  return matched;
}

/** An asset linked to its machine in its own write: the asset to write and what the write adds. */
export function linkedInWrite(
  organizationId: string,
  asset: HardwareAsset,
  machine: MatchedMachine,
  audit: { actor: Actor; now: Date } | null,
  now: Date,
): { asset: HardwareAsset; extra: LinkExtra } {
  const linked = linkInAssetWrite({
    organizationId,
    asset,
    facts: machine.facts,
    link: machine.link,
    audit,
    now,
  });
  return {
    asset: linked.asset,
    extra: {
      parts: linked.writes.map((_, index) =>
        index === 0 ? { kind: 'link', id: asset.id } : { kind: 'other' },
      ),
      items: linked.writes,
      counters: linked.counters,
    },
  };
}

/** What deleting a linked asset adds: its machine's link item gives it up. */
export async function releasedOnDelete(organizationId: string, asset: HardwareAsset): Promise<LinkExtra> {
  if (!asset.machine_id) return NO_LINK_EXTRA;
  const link = await machineLinks.get(organizationId, asset.machine_id, { consistent: true });
  const released = releaseLinkWrites({
    organizationId,
    machineId: asset.machine_id,
    assetId: asset.id,
    link,
  });
  return {
    parts: released.writes.map(() => ({ kind: 'link', id: asset.id })),
    items: released.writes,
    counters: released.counters,
  };
}

/** GET /api/hardware/{id}: the asset and, when it is monitored, its agent's facts and differences. */
export async function getHardwareAssetDetail(
  organizationId: string,
  id: string,
): Promise<HardwareAssetDetail> {
  const asset = await readHardwareAsset(organizationId, id);
  if (!asset) throw new NotFound(HARDWARE_MESSAGES.notFound);
  const machine = asset.machine_id ? await readAgentMachine(organizationId, asset.machine_id) : null;
  const agent = machine ? machineFacts(machine) : null;
  return {
    ...asset,
    agent,
    differences: agent ? factDifferences(asset, agent) : [],
    // Said only when so: the asset's answer keeps its shape otherwise.
    ...(isPossibleDuplicate(machine?.link ?? null) && { possible_duplicate: true }),
  };
}
