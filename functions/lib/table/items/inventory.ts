import * as z from 'zod';
import { createHash } from 'node:crypto';
import { machineChangeSchema } from '../../../../shared/inventory';
import { TTL_ATTRIBUTE } from '../definition';
import { itemRead } from '../batch-read';
import { getItem, listAll, listPage, put, remove } from '../commands';
import { absent, equals } from '../conditions';
import { deleteKeys } from '../partitions';
import { key, stored } from './stored';

/**
 * Agents and the inventory (issue 27). What links a monitored machine to its hardware asset, the
 * machine's change events, and the software inventory's two kinds of item.
 */

const agentsPartition = (organizationId: string) => key(`ORG#${organizationId}#AGENTS`);
/** The software inventory has a partition of its own: organisation deletion empties it too. */
const softwarePartition = (organizationId: string) => key(`ORG#${organizationId}#SOFTWARE`);

/**
 * A machine's link to its hardware asset. Its own item, not an attribute of the machine item, which
 * every report rewrites and which must stay under 1 KB (one write unit). The asset carries the
 * machine's id as `machine_id`; both sides are written in one transaction.
 */
export const machineLinkItemSchema = z.object({
  machine_id: z.string(),
  /** Absent while the machine is not in the inventory. */
  hardware_asset_id: z.string().optional(),
  linked_at: z.string().optional(),
  /** How the link was made: by serial number, by a person, by the organisation's automatic adding. */
  linked_by: z.enum(['serial', 'person', 'auto_add']).optional(),
  /** False once a person unlinked the machine: it is not linked again by serial until a person does. */
  auto_link: z.boolean(),
  /** A later install of the same computer (same serial, new machine_id) took this machine's asset. */
  replaced_by: z.string().optional(),
  /**
   * A possible duplicate (issue 35): this machine reported the serial number of an asset linked to
   * another machine seen lately, and waits for an admin's decision (functions/inventory/duplicates.ts).
   */
  duplicate_of: z
    .object({
      machine_id: z.string(),
      hardware_asset_id: z.string(),
      serial_number: z.string(),
      since: z.string(),
    })
    .optional(),
  /** On the linked machine: the newcomers reporting its asset's serial number, until an admin decides. */
  possible_duplicates: z.array(z.string()).optional(),
});
export type MachineLinkItem = z.infer<typeof machineLinkItemSchema>;

export const machineLinks = {
  key: (organizationId: string, machineId: string) => ({
    pk: agentsPartition(organizationId),
    sk: key(`LINK#${machineId}`),
  }),
  item: (organizationId: string, link: MachineLinkItem) =>
    stored(link, machineLinks.key(organizationId, link.machine_id)),
  // helper B
  get: (organizationId: string, machineId: string, { consistent = false } = {}) =>
    getItem(machineLinkItemSchema, machineLinks.key(organizationId, machineId), { consistent }),
  read: (organizationId: string, machineId: string) =>
    itemRead(machineLinkItemSchema, machineLinks.key(organizationId, machineId)),
  /** The link goes only while it names the asset it was read with (or none, as read). */
  removeIfAsRead: (organizationId: string, link: MachineLinkItem) =>
    remove(
      machineLinks.key(organizationId, link.machine_id),
      link.hardware_asset_id
        ? equals('hardware_asset_id', link.hardware_asset_id)
        : absent('hardware_asset_id'),
    ),
  /**
   * A link without an asset, written as read: over a link still without an asset when one was
   * read (`read`), else only where there is none yet.
   */
  putIfStillUnlinked: (organizationId: string, link: MachineLinkItem, read: MachineLinkItem | null) =>
    put(machineLinks.item(organizationId, link), read ? absent('hardware_asset_id') : absent('machine_id')),
};

/**
 * The machine that last reported a serial number (cleaned, shared/serial-number.ts): what a hardware
 * asset created or imported after its machine finds it by. A later install of the same computer takes
 * the serial over.
 */
export const machineSerialItemSchema = z.object({ serial_number: z.string(), machine_id: z.string() });
export type MachineSerialItem = z.infer<typeof machineSerialItemSchema>;

export const machineSerials = {
  key: (organizationId: string, serial: string) => ({
    pk: agentsPartition(organizationId),
    sk: key(`MSERIAL#${serial}`),
  }),
  item: (organizationId: string, serial: MachineSerialItem) =>
    stored(serial, machineSerials.key(organizationId, serial.serial_number)),
  // helper B
  get: (organizationId: string, serial: string, { consistent = false } = {}) =>
    getItem(machineSerialItemSchema, machineSerials.key(organizationId, serial), { consistent }),
  put: (organizationId: string, serial: MachineSerialItem) =>
    put(machineSerials.item(organizationId, serial)),
  /** The lookup goes only while it names this machine. */
  removeIfMachine: (organizationId: string, serial: string, machineId: string) =>
    remove(machineSerials.key(organizationId, serial), equals('machine_id', machineId)),
};

/**
 * The changes one report found, newest first by key: one item a report (split into parts past
 * 300 KB, never cut), removed by DynamoDB's TTL after the retention period.
 */
export const machineChangeSetItemSchema = z.object({
  machine_id: z.string(),
  at: z.string(),
  part: z.number(),
  changes: z.array(machineChangeSchema.omit({ at: true })),
  [TTL_ATTRIBUTE]: z.number(),
});
export type MachineChangeSetItem = z.infer<typeof machineChangeSetItemSchema>;

