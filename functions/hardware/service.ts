import { ulid } from 'ulid';
import {
  HARDWARE_MESSAGES,
  isDisposalStatus,
  withDisposalDate,
  type HardwareAsset,
  type HardwareAssetInput,
  type HardwareDisposalReason,
  type HardwareListQuery,
  type HardwareStatus,
} from '../../shared/hardware';
import type { Actor } from '../lib/audit-trail';
import { Conflict, NotFound } from '../lib/errors';
import { hardwareAssetItemSchema, hardwareAssets } from '../lib/table/items/hardware';
import { listSearchablePage, type ReadPageResult } from '../lib/table/pages';
import type { WriteOutcome } from '../lib/table/transaction';
import { writeAssetChanges } from '../disposal/asset-sync';
import {
  hardwareChanges,
  readHardwareAsset,
  readHardwareAssets,
  toAsset,
  type AssetChange,
  type Part,
} from './asset-items';
import { machineForAsset, linkedInWrite, mayLinkOnChange, releasedOnDelete } from './machine-matching';
import { BULK_CHANGED_MEANWHILE, duplicateError } from './messages';

/**
 * Hardware assets. Every change is one DynamoDB transaction holding the asset, its serial number
 * and asset tag claims, its audit entry, the disposal item it keeps in step (with that item's audit
 * entry, ../disposal/asset-sync.ts) and the dashboard counters it moves: either all of it is
 * written or none of it.
 */

function explainSingleChange(outcome: WriteOutcome<Part>, asset: HardwareAsset): never {
  const duplicate = outcome.failed.find((part) => part.kind === 'identifier');
  if (duplicate?.kind === 'identifier') throw duplicateError(duplicate.identifier, asset);
  throw new Conflict(HARDWARE_MESSAGES.staleVersion, 'stale_version');
}

// ---- Reads ----

export async function getHardwareAsset(organizationId: string, id: string): Promise<HardwareAsset> {
  const asset = await readHardwareAsset(organizationId, id);
  if (!asset) throw new NotFound(HARDWARE_MESSAGES.notFound);
  return asset;
}

/** Newest first, a page per cursor; a search may return short pages (see readPage). */
export async function listHardwareAssets(
  organizationId: string,
  { q, status, cursor, limit }: HardwareListQuery,
): Promise<ReadPageResult<HardwareAsset>> {
  const page = await listSearchablePage(
    hardwareAssetItemSchema,
    status
      ? hardwareAssets.withStatus(organizationId, status)
      : hardwareAssets.ofOrganization(organizationId),
    (item) => ({
      ...(status ? hardwareAssets.statusKey(item) : {}),
      ...hardwareAssets.key(organizationId, item.id),
    }),
    { q, cursor, limit },
  );
  return { ...page, items: page.items.map(toAsset) };
}

// ---- Changes ----

export async function createHardwareAsset(
  organizationId: string,
  input: HardwareAssetInput,
  actor: Actor,
  now: Date,
): Promise<HardwareAsset> {
  const timestamp = now.toISOString();
  const asset: HardwareAsset = {
    ...withDisposalDate(input, now),
    id: ulid(now.getTime()),
    disposal_item_id: null,
    machine_id: null,
    created_at: timestamp,
    updated_at: timestamp,
    version: 1,
  };
  return writeLinkingChange(organizationId, null, asset, actor, now);
}

/**
 * Writes a created or changed asset; when its serial number is one a machine in no asset reported,
 * the asset is linked to that machine in the same transaction (issue 27). A link another writer made
 * meanwhile leaves the asset unlinked rather than refusing it.
 */
async function writeLinkingChange(
  organizationId: string,
  before: HardwareAsset | null,
  after: HardwareAsset,
  actor: Actor,
  now: Date,
): Promise<HardwareAsset> {
  const machine = mayLinkOnChange(before, after) ? await machineForAsset(organizationId, after) : null;
  const linked = machine ? linkedInWrite(organizationId, after, machine, { actor, now }, now) : null;
  if (linked) {
    const outcome = await writeAssetChanges(
      organizationId,
      [{ before, after: linked.asset }],
      actor,
      now,
      linked.extra,
    );
    if (outcome.ok) return linked.asset;
    if (!outcome.failed.some((part) => part.kind === 'link')) explainSingleChange(outcome, after);
  }
  const outcome = await writeAssetChanges(organizationId, [{ before, after }], actor, now);
  if (!outcome.ok) explainSingleChange(outcome, after);
  return after;
}

export async function updateHardwareAsset(
  organizationId: string,
  id: string,
  input: HardwareAssetInput,
  basedOnVersion: number,
  actor: Actor,
  now: Date,
): Promise<HardwareAsset> {
  const before = await getHardwareAsset(organizationId, id);
  if (before.version !== basedOnVersion) throw new Conflict(HARDWARE_MESSAGES.staleVersion, 'stale_version');
  const after: HardwareAsset = {
    ...before,
    ...withDisposalDate(input, now),
    updated_at: now.toISOString(),
    version: before.version + 1,
  };
  if (Object.keys(hardwareChanges(before, after)).length === 0) return before;
  return writeLinkingChange(organizationId, before, after, actor, now);
}

export async function deleteHardwareAsset(
  organizationId: string,
  id: string,
  actor: Actor,
  now: Date,
): Promise<void> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const before = await getHardwareAsset(organizationId, id);
    const released = await releasedOnDelete(organizationId, before);
    const outcome = await writeAssetChanges(organizationId, [{ before, after: null }], actor, now, released);
    if (outcome.ok) return;
    // Its machine's link changed meanwhile (a report, a person): read both again once.
    if (!outcome.failed.some((part) => part.kind === 'link')) explainSingleChange(outcome, before);
  }
  throw new Conflict(HARDWARE_MESSAGES.staleVersion, 'stale_version');
}

/**
 * Sets the status of several assets in one transaction: all of them change, or none does. An id
 * that is not an asset of the organisation makes the whole change a 404.
 */
export async function setHardwareStatus(
  organizationId: string,
  ids: string[],
  status: HardwareStatus,
  disposalReason: HardwareDisposalReason | undefined,
  actor: Actor,
  now: Date,
): Promise<number> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const assets = await readHardwareAssets(organizationId, ids);
    if (assets.size !== ids.length) throw new NotFound(HARDWARE_MESSAGES.notFound);

    const changes = [...assets.values()].flatMap((before): AssetChange[] => {
      const after: HardwareAsset = withDisposalDate(
        {
          ...before,
          status,
          disposal_reason: isDisposalStatus(status)
            ? (disposalReason ?? before.disposal_reason)
            : before.disposal_reason,
          updated_at: now.toISOString(),
          version: before.version + 1,
        },
        now,
      );
      return Object.keys(hardwareChanges(before, after)).length > 0 ? [{ before, after }] : [];
    });
    if (changes.length === 0) return 0;
    const outcome = await writeAssetChanges(organizationId, changes, actor, now);
    if (outcome.ok) return changes.length;
    // Someone changed one of them between our read and our write: read again once.
  }
  throw new Conflict(BULK_CHANGED_MEANWHILE, 'stale_version');
}
