import { createHash } from 'node:crypto';
import * as z from 'zod';
import {
  check,
  create,
  create as createItem,
  listAll,
  put,
  put as putItem,
  remove,
  remove as removeItem,
  type TableWrite,
  update,
} from '../commands';
import { absent, anyOf, equals, lessThan } from '../conditions';
import { TTL_ATTRIBUTE } from '../definition';
import { itemRead } from '../batch-read';
import { agentMachines } from './agents';
import { key, stored, tableKey } from './stored';

/**
 * Enrolled devices (issue 24): each machine_id enrolled by an organisation's API key has one
 * device, whose token is kept only as its SHA-256, with a lookup from the hash to the machine. They
 * live in the organisation's agents partition, beside the machines, so deleting the organisation
 * empties them with it; the lookups sit in a partition of their own, like API keys'.
 */

export function hashDeviceToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const deviceItemSchema = z.object({
  organization_id: z.string(),
  machine_id: z.string(),
  device_id: z.string(),
  token_hash: z.string(),
  enrolled_at: z.string(),
  hostname: z.string(),
  /** The API key that enrolled it (issue 35; absent on devices enrolled before), for revoking a key's devices. */
  api_key_id: z.string().optional(),
});
export type DeviceItem = z.infer<typeof deviceItemSchema>;

export const devices = {
  key: (organizationId: string, machineId: string) => ({
    pk: agentMachines.partition(organizationId),
    sk: key(`DEVICE#${machineId}`),
  }),
  item: (device: DeviceItem) => stored(device, devices.key(device.organization_id, device.machine_id)),
  ofOrganization: (organizationId: string) => ({
    partition: agentMachines.partition(organizationId),
    sortPrefix: key('DEVICE#'),
  }),
  /** A machine's first device: refused when the machine has one. */
  enrol: (device: DeviceItem): TableWrite => createItem(devices.item(device)),
  /** Replaces a machine's device if it is still the one with `tokenHash` (re-enrolment). */
  replaceIfTokenIs: (device: DeviceItem, tokenHash: string): TableWrite =>
    putItem(devices.item(device), equals('token_hash', tokenHash)),
  listOfOrganization: (organizationId: string): Promise<DeviceItem[]> =>
    listAll(deviceItemSchema, devices.ofOrganization(organizationId)),
  /** The devices an API key enrolled, read consistently (the key is about to go). */
  listEnrolledByKey: (organizationId: string, apiKeyId: string): Promise<DeviceItem[]> =>
    listAll(deviceItemSchema, devices.ofOrganization(organizationId), {
      consistent: true,
      filter: equals('api_key_id', apiKeyId),
    }),
  /** Removes the device if its token is still the one read (not enrolled again meanwhile). */
  removeIfToken: (organizationId: string, machineId: string, tokenHash: string): TableWrite =>
    removeItem(devices.key(organizationId, machineId), equals('token_hash', tokenHash)),
  read: (organizationId: string, machineId: string) =>
    itemRead(deviceItemSchema, devices.key(organizationId, machineId)),
  /** In a transaction: the machine's device is still this one (not deleted, not enrolled again). */
  checkIsDevice: (organizationId: string, machineId: string, deviceId: string) =>
    check(devices.key(organizationId, machineId), equals('device_id', deviceId)),
  /** In a transaction: the machine's device still has this token. */
  checkHasToken: (organizationId: string, machineId: string, tokenHash: string) =>
    check(devices.key(organizationId, machineId), equals('token_hash', tokenHash)),
};

/** The token's hash → its device, read with a consistent get on every report. */
export const deviceTokenLookupItemSchema = z.object({
  token_hash: z.string(),
  organization_id: z.string(),
  machine_id: z.string(),
  device_id: z.string(),
  enrolled_at: z.string(),
  /** A device held for an admin's approval (issue 35): its token is refused until then. */
  pending: z.boolean().optional(),
});
export type DeviceTokenLookupItem = z.infer<typeof deviceTokenLookupItemSchema>;

export const deviceTokenLookups = {
  key: (tokenHash: string) => tableKey(`DEVICETOKEN#${tokenHash}`, 'DEVICE'),
  item: (lookup: DeviceTokenLookupItem) => stored(lookup, deviceTokenLookups.key(lookup.token_hash)),
  /** A new token's lookup: refused when the hash is taken. */
  create: (lookup: DeviceTokenLookupItem) => create(deviceTokenLookups.item(lookup)),
  /** Replaces the lookup while it still names the same device. */
  replaceIfDevice: (lookup: DeviceTokenLookupItem) =>
    put(deviceTokenLookups.item(lookup), equals('device_id', lookup.device_id)),
  /** The lookup goes only while it names this device. */
  removeIfDevice: (tokenHash: string, deviceId: string) =>
    remove(deviceTokenLookups.key(tokenHash), equals('device_id', deviceId)),
  /** Removes a token's lookup: the token is refused at once. */
  remove: (tokenHash: string): TableWrite => removeItem(deviceTokenLookups.key(tokenHash)),
};

