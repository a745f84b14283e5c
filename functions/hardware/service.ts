import { ulid } from 'ulid';
import {
  HARDWARE_MESSAGES,
  withDisposalDate,
  type HardwareAsset,
  type HardwareAssetInput,
} from '../../shared/hardware';
import type { Actor } from '../lib/audit-trail';
import { Conflict, NotFound } from '../lib/errors';
import type { WriteOutcome } from '../lib/table/transaction';
import { writeAssetChanges } from '../inventory/writes';
import { hardwareChanges, readHardwareAsset, type Part } from '../inventory/assets';
import {
  machineForAsset,
  linkedInWrite,
  mayLinkOnChange,
  releasedOnDelete,
} from '../inventory/machine-matching';
import { duplicateError } from './messages';

/**
 * Hardware assets. Every change is one DynamoDB transaction holding the asset, its serial number
 * and asset tag claims, its audit entry, the disposal item it keeps in step (with that item's audit
 * entry, ../inventory/writes.ts) and the dashboard counters it moves: either all of it is
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
