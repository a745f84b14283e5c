import * as z from 'zod';
import { machineChangeSchema } from '../../../../shared/inventory';
import { getItem, getItems, listPage, patch, put, remove, type TableWrite } from '../commands';
import { absent, allOf, type Condition, equals, present } from '../conditions';
import { TTL_ATTRIBUTE } from '../definition';
import { key, stored } from './stored';
import { itemRead } from '../batch-read';

/**
 * Agents and the inventory (issue 27). What links a monitored machine to its hardware asset, its
 * serial number's lookup and the machine's change events. The software inventory: ./software.ts.
 */

const agentsPartition = (organizationId: string) => key(`ORG#${organizationId}#AGENTS`);

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

/** A link item as the caller read it: absent, or naming the same asset (or none). */
function linkAsRead(link: MachineLinkItem | null): Condition {
  if (!link) return absent('machine_id');
  return link.hardware_asset_id
    ? equals('hardware_asset_id', link.hardware_asset_id)
    : absent('hardware_asset_id');
}

/** A link item as read, before a duplicate mark: absent, or in no asset and not yet marked. */
function unmarkedAsRead(link: MachineLinkItem | null): Condition {
  return link ? allOf(absent('hardware_asset_id'), absent('duplicate_of')) : absent('machine_id');
}

/** A linked machine's newcomers as read: absent, or as many as there were. */
function duplicatesAsRead(list: readonly string[]): Condition {
  if (list.length === 0) return absent('possible_duplicates');
  return (e) => `size(${e.name('possible_duplicates')}) = ${e.value(list.length)}`;
}

export const machineLinks = {
  key: (organizationId: string, machineId: string) => ({
    pk: agentsPartition(organizationId),
    sk: key(`LINK#${machineId}`),
  }),
  item: (organizationId: string, link: MachineLinkItem) =>
    stored(link, machineLinks.key(organizationId, link.machine_id)),
  get: (organizationId: string, machineId: string, options: { consistent?: boolean } = {}) =>
    getItem(machineLinkItemSchema, machineLinks.key(organizationId, machineId), options),
  /** Replaces a machine's link item if it is as the caller read it (`asRead`, null for none). */
  putIfAsRead: (organizationId: string, link: MachineLinkItem, asRead: MachineLinkItem | null): TableWrite =>
    put(machineLinks.item(organizationId, link), linkAsRead(asRead)),
  /** Writes a newcomer's duplicate mark if its link item, as read, was in no asset and unmarked. */
  markIfUnmarked: (
    organizationId: string,
    link: MachineLinkItem,
    asRead: MachineLinkItem | null,
  ): TableWrite => put(machineLinks.item(organizationId, link), unmarkedAsRead(asRead)),
  /**
   * Sets the linked machine's newcomers to `next`, if it still names the asset and its list is as
   * read (`asRead`): two newcomers marked at once do not lose one another.
   */
  setDuplicatesIfLinkedAsRead: (
    organizationId: string,
    machineId: string,
    assetId: string,
    asRead: readonly string[],
    next: string[],
  ): TableWrite =>
    patch(
      machineLinks.key(organizationId, machineId),
      { set: { possible_duplicates: next } },
      allOf(equals('hardware_asset_id', assetId), duplicatesAsRead(asRead)),
    ),
  /** Leaves the linked machine's newcomers at `rest` (removed when none), if its list is as read. */
  setDuplicatesIfAsRead: (
    organizationId: string,
    machineId: string,
    asRead: readonly string[],
    rest: string[],
  ): TableWrite =>
    patch(
      machineLinks.key(organizationId, machineId),
      rest.length > 0 ? { set: { possible_duplicates: rest } } : { remove: ['possible_duplicates'] },
      duplicatesAsRead(asRead),
    ),
  /** Replaces a newcomer's link item if it is still marked and in no asset (an admin's "keep"). */
  putIfMarked: (organizationId: string, link: MachineLinkItem): TableWrite =>
    put(machineLinks.item(organizationId, link), allOf(absent('hardware_asset_id'), present('duplicate_of'))),
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
  get: (organizationId: string, serial: string, options: { consistent?: boolean } = {}) =>
    getItem(machineSerialItemSchema, machineSerials.key(organizationId, serial), options),
  /** The lookups of several serials, in no order; those without one are left out. */
  getMany: (organizationId: string, serials: string[]) =>
    getItems(
      machineSerialItemSchema,
      serials.map((serial) => machineSerials.key(organizationId, serial)),
      { what: 'serial number lookups' },
    ),
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
};

const changeSetWithKeySchema = machineChangeSetItemSchema.extend({ sk: z.string() });
