import { auditEntry, type Actor } from '../lib/audit-trail';
import type { ApiKeyItem } from '../lib/table/items/api-keys';
import { devices, deviceTokenLookups, enrolledMachines, type DeviceItem } from '../lib/table/items/devices';
import { transact, type TableWrite } from '../lib/table/transaction';

/**
 * The devices an enrolment key enrolled (issue 35: each device records its key's id; devices
 * enrolled before that record nothing and are never counted or revoked here). Read from the
 * organisation's devices: only when an admin is about to delete a key, never on a report.
 */

export async function devicesOfKey(organizationId: string, apiKeyId: string): Promise<DeviceItem[]> {
  return devices.listEnrolledByKey(organizationId, apiKeyId);
}

/** A transaction holds 100 items: two per device, the counter and the audit entry. */
const DEVICES_PER_TRANSACTION = 30;

/** The writes revoking `batch`: its devices and their tokens' lookups, the enrolled count, the audit entry. */
function revocationWrites(
  organizationId: string,
  apiKey: ApiKeyItem,
  batch: DeviceItem[],
  actor: Actor,
  now: Date,
): TableWrite[] {
  const key = `API key ${apiKey.prefix}… (${apiKey.name})`;
  const [only] = batch.length === 1 ? batch : [];
  return [
    ...batch.flatMap((device) => [
      devices.removeIfToken(organizationId, device.machine_id, device.token_hash),
      deviceTokenLookups.remove(device.token_hash),
    ]),
    enrolledMachines.addEnrolled(organizationId, -batch.length),
    auditEntry({
      organizationId,
      actor,
      now,
      entityType: 'agent_machine',
      action: 'deleted',
      entityId: only ? only.machine_id : null,
      entityLabel: only
        ? `${only.hostname} (${only.machine_id}): device revoked with ${key}`
        : `${batch.length} devices enrolled with ${key} revoked with the key`,
      changes: { machines: { old: batch.map((device) => device.hostname), new: null } },
    }),
  ];
}

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
    if (!(await transact(revocationWrites(organizationId, apiKey, batch, actor, now)))) {
      revoked += batch.length;
      continue;
    }
    // One changed meanwhile: the rest go one by one, each under its own condition.
    for (const device of batch) {
      if (!(await transact(revocationWrites(organizationId, apiKey, [device], actor, now)))) revoked += 1;
    }
  }
  return revoked;
}
