import type { PossibleDuplicate } from '../../shared/machine-duplicates';
import type { MachineLinkItem } from '../lib/table/items/inventory';
import { machineRecords } from '../lib/table/items/inventory-machines';

/** Possible duplicates as the machine page and the fleet read them (issue 35, item 3). */

/**
 * The machine's possible duplicates as its page shows them: for a newcomer, the machine its serial's
 * asset is linked to; for that machine, each newcomer still marked (a newcomer decided or deleted
 * since is left out).
 */
export async function possibleDuplicatesOf(
  organizationId: string,
  machine: { item: { machine_id: string }; link: MachineLinkItem | null },
): Promise<PossibleDuplicate[]> {
  const { link } = machine;
  const mark = link?.duplicate_of;
  if (mark) {
    const other = await machineRecords.getMachine(organizationId, mark.machine_id);
    return [
      {
        machine_id: mark.machine_id,
        hostname: other?.hostname ?? null,
        last_seen: other?.last_seen ?? null,
        serial_number: mark.serial_number,
        hardware_asset_id: mark.hardware_asset_id,
        since: mark.since,
        linked: true,
      },
    ];
  }
  const newcomers = link?.possible_duplicates ?? [];
  if (newcomers.length === 0) return [];
  const records = await machineRecords.getWithLinks(organizationId, newcomers);
  return records.flatMap(({ machineId: id, machine: other, link: newcomerLink }) => {
    if (!other || !newcomerLink) return [];
    const theirs = newcomerLink.duplicate_of;
    if (!theirs || theirs.machine_id !== machine.item.machine_id) return [];
    return [
      {
        machine_id: id,
        hostname: other.hostname,
        last_seen: other.last_seen,
        serial_number: theirs.serial_number,
        hardware_asset_id: theirs.hardware_asset_id,
        since: theirs.since,
        linked: false,
      },
    ];
  });
}

/** Whether a machine's link item marks it a possible duplicate (either side): the fleet's mark. */
export function isPossibleDuplicate(link: MachineLinkItem | null): boolean {
  return link?.duplicate_of !== undefined || (link?.possible_duplicates?.length ?? 0) > 0;
}
