import { UNLIMITED } from '../../shared/constants';
import { create, patch, put, remove, update, type TableWrite } from '../lib/table/commands';
import { absent, anyOf, equals, lessThan } from '../lib/table/conditions';
import { agentMachines } from '../lib/table/items/agents';
import {
  devices,
  deviceTokenLookups,
  enrolledMachines,
  ENROLLED_ATTRIBUTE,
  type DeviceItem,
} from '../lib/table/items/devices';

/**
 * The writes that make `device` the enrolled device of its machine id, replacing `previous` (its
 * token's lookup removed, so that token is refused at once) or counting one machine more against
 * the plan. Shared by enrolment and by an admin's approval of a held device (issue 35), so both
 * leave the same items.
 */

export type DevicePart = 'device' | 'machine' | 'enrolled' | 'other';

export interface DeviceWrites {
  parts: DevicePart[];
  items: TableWrite[];
}

export function deviceWrites(input: {
  device: DeviceItem;
  previous: DeviceItem | null;
  /** The machine item exists: its enrolled_at follows the device's. */
  machineExists: boolean;
  assetLimit: number;
  /** The device's token lookup is written by the caller (an approval turns its pending one on). */
  lookup: TableWrite;
}): DeviceWrites {
  const { device, previous } = input;
  const built: DeviceWrites = { parts: [], items: [] };
  const add = (part: DevicePart, item: TableWrite) => {
    built.parts.push(part);
    built.items.push(item);
  };
  add('other', input.lookup);
  if (previous) {
    add('device', put(devices.item(device), equals('token_hash', previous.token_hash)));
    add('other', remove(deviceTokenLookups.key(previous.token_hash)));
  } else {
    add('device', create(devices.item(device)));
    // One machine more; an unlimited plan counts without a ceiling.
    add(
      'enrolled',
      update(
        enrolledMachines.key(device.organization_id),
        { add: { [ENROLLED_ATTRIBUTE]: 1 } },
        input.assetLimit >= UNLIMITED
          ? undefined
          : anyOf(absent(ENROLLED_ATTRIBUTE), lessThan(ENROLLED_ATTRIBUTE, input.assetLimit)),
      ),
    );
  }
  if (input.machineExists) {
    add(
      'machine',
      patch(agentMachines.key(device.organization_id, device.machine_id), {
        set: { enrolled_at: device.enrolled_at },
      }),
    );
  }
  return built;
}

/** The token lookup of a device: what a report's token finds, marked pending while it waits. */
export function lookupOf(device: DeviceItem, pending?: true) {
  return {
    token_hash: device.token_hash,
    organization_id: device.organization_id,
    machine_id: device.machine_id,
    device_id: device.device_id,
    enrolled_at: device.enrolled_at,
    ...(pending ? { pending } : {}),
  };
}
