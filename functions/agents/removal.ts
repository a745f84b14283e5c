import { auditEntry } from '../lib/audit-trail';
import type { Caller } from '../lib/caller';
import { NotFound } from '../lib/errors';
import { counterUpdate, type CounterDeltas } from '../lib/table/counters';
import { AGENTS_COUNTER, seenHourCountChange } from '../inventory/counts';
import { batchRead } from '../lib/table/batch-read';
import { agentMachines, seenHour } from '../lib/table/items/agents';
import { agentSections } from '../lib/table/items/agent-sections';
import { machineBulkRemoval } from '../lib/table/items/machine-removal';
import { devices, deviceTokenLookups, enrolledMachines } from '../lib/table/items/devices';
import { machineLinks, machineSerials, type MachineLinkItem } from '../lib/table/items/inventory';
import { write, type Built, type TableWrite } from '../lib/table/transaction';
import { readHardwareAsset } from '../inventory/assets';
import { readMachineLink, releaseDuplicateWrites } from '../inventory/duplicates';
import { unlinkWrites } from '../inventory/machine-links';
import { moveSoftwareIndex } from '../inventory/software-index';
import { programSet, type ProgramSet } from '../inventory/machine-changes';
import { getAgentMachine } from './service';

/**
 * Deleting a monitored machine (issue 24): its machine item, its sections, its device and the
 * device's token lookup, its link to the inventory (issue 27) go in one transaction with the
 * enrolled count and the audit entry, so the
 * token stops working the moment the machine is gone and the plan's machine limit has room again.
 */

const MACHINE_NOT_FOUND = 'Machine not found';

/** A transaction holds at most 100 items; sections past what fits go right after it. */
const SECTION_KEYS_IN_TRANSACTION = 85;

const DELETE_ATTEMPTS = 5;

/**
 * What a machine's deletion does to the inventory (issue 27): its asset is unlinked (and audited),
 * its link item goes, and so does its serial number's lookup when the lookup still names it.
 */
async function inventoryRelease(
  caller: Caller,
  machineId: string,
  serial: string | null,
  link: MachineLinkItem | null,
  now: Date,
): Promise<{ writes: TableWrite[]; counters: CounterDeltas }> {
  const organizationId = caller.organization.id;
  const [asset, lookup] = await Promise.all([
    link?.hardware_asset_id ? readHardwareAsset(organizationId, link.hardware_asset_id) : null,
    serial ? machineSerials.get(organizationId, serial, { consistent: true }) : null,
  ]);
  const writes: TableWrite[] = [];
  let counters: CounterDeltas = new Map();
  if (asset && asset.machine_id === machineId) {
    const unlinked = unlinkWrites({
      organizationId,
      machineId,
      asset,
      link,
      actor: { email: caller.profile.email },
      now,
      machineRemoved: true,
    });
    writes.push(...unlinked.writes);
    counters = unlinked.counters;
  }
  if (link) writes.push(machineLinks.removeIfAsRead(organizationId, link));
  // A deleted possible duplicate leaves the list of the machine it was marked against.
  if (link?.duplicate_of) {
    const linkedId = link.duplicate_of.machine_id;
    const linked = { machineId: linkedId, link: await readMachineLink(organizationId, linkedId) };
    writes.push(...releaseDuplicateWrites(organizationId, linked, machineId));
  }
  if (serial && lookup?.machine_id === machineId) {
    writes.push(machineSerials.removeIfMachine(organizationId, serial, machineId));
  }
  return { writes, counters };
}

/**
 * A deleted machine's change events go, and it leaves the software inventory (its programs' counts
 * move down, program by program, as its reports moved them up): `programs` as read before it went.
 */
async function forgetTimelineAndSoftware(
  organizationId: string,
  machineId: string,
  programs: ProgramSet,
  now: Date,
): Promise<void> {
  await machineBulkRemoval.changeSets(organizationId, machineId);
  // All of them: a deletion has no next report to finish the rest.
  await moveSoftwareIndex(organizationId, machineId, programs, new Map(), now, Infinity);
}

/** The machine's programs as its latest report had them (none for a device that never reported). */
async function programsOf(organizationId: string, machineId: string): Promise<ProgramSet> {
  const machine = await getAgentMachine(organizationId, machineId).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  return programSet(machine?.installed_software ?? []);
}

export async function deleteAgentMachine(caller: Caller, machineId: string, now: Date): Promise<void> {
  const organizationId = caller.organization.id;
  const programs = await programsOf(organizationId, machineId);
  for (let attempt = 0; attempt < DELETE_ATTEMPTS; attempt++) {
    const batch = batchRead({ consistent: true, what: 'the machine' });
    const readMachine = batch.add(agentMachines.read(organizationId, machineId));
    const readDevice = batch.add(devices.read(organizationId, machineId));
    const readLink = batch.add(machineLinks.read(organizationId, machineId));
    const [, sections] = await Promise.all([
      batch.run(),
      agentSections.listOfMachine(organizationId, machineId, { consistent: true }),
    ]);
    const machine = readMachine();
    const device = readDevice();
    if (!machine && !device) throw new NotFound(MACHINE_NOT_FOUND);
    const hostname = machine?.hostname ?? device?.hostname ?? machineId;
    const link = readLink();
    const inventory = await inventoryRelease(caller, machineId, machine?.service_tag ?? null, link, now);

    const outcome = await write<'machine' | 'device' | 'other'>(() => {
      const built: Built<'machine' | 'device' | 'other'> = { parts: [], items: [] };
      const add = (part: 'machine' | 'device' | 'other', item: TableWrite) => {
        built.parts.push(part);
        built.items.push(item);
      };
      if (machine) {
        // A report recorded meanwhile may have added sections: read them again.
        add('machine', agentMachines.removeIfLastSeen(organizationId, machineId, machine.last_seen));
        const counters = new Map([...inventory.counters, [AGENTS_COUNTER, -1]]);
        for (const item of counterUpdate(organizationId, counters)) add('other', item);
        add('other', seenHourCountChange(organizationId, seenHour(machine.last_seen), -1));
      }
      if (device) {
        add('device', devices.removeIfToken(organizationId, machineId, device.token_hash));
        add('other', deviceTokenLookups.remove(device.token_hash));
        add('other', enrolledMachines.addEnrolled(organizationId, -1));
      }
      for (const item of inventory.writes) add('other', item);
      for (const part of sections.slice(0, SECTION_KEYS_IN_TRANSACTION)) {
        add('other', agentSections.remove(part));
      }
      add(
        'other',
        auditEntry({
          organizationId,
          actor: { email: caller.profile.email },
          now,
          entityType: 'agent_machine',
          action: 'deleted',
          entityId: machineId,
          entityLabel: `${hostname} (${machineId})`,
          changes: {
            hostname: { old: hostname, new: null },
            ...(device ? { device_id: { old: device.device_id, new: null } } : {}),
          },
        }),
      );
      return built;
    });
    if (outcome.ok) {
      await machineBulkRemoval.sectionParts(sections.slice(SECTION_KEYS_IN_TRANSACTION));
      await forgetTimelineAndSoftware(organizationId, machineId, programs, now);
      return;
    }
    // A report or an enrolment changed the machine meanwhile: read it again.
  }
  throw new Error(`Machine ${machineId} kept changing while it was being deleted`);
}
