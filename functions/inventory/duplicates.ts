import type { HardwareAsset } from '../../shared/hardware';
import { auditEntry, type Actor } from '../lib/audit-trail';
import { machineLinks, type MachineLinkItem } from '../lib/table/items/inventory';
import type { TableWrite } from '../lib/table/transaction';
import { hardwareLabel } from './assets';

/**
 * Possible duplicates (issue 35, item 3): the writes that mark a newcomer reporting the serial number
 * of an asset linked to a machine seen lately, and that clear the mark once an admin has decided.
 * The newcomer's link item says which machine and asset (`duplicate_of`); the linked machine's lists
 * its newcomers (`possible_duplicates`), so the fleet, which reads every machine's link item, shows
 * the mark on both at no extra read. Each list change is guarded by the list's length as read: two
 * newcomers marked at once do not lose one another.
 */

const machineName = (hostname: string | null, machineId: string) =>
  hostname ? `${hostname} (${machineId})` : machineId;

export interface MarkInput {
  organizationId: string;
  newcomer: { machineId: string; hostname: string; link: MachineLinkItem | null };
  /** The machine the asset is linked to, its link item as read (null when it has none). */
  linked: { machineId: string; hostname: string | null; link: MachineLinkItem | null };
  asset: HardwareAsset;
  serial: string;
  actor: Actor;
  now: Date;
}

/** Marks both machines a possible duplicate, with its audit entry; the asset and its link stay. */
export function markDuplicateWrites(input: MarkInput): TableWrite[] {
  const { organizationId, newcomer, linked, asset, now } = input;
  const writes: TableWrite[] = [
    machineLinks.markIfUnmarked(
      organizationId,
      {
        machine_id: newcomer.machineId,
        auto_link: newcomer.link?.auto_link ?? true,
        ...(newcomer.link?.replaced_by !== undefined && { replaced_by: newcomer.link.replaced_by }),
        duplicate_of: {
          machine_id: linked.machineId,
          hardware_asset_id: asset.id,
          serial_number: input.serial,
          since: now.toISOString(),
        },
      },
      newcomer.link,
    ),
  ];
  // A link item that does not name the asset (written before links had items) is left alone: the
  // newcomer's mark alone holds the decision.
  if (linked.link?.hardware_asset_id === asset.id) {
    const list = linked.link.possible_duplicates ?? [];
    writes.push(
      machineLinks.setDuplicatesIfLinkedAsRead(organizationId, linked.machineId, asset.id, list, [
        ...list,
        newcomer.machineId,
      ]),
    );
  }
  writes.push(
    auditEntry({
      organizationId,
      actor: input.actor,
      now,
      entityType: 'agent_machine',
      action: 'updated',
      entityId: newcomer.machineId,
      entityLabel: `Possible duplicate: ${machineName(newcomer.hostname, newcomer.machineId)} reports serial number ${input.serial} of ${hardwareLabel(asset)}, linked to ${machineName(linked.hostname, linked.machineId)}; the link stays until an admin decides`,
      changes: {
        possible_duplicate_of: { old: null, new: machineName(linked.hostname, linked.machineId) },
        serial_number: { old: null, new: input.serial },
      },
    }),
  );
  return writes;
}

/** A machine's link item, read consistently (a decision or a deletion writes beside it). */
export function readMachineLink(organizationId: string, machineId: string): Promise<MachineLinkItem | null> {
  return machineLinks.get(organizationId, machineId, { consistent: true });
}

/**
 * The linked machine's list without the newcomer, guarded as read; nothing when it does not list it
 * (or when the decision's own writes replace that link item).
 */
export function releaseDuplicateWrites(
  organizationId: string,
  linked: { machineId: string; link: MachineLinkItem | null },
  newcomerId: string,
): TableWrite[] {
  const list = linked.link?.possible_duplicates ?? [];
  if (!list.includes(newcomerId)) return [];
  const rest = list.filter((id) => id !== newcomerId);
  return [machineLinks.setDuplicatesIfAsRead(organizationId, linked.machineId, list, rest)];
}

/** The newcomer's link item after "keep": unmarked, in no asset, never linked by serial again. */
export function keepWrites(organizationId: string, newcomer: MachineLinkItem): TableWrite {
  return machineLinks.putIfMarked(organizationId, {
    machine_id: newcomer.machine_id,
    auto_link: false,
    ...(newcomer.replaced_by !== undefined && { replaced_by: newcomer.replaced_by }),
  });
}

/** The admin's decision in the audit trail, on the newcomer. */
export function decisionAudit(input: {
  organizationId: string;
  actor: Actor;
  now: Date;
  newcomer: { machineId: string; hostname: string };
  linkedMachineId: string;
  decision: string;
}): TableWrite {
  const { newcomer } = input;
  return auditEntry({
    organizationId: input.organizationId,
    actor: input.actor,
    now: input.now,
    entityType: 'agent_machine',
    action: 'updated',
    entityId: newcomer.machineId,
    entityLabel: `Possible duplicate decided for ${machineName(newcomer.hostname, newcomer.machineId)}: ${input.decision}`,
    changes: {
      possible_duplicate_of: { old: input.linkedMachineId, new: null },
      decision: { old: null, new: input.decision },
    },
  });
}
