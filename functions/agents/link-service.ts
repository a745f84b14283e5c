import { INVENTORY_MESSAGES, type AgentLinkResponse } from '../../shared/inventory';
import type { Caller } from '../lib/caller';
import { Conflict, NotFound } from '../lib/errors';
import { withRoomForAssets } from '../lib/plan-limits';
import { counterUpdate } from '../lib/table/counters';
import { machineLinks, type MachineLinkItem } from '../lib/table/items/inventory';
import { DUPLICATE_MESSAGES } from '../../shared/machine-duplicates';
import { write } from '../lib/table/transaction';
import { readHardwareAsset, readSerialClaim } from '../inventory/assets';
import { addToInventoryWrites, linkWrites, unlinkWrites, type LinkWrites } from '../inventory/machine-links';
import { machineFacts, readAgentMachine, type StoredAgentMachine } from '../inventory/machines';

/**
 * A person's links between a monitored machine and the inventory (issue 27): link it to an asset,
 * unlink it, or make it an asset. Each is one transaction with the asset, the machine's link item,
 * the audit entry and the linked-machines counter; a change made meanwhile is read again.
 */

export const ATTEMPTS = 3;
export const CHANGED_MEANWHILE = 'The machine or the hardware asset changed meanwhile; try again';

/** The message of an agent's serial number another asset already has. */
export function serialTakenMessage(serial: string): string {
  return `The hardware asset with serial number ${serial} is already in the inventory: use “${INVENTORY_MESSAGES.linkToAsset}” to link this machine to it`;
}

export async function machineOf(organizationId: string, machineId: string): Promise<StoredAgentMachine> {
  const machine = await readAgentMachine(organizationId, machineId);
  if (!machine) throw new NotFound(INVENTORY_MESSAGES.notFound);
  return machine;
}

/** Writes one link change with its counters; false when a guarded item changed meanwhile. */
export async function writeLink(
  organizationId: string,
  { writes, counters }: Omit<LinkWrites, 'asset'>,
): Promise<boolean> {
  const outcome = await write(() => {
    const items = [...writes, ...counterUpdate(organizationId, counters)];
    return { items, parts: items.map(() => 'item') };
  });
  return outcome.ok;
}

export const answer = (machineId: string, assetId: string | null): AgentLinkResponse => ({
  machine_id: machineId,
  hardware_asset_id: assetId,
});

export async function linkMachine(
  caller: Caller,
  machineId: string,
  assetId: string,
  now: Date,
): Promise<AgentLinkResponse> {
  const organizationId = caller.organization.id;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const [machine, asset] = await Promise.all([
      machineOf(organizationId, machineId),
      readHardwareAsset(organizationId, assetId),
    ]);
    if (!asset) throw new NotFound(INVENTORY_MESSAGES.assetNotFound);
    const { link } = machine;
    if (link?.hardware_asset_id === assetId && asset.machine_id === machineId) {
      return answer(machineId, assetId);
    }
    if (link?.hardware_asset_id)
      throw new Conflict(INVENTORY_MESSAGES.machineAlreadyLinked, 'already_linked');
    assertNotDuplicate(link);
    if (asset.machine_id) throw new Conflict(INVENTORY_MESSAGES.alreadyLinked, 'already_linked');
    const writes = linkWrites({
      organizationId,
      machineId,
      hostname: machine.item.hostname,
      asset,
      facts: machineFacts(machine),
      how: 'person',
      actor: caller.profile,
      now,
      link,
      previousMachine: null,
    });
    if (await writeLink(organizationId, writes)) return answer(machineId, assetId);
  }
  throw new Conflict(CHANGED_MEANWHILE, 'stale_version');
}

/** Unlinks a machine; it is not linked by serial again until a person links it. */
export async function unlinkMachine(
  caller: Caller,
  machineId: string,
  now: Date,
): Promise<AgentLinkResponse> {
  const organizationId = caller.organization.id;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const machine = await machineOf(organizationId, machineId);
    const { link } = machine;
    const asset = link?.hardware_asset_id
      ? await readHardwareAsset(organizationId, link.hardware_asset_id)
      : null;
    if (!asset || asset.machine_id !== machineId) {
      // Not in the inventory: only keep it from being linked by serial later.
      if (link?.auto_link === false) return answer(machineId, null);
      const outcome = await write(() => ({
        items: [
          machineLinks.putIfStillUnlinked(
            organizationId,
            {
              machine_id: machineId,
              auto_link: false,
              ...(link?.replaced_by !== undefined && { replaced_by: link.replaced_by }),
              // The mark waits for an admin's decision, whoever unlinks meanwhile.
              ...(link?.duplicate_of && { duplicate_of: link.duplicate_of }),
            },
            // As read: a report linking it meanwhile is not undone unseen.
            link,
          ),
        ],
        parts: ['link'],
      }));
      if (outcome.ok) return answer(machineId, null);
      continue;
    }
    const writes = unlinkWrites({ organizationId, machineId, asset, link, actor: caller.profile, now });
    if (await writeLink(organizationId, writes)) return answer(machineId, null);
  }
  throw new Conflict(CHANGED_MEANWHILE, 'stale_version');
}

/** Whether another asset already holds the organisation's claim on this serial number. */
export async function serialClaimed(organizationId: string, serial: string): Promise<boolean> {
  return (await readSerialClaim(organizationId, serial)) !== null;
}

/** A possible duplicate waits for an admin (POST /api/agents/{machine_id}/duplicate). */
function assertNotDuplicate(link: MachineLinkItem | null): void {
  if (link?.duplicate_of) throw new Conflict(DUPLICATE_MESSAGES.blockedLink, 'possible_duplicate');
}

/** Makes a machine a hardware asset, pre-filled from its agent, within the plan's asset limit. */
export async function addMachineToInventory(
  caller: Caller,
  machineId: string,
  now: Date,
): Promise<AgentLinkResponse> {
  const organizationId = caller.organization.id;
  return withRoomForAssets(organizationId, caller.subscription, 1, 'create', async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const machine = await machineOf(organizationId, machineId);
      if (machine.link?.hardware_asset_id) {
        throw new Conflict(INVENTORY_MESSAGES.machineAlreadyLinked, 'already_linked');
      }
      assertNotDuplicate(machine.link);
      const facts = machineFacts(machine);
      const serial = facts.serial_number;
      if (serial && (await serialClaimed(organizationId, serial))) {
        throw new Conflict(serialTakenMessage(serial), 'duplicate_serial_number');
      }
      const writes = addToInventoryWrites({
        organizationId,
        facts,
        how: 'person',
        actor: caller.profile,
        now,
        link: machine.link,
      });
      if (await writeLink(organizationId, writes)) return answer(machineId, writes.asset.id);
    }
    throw new Conflict(CHANGED_MEANWHILE, 'stale_version');
  });
}
