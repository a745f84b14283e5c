import { UNLIMITED } from '../../shared/constants';
import { agentMachines } from '../lib/table/items/agents';
import { devices, deviceTokenLookups, enrolledMachines, type DeviceItem } from '../lib/table/items/devices';
import type { TableWrite } from '../lib/table/transaction';

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
    add('device', devices.replaceIfTokenIs(device, previous.token_hash));
    add('other', deviceTokenLookups.remove(previous.token_hash));
  } else {
    add('device', devices.enrol(device));
    // One machine more; an unlimited plan counts without a ceiling.
    add(
      'enrolled',
      enrolledMachines.countOneMore(
        device.organization_id,
        input.assetLimit >= UNLIMITED ? null : input.assetLimit,
      ),
    );
  }
  if (input.machineExists) {
    add(
      'machine',
      agentMachines.setEnrolledAt(device.organization_id, device.machine_id, device.enrolled_at),
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
