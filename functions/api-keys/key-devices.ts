import { auditEntry, type Actor } from '../lib/audit-trail';
import { listAll, remove, update, type TableWrite } from '../lib/table/commands';
import { equals } from '../lib/table/conditions';
import type { ApiKeyItem } from '../lib/table/items/api-keys';
import {
  deviceItemSchema,
  devices,
  deviceTokenLookups,
  enrolledMachines,
  ENROLLED_ATTRIBUTE,
  type DeviceItem,
} from '../lib/table/items/devices';
import { transact } from '../lib/table/transaction';

/**
 * The devices an enrolment key enrolled (issue 35: each device records its key's id; devices
 * enrolled before that record nothing and are never counted or revoked here). Read from the
 * organisation's devices: only when an admin is about to delete a key, never on a report.
 */

export async function devicesOfKey(organizationId: string, apiKeyId: string): Promise<DeviceItem[]> {
  return listAll(deviceItemSchema, devices.ofOrganization(organizationId), {
    consistent: true,
    filter: equals('api_key_id', apiKeyId),
  });
}

/** A transaction holds 100 items: three per device, the counter and the audit entry. */
const DEVICES_PER_TRANSACTION = 30;

/**
 * Revokes the key's devices: each device and its token's lookup go (its token answers 401; the
 * machine's record and history stay in the fleet, where it goes silent, and it may enrol again
 * with another key), with the enrolled count and one audit entry per transaction naming them.
 * A device enrolled again meanwhile (its token changed) is left alone. Returns how many went.
 */
export async function revokeDevicesOfKey(
  organizationId: string,
  apiKey: ApiKeyItem,
  actor: Actor,
  now: Date,
): Promise<number> {
  const found = await devicesOfKey(organizationId, apiKey.id);
  let revoked = 0;
  for (let start = 0; start < found.length; start += DEVICES_PER_TRANSACTION) {
    const batch = found.slice(start, start + DEVICES_PER_TRANSACTION);
    const writes: TableWrite[] = batch.flatMap((device) => [
      remove(devices.key(organizationId, device.machine_id), equals('token_hash', device.token_hash)),
      remove(deviceTokenLookups.key(device.token_hash)),
    ]);
    writes.push(
      update(enrolledMachines.key(organizationId), { add: { [ENROLLED_ATTRIBUTE]: -batch.length } }),
      auditEntry({
        organizationId,
        actor,
        now,
        entityType: 'agent_machine',
        action: 'deleted',
        entityId: null,
        entityLabel: `${batch.length} device${batch.length === 1 ? '' : 's'} enrolled with API key ${apiKey.prefix}… (${apiKey.name}) revoked with the key`,
        changes: { machines: { old: batch.map((device) => device.hostname), new: null } },
      }),
    );
    // One changed meanwhile: the rest go one by one, each under its own condition.
    if (await transact(writes)) {
      for (const device of batch) revoked += await revokeOne(organizationId, apiKey, device, actor, now);
    } else revoked += batch.length;
  }
  return revoked;
}

async function revokeOne(
  organizationId: string,
  apiKey: ApiKeyItem,
  device: DeviceItem,
  actor: Actor,
  now: Date,
): Promise<number> {
  const canceled = await transact([
    remove(devices.key(organizationId, device.machine_id), equals('token_hash', device.token_hash)),
    remove(deviceTokenLookups.key(device.token_hash)),
    update(enrolledMachines.key(organizationId), { add: { [ENROLLED_ATTRIBUTE]: -1 } }),
    auditEntry({
      organizationId,
      actor,
      now,
      entityType: 'agent_machine',
      action: 'deleted',
      entityId: device.machine_id,
      entityLabel: `${device.hostname} (${device.machine_id}): device revoked with API key ${apiKey.prefix}… (${apiKey.name})`,
      changes: { device_id: { old: device.device_id, new: null } },
    }),
  ]);
  return canceled ? 0 : 1;
}
