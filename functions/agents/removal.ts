import { auditEntry } from '../lib/audit-trail';
import type { Caller } from '../lib/caller';
import { NotFound } from '../lib/errors';
import { getEachItem, getItem, listAll, remove, update, type TableWrite } from '../lib/table/commands';
import { absent, equals } from '../lib/table/conditions';
import { counterUpdate, type CounterDeltas } from '../lib/table/counters';
import { AGENTS_COUNTER, seenHourCountChange } from '../inventory/counts';
import {
  agentMachineItemSchema,
  agentMachines,
  agentSectionPartSchema,
  agentSections,
  seenHour,
} from '../lib/table/items/agents';
import {
  deviceItemSchema,
  devices,
  deviceTokenLookups,
  enrolledMachines,
  ENROLLED_ATTRIBUTE,
} from '../lib/table/items/devices';
import {
  machineChangeSetItemSchema,
  machineChangeSets,
  machineLinkItemSchema,
  machineLinks,
  machineSerialItemSchema,
  machineSerials,
  type MachineLinkItem,
} from '../lib/table/items/inventory';
import { fromStored, type TableKey } from '../lib/table/items/stored';
import { deleteKeys } from '../lib/table/partitions';
import { write, type Built } from '../lib/table/transaction';
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

const sectionPartSchema = agentSectionPartSchema.pick({ machine_id: true, section: true, part: true });

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
    serial
      ? getItem(machineSerialItemSchema, machineSerials.key(organizationId, serial), { consistent: true })
      : null,
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
  if (link) {
    const asRead = link.hardware_asset_id
      ? equals('hardware_asset_id', link.hardware_asset_id)
      : absent('hardware_asset_id');
    writes.push(remove(machineLinks.key(organizationId, machineId), asRead));
  }
  // A deleted possible duplicate leaves the list of the machine it was marked against.
  if (link?.duplicate_of) {
    const linkedId = link.duplicate_of.machine_id;
    const linked = { machineId: linkedId, link: await readMachineLink(organizationId, linkedId) };
    writes.push(...releaseDuplicateWrites(organizationId, linked, machineId));
  }
  if (serial && lookup?.machine_id === machineId) {
    writes.push(remove(machineSerials.key(organizationId, serial), equals('machine_id', machineId)));
  }
  return { writes, counters };
}

const changeSetKeySchema = machineChangeSetItemSchema.pick({ machine_id: true, at: true, part: true });

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
  const changeSets = await listAll(
    changeSetKeySchema,
    machineChangeSets.ofMachine(organizationId, machineId),
    {
      consistent: true,
      attributes: ['machine_id', 'at', 'part'],
    },
  );
  await deleteKeys(
    changeSets
      .filter((set) => set.machine_id === machineId)
      .map((set) => machineChangeSets.key(organizationId, machineId, set.at, set.part)),
  );
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
    const [[storedMachine, storedDevice, storedLink], parts] = await Promise.all([
      getEachItem(
        [
          agentMachines.key(organizationId, machineId),
          devices.key(organizationId, machineId),
          machineLinks.key(organizationId, machineId),
        ],
        { consistent: true, what: 'the machine' },
      ),
      listAll(sectionPartSchema, agentSections.ofMachine(organizationId, machineId), {
        consistent: true,
        attributes: ['machine_id', 'section', 'part'],
      }),
    ]);
    const machine = storedMachine ? fromStored(agentMachineItemSchema, storedMachine) : null;
    const device = storedDevice ? fromStored(deviceItemSchema, storedDevice) : null;
    if (!machine && !device) throw new NotFound(MACHINE_NOT_FOUND);
    const sectionKeys: TableKey[] = parts
      // The prefix of machine "a" also matches machine "a#b"'s sections.
      .filter((part) => part.machine_id === machineId)
      .map((part) => agentSections.key({ organization_id: organizationId, ...part }));
    const hostname = machine?.hostname ?? device?.hostname ?? machineId;
    const link = storedLink ? fromStored(machineLinkItemSchema, storedLink) : null;
    const inventory = await inventoryRelease(caller, machineId, machine?.service_tag ?? null, link, now);

    const outcome = await write<'machine' | 'device' | 'other'>(() => {
      const built: Built<'machine' | 'device' | 'other'> = { parts: [], items: [] };
      const add = (part: 'machine' | 'device' | 'other', item: TableWrite) => {
        built.parts.push(part);
        built.items.push(item);
      };
      if (machine) {
        // A report recorded meanwhile may have added sections: read them again.
        add(
          'machine',
          remove(agentMachines.key(organizationId, machineId), equals('last_seen', machine.last_seen)),
        );
        const counters = new Map([...inventory.counters, [AGENTS_COUNTER, -1]]);
        for (const item of counterUpdate(organizationId, counters)) add('other', item);
        add('other', seenHourCountChange(organizationId, seenHour(machine.last_seen), -1));
      }
      if (device) {
        add(
          'device',
          remove(devices.key(organizationId, machineId), equals('token_hash', device.token_hash)),
        );
        add('other', remove(deviceTokenLookups.key(device.token_hash)));
        add('other', update(enrolledMachines.key(organizationId), { add: { [ENROLLED_ATTRIBUTE]: -1 } }));
      }
      for (const item of inventory.writes) add('other', item);
      for (const key of sectionKeys.slice(0, SECTION_KEYS_IN_TRANSACTION)) add('other', remove(key));
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
      await deleteKeys(sectionKeys.slice(SECTION_KEYS_IN_TRANSACTION));
      await forgetTimelineAndSoftware(organizationId, machineId, programs, now);
      return;
    }
    // A report or an enrolment changed the machine meanwhile: read it again.
  }
  throw new Error(`Machine ${machineId} kept changing while it was being deleted`);
}
