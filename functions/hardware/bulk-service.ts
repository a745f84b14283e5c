import {
  HARDWARE_MESSAGES,
  isDisposalStatus,
  withDisposalDate,
  type HardwareAsset,
  type HardwareDisposalReason,
  type HardwareStatus,
} from '../../shared/hardware';
import type { BulkUpdate } from '../../shared/hardware-list';
import type { Actor } from '../lib/audit-trail';
import { Conflict, NotFound } from '../lib/errors';
import { writeAssetChanges } from '../inventory/writes';
import { hardwareChanges, readHardwareAssets, type AssetChange } from '../inventory/assets';
import { BULK_CHANGED_MEANWHILE } from './messages';

/**
 * Changes of several assets at once (the list's bulk bar): a status (with the disposal sync it
 * brings), a location, who it is assigned to. One transaction: every asset changes, each with its
 * own audit entry naming what changed, and the counters move with them, or nothing does. An id that
 * is not an asset of the organisation makes the whole change a 404. At most BULK_STATUS_MAX_ASSETS
 * assets: four items each (the asset, its audit entry, its disposal item and that item's entry)
 * and the counter fit one transaction; the location counters ride in the counter item.
 */

type Change = Omit<BulkUpdate, 'ids'>;

function changed(before: HardwareAsset, change: Change, now: Date): HardwareAsset {
  const status = change.status ?? before.status;
  return withDisposalDate(
    {
      ...before,
      status,
      disposal_reason: isDisposalStatus(status)
        ? (change.disposal_reason ?? before.disposal_reason)
        : before.disposal_reason,
      location: change.location === undefined ? before.location : change.location,
      assigned_to: change.assigned_to === undefined ? before.assigned_to : change.assigned_to,
      updated_at: now.toISOString(),
      version: before.version + 1,
    },
    now,
  );
}

/** How many assets changed: those that already were as asked are left as they are. */
export async function updateHardwareInBulk(
  organizationId: string,
  { ids, ...change }: BulkUpdate,
  actor: Actor,
  now: Date,
): Promise<number> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const assets = await readHardwareAssets(organizationId, ids);
    if (assets.size !== ids.length) throw new NotFound(HARDWARE_MESSAGES.notFound);
    const changes = [...assets.values()].flatMap((before): AssetChange[] => {
      const after = changed(before, change, now);
      return Object.keys(hardwareChanges(before, after)).length > 0 ? [{ before, after }] : [];
    });
    if (changes.length === 0) return 0;
    const outcome = await writeAssetChanges(organizationId, changes, actor, now);
    if (outcome.ok) return changes.length;
    // Someone changed one of them between our read and our write: read again once, and apply the
    // change to what they left (it sets fields, whatever they were).
  }
  throw new Conflict(BULK_CHANGED_MEANWHILE, 'stale_version');
}

/** The bulk status change of API.md (POST /api/hardware/bulk-status). */
export function setHardwareStatus(
  organizationId: string,
  ids: string[],
  status: HardwareStatus,
  disposalReason: HardwareDisposalReason | undefined,
  actor: Actor,
  now: Date,
): Promise<number> {
  return updateHardwareInBulk(
    organizationId,
    { ids, status, disposal_reason: disposalReason, location: undefined, assigned_to: undefined },
    actor,
    now,
  );
}
