import {
  DEVICE_APPROVAL_TEXTS,
  MACHINE_LIMIT_MESSAGE,
  type PendingDevice,
} from '../../shared/device-approvals';
import { deviceWrites, lookupOf, type DevicePart } from '../inventory/device-writes';
import { auditEntry } from '../lib/audit-trail';
import type { Caller } from '../lib/caller';
import { Forbidden, NotFound, TooManyRequests } from '../lib/errors';
import { planLimits } from '../lib/plan-limits';
import { batchRead, readEach } from '../lib/table/batch-read';
import { agentMachines } from '../lib/table/items/agents';
import { apiKeys } from '../lib/table/items/api-keys';
import {
  devices,
  deviceTokenLookups,
  pendingDevices,
  type DeviceItem,
  type PendingDeviceItem,
} from '../lib/table/items/devices';
import { write } from '../lib/table/transaction';

/**
 * Devices held for approval (issue 35): an admin approves one, which then replaces the enrolled
 * device of its machine id (that device's token revoked), or rejects it, which deletes it. Either
 * is one transaction with its audit entry; the held device's token starts or stops working with it.
 */

/** Oldest first: the order they asked in. */
export async function listPendingDevices(organizationId: string): Promise<PendingDevice[]> {
  const [pending, keys] = await Promise.all([
    pendingDevices.list(organizationId),
    apiKeys.listAllOfOrganization(organizationId),
  ]);
  const prefixes = new Map(keys.map((key) => [key.id, key.prefix]));
  return pending.map((item) => ({
    device_id: item.device_id,
    machine_id: item.machine_id,
    hostname: item.hostname,
    os_type: item.os_type,
    requested_at: item.requested_at,
    enrolled_device_id: item.enrolled_device_id,
    enrolled_hostname: item.enrolled_hostname,
    api_key_prefix: prefixes.get(item.api_key_id) ?? null,
    message: DEVICE_APPROVAL_TEXTS.anotherDevice(item.machine_id, item.enrolled_hostname ?? 'another device'),
  }));
}

const APPROVE_ATTEMPTS = 5;

async function readPending(organizationId: string, deviceId: string) {
  const [pending] = await readEach([pendingDevices.read(organizationId, deviceId)], {
    consistent: true,
    what: 'the pending device',
  });
  if (!pending) throw new NotFound(DEVICE_APPROVAL_TEXTS.notFound);
  return pending;
}

/** The pending item goes only while it is the one read: a racing approve or reject finds it gone. */
function pendingRemoval(pending: PendingDeviceItem) {
  return pendingDevices.removeIfToken(pending);
}

export async function approvePendingDevice(caller: Caller, deviceId: string, now: Date): Promise<void> {
  const organizationId = caller.organization.id;
  const { assetLimit } = planLimits(caller.subscription);
  for (let attempt = 0; attempt < APPROVE_ATTEMPTS; attempt++) {
    const pending = await readPending(organizationId, deviceId);
    const batch = batchRead({ consistent: true, what: 'the device' });
    const readDevice = batch.add(devices.read(organizationId, pending.machine_id));
    const readMachine = batch.add(agentMachines.read(organizationId, pending.machine_id));
    await batch.run();
    const previous = readDevice();
    const storedMachine = readMachine();
    const device: DeviceItem = {
      organization_id: organizationId,
      machine_id: pending.machine_id,
      device_id: pending.device_id,
      token_hash: pending.token_hash,
      enrolled_at: now.toISOString(),
      hostname: pending.hostname,
      api_key_id: pending.api_key_id,
    };
    const outcome = await write<DevicePart | 'pending'>(() => {
      const built = deviceWrites({
        device,
        previous,
        machineExists: storedMachine !== null,
        assetLimit,
        // The pending lookup becomes the device's: its token works from this transaction on.
        lookup: deviceTokenLookups.replaceIfDevice(lookupOf(device)),
      });
      return {
        parts: [...built.parts, 'pending', 'other'],
        items: [
          ...built.items,
          pendingRemoval(pending),
          auditEntry({
            organizationId,
            actor: { email: caller.profile.email },
            now,
            entityType: 'agent_machine',
            action: 'updated',
            entityId: device.machine_id,
            entityLabel: previous
              ? `${device.hostname} (${device.machine_id}): approved, replacing ${previous.hostname}, whose device token is revoked`
              : `${device.hostname} (${device.machine_id}): approved`,
            changes: {
              device_id: { old: previous?.device_id ?? null, new: device.device_id },
              hostname: { old: previous?.hostname ?? null, new: device.hostname },
            },
          }),
        ],
      };
    });
    if (outcome.ok) return;
    if (outcome.failed.includes('enrolled'))
      throw new Forbidden(MACHINE_LIMIT_MESSAGE(assetLimit), 'machine_limit');
    // Approved or rejected meanwhile (the next read says 404), or the enrolled device changed.
  }
  throw new TooManyRequests(
    'This device is being approved by several requests at once; try again shortly',
    1,
  );
}

export async function rejectPendingDevice(caller: Caller, deviceId: string, now: Date): Promise<void> {
  const organizationId = caller.organization.id;
  const pending = await readPending(organizationId, deviceId);
  const outcome = await write<'pending' | 'other'>(() => ({
    parts: ['pending', 'other', 'other'],
    items: [
      pendingRemoval(pending),
      deviceTokenLookups.removeIfDevice(pending.token_hash, pending.device_id),
      auditEntry({
        organizationId,
        actor: { email: caller.profile.email },
        now,
        entityType: 'agent_machine',
        action: 'deleted',
        entityId: pending.machine_id,
        entityLabel: `${pending.hostname} (${pending.machine_id}): enrolment rejected; ${pending.enrolled_hostname ?? 'the enrolled device'} keeps reporting`,
        changes: { pending_device_id: { old: pending.device_id, new: null } },
      }),
    ],
  }));
  if (!outcome.ok) throw new NotFound(DEVICE_APPROVAL_TEXTS.notFound);
}