/** How many devices the organisation has enrolled: moved with each first enrolment and each deletion. */
export const ENROLLED_ATTRIBUTE = 'enrolled';
export const enrolledMachines = {
  key: (organizationId: string) => ({
    pk: agentMachines.partition(organizationId),
    sk: key('ENROLLED'),
  }),
  /** One machine more, refused at `ceiling` machines (null: no ceiling). */
  countOneMore: (organizationId: string, ceiling: number | null): TableWrite =>
    update(
      enrolledMachines.key(organizationId),
      { add: { [ENROLLED_ATTRIBUTE]: 1 } },
      ceiling === null ? undefined : anyOf(absent(ENROLLED_ATTRIBUTE), lessThan(ENROLLED_ATTRIBUTE, ceiling)),
    ),
  /** Moves the enrolled count by `delta` (created at 0 when absent). */
  addEnrolled: (organizationId: string, delta: number): TableWrite =>
    update(enrolledMachines.key(organizationId), { add: { [ENROLLED_ATTRIBUTE]: delta } }),
};
export const enrolledMachinesSchema = z.object({ [ENROLLED_ATTRIBUTE]: z.number().optional() });

/** One minute's enrolments of an organisation, counted under a condition; DynamoDB removes it later. */
export const WINDOW_COUNT_ATTRIBUTE = 'count';
export const enrolmentWindows = {
  key: (organizationId: string, windowStart: number) => ({
    pk: agentMachines.partition(organizationId),
    sk: key(`ENROLWINDOW#${windowStart}`),
  }),
  /** Epoch seconds, well after the window has closed. */
  expiry: (windowStart: number) => ({ [TTL_ATTRIBUTE]: Math.floor(windowStart / 1000) + 3600 }),
  /** Counts one enrolment in the window, refused once it has `limit` of them. */
  countIfUnder: (organizationId: string, windowStart: number, limit: number) =>
    update(
      enrolmentWindows.key(organizationId, windowStart),
      { set: enrolmentWindows.expiry(windowStart), add: { [WINDOW_COUNT_ATTRIBUTE]: 1 } },
      anyOf(absent(WINDOW_COUNT_ATTRIBUTE), lessThan(WINDOW_COUNT_ATTRIBUTE, limit)),
    ),
};

/**
 * A device held for approval (issue 35): it enrolled a machine id another device has, without that
 * device's token. Keyed by its own device id; its token's lookup is marked pending.
 */
export const pendingDeviceItemSchema = z.object({
  organization_id: z.string(),
  device_id: z.string(),
  machine_id: z.string(),
  token_hash: z.string(),
  hostname: z.string(),
  os_type: z.string().nullable(),
  requested_at: z.string(),
  api_key_id: z.string(),
  enrolled_device_id: z.string().nullable(),
  enrolled_hostname: z.string().nullable(),
});
export type PendingDeviceItem = z.infer<typeof pendingDeviceItemSchema>;

export const pendingDevices = {
  key: (organizationId: string, deviceId: string) => ({
    pk: agentMachines.partition(organizationId),
    sk: key(`PENDINGDEVICE#${deviceId}`),
  }),
  item: (pending: PendingDeviceItem) =>
    stored(pending, pendingDevices.key(pending.organization_id, pending.device_id)),
  ofOrganization: (organizationId: string) => ({
    partition: agentMachines.partition(organizationId),
    sortPrefix: key('PENDINGDEVICE#'),
  }),
  read: (organizationId: string, deviceId: string) =>
    itemRead(pendingDeviceItemSchema, pendingDevices.key(organizationId, deviceId)),
  /** Oldest first (device ids are ULIDs): the order they asked in. */
  list: (organizationId: string) =>
    listAll(pendingDeviceItemSchema, pendingDevices.ofOrganization(organizationId)),
  create: (pending: PendingDeviceItem) => create(pendingDevices.item(pending)),
  /** The pending item goes only while it is the one read: a racing approve or reject finds it gone. */
  removeIfToken: (pending: PendingDeviceItem) =>
    remove(
      pendingDevices.key(pending.organization_id, pending.device_id),
      equals('token_hash', pending.token_hash),
    ),
};