export const machineChangeSets = {
  key: (organizationId: string, machineId: string, at: string, part: number) => ({
    pk: agentsPartition(organizationId),
    // The part counts down so that, newest first, a report's parts read in their order.
    sk: key(`CHG#${machineId}#${at}#${String(999 - part).padStart(3, '0')}`),
  }),
  item: (organizationId: string, changeSet: MachineChangeSetItem) =>
    stored(
      changeSet,
      machineChangeSets.key(organizationId, changeSet.machine_id, changeSet.at, changeSet.part),
    ),
  ofMachine: (organizationId: string, machineId: string) => ({
    partition: agentsPartition(organizationId),
    sortPrefix: key(`CHG#${machineId}#`),
  }),
  // helper B
  put: (organizationId: string, changeSet: MachineChangeSetItem) =>
    put(machineChangeSets.item(organizationId, changeSet)),
  /**
   * One read of a machine's change sets, newest first, each with its sort key; with `through`, from
   * that sort key (inclusive) on: every key between the prefix and it starts with the prefix.
   */
  pageOfMachine: (organizationId: string, machineId: string, through: string | undefined, limit: number) => {
    const { partition, sortPrefix } = machineChangeSets.ofMachine(organizationId, machineId);
    return listPage(
      changeSetWithKeySchema,
      through ? { partition, sortBetween: [sortPrefix, through] } : { partition, sortPrefix },
      { newestFirst: true, limit, withKeys: true },
    );
  },
  /** Deletes every change set of the machine. */
  removeAllOfMachine: async (organizationId: string, machineId: string) => {
    const changeSets = await listAll(
      changeSetKeySchema,
      machineChangeSets.ofMachine(organizationId, machineId),
      { consistent: true, attributes: ['machine_id', 'at', 'part'] },
    );
    await deleteKeys(
      changeSets
        // The prefix of machine "a" also matches machine "a#b"'s change sets.
        .filter((set) => set.machine_id === machineId)
        .map((set) => machineChangeSets.key(organizationId, machineId, set.at, set.part)),
    );
  },
};

const changeSetWithKeySchema = machineChangeSetItemSchema.extend({ sk: z.string() });
const changeSetKeySchema = machineChangeSetItemSchema.pick({ machine_id: true, at: true, part: true });

/** 16 base64url characters of SHA-256: a program's name in keys, whatever its length or characters. */
export function programHash(programKey: string): string {
  return createHash('sha256').update(programKey).digest().subarray(0, 12).toString('base64url');
}

/** Where a program's item sorts: by its name, then its hash (names may share their first 200 characters). */
const programSortKey = (programKey: string) => `SWP#${programKey.slice(0, 200)}#${programHash(programKey)}`;

/** Version counters are attributes of their own (DynamoDB's ADD works on top-level attributes only). */
export const VERSION_ATTRIBUTE_PREFIX = 'v#';
export const versionAttribute = (version: string) => `${VERSION_ATTRIBUTE_PREFIX}${version}`;

/**
 * A program across the organisation: how many machines have it, and per version how many (the
 * `v#<version>` counters; a version no machine has any more counts 0). Moved in the same
 * transaction as the installation items below, so the counts are what those items say.
 */
export const softwareProgramItemSchema = z
  .object({
    /** The name as first reported. */
    name: z.string(),
    /** shared/inventory.ts programKey: what searches and matching read. */
    program_key: z.string(),
    machines: z.number(),
  })
  .catchall(z.unknown());
export type SoftwareProgramItem = z.infer<typeof softwareProgramItemSchema>;

/** A program item's versions with their counts, most machines first, none at 0. */
export function programVersions(item: SoftwareProgramItem): { version: string; machines: number }[] {
  return Object.entries(item)
    .filter(
      ([name, count]) => name.startsWith(VERSION_ATTRIBUTE_PREFIX) && typeof count === 'number' && count > 0,
    )
    .map(([name, count]) => ({
      version: name.slice(VERSION_ATTRIBUTE_PREFIX.length),
      machines: count as number,
    }))
    .sort((a, b) => b.machines - a.machines || a.version.localeCompare(b.version));
}

export const softwarePrograms = {
  key: (organizationId: string, programKey: string) => ({
    pk: softwarePartition(organizationId),
    sk: key(programSortKey(programKey)),
  }),
  /** Every program, by name. */
  ofOrganization: (organizationId: string) => ({
    partition: softwarePartition(organizationId),
    sortPrefix: key('SWP#'),
  }),
};

/**
 * One program on one machine: its version(s) there and since when. "Which machines have program X"
 * is one query of the program's installations, however many programs and machines there are.
 */
export const softwareInstallationItemSchema = z.object({
  name: z.string(),
  program_key: z.string(),
  machine_id: z.string(),
  /** Normalised (shared/inventory.ts versionKey), distinct and sorted; '' for no version. */
  versions: z.array(z.string()),
  since: z.string(),
});
export type SoftwareInstallationItem = z.infer<typeof softwareInstallationItemSchema>;

export const softwareInstallations = {
  key: (organizationId: string, programKey: string, machineId: string) => ({
    pk: softwarePartition(organizationId),
    sk: key(`SWI#${programHash(programKey)}#${machineId}`),
  }),
  item: (organizationId: string, installation: SoftwareInstallationItem) =>
    stored(
      installation,
      softwareInstallations.key(organizationId, installation.program_key, installation.machine_id),
    ),
  ofProgram: (organizationId: string, programKey: string) => ({
    partition: softwarePartition(organizationId),
    sortPrefix: key(`SWI#${programHash(programKey)}#`),
  }),
  /** The partition every software item lives in (organisation deletion). */
  partition: softwarePartition,
};
