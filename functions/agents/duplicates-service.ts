import { DUPLICATE_MESSAGES, type DuplicateDecisionRequest } from '../../shared/machine-duplicates';
import { INVENTORY_MESSAGES, type AgentLinkResponse } from '../../shared/inventory';
import type { Caller } from '../lib/caller';
import { Conflict, NotFound } from '../lib/errors';
import { withRoomForAssets } from '../lib/plan-limits';
import type { MachineLinkItem } from '../lib/table/items/inventory';
import { readHardwareAsset } from '../inventory/assets';
import { decisionAudit, keepWrites, readMachineLink, releaseDuplicateWrites } from '../inventory/duplicates';
import { ATTEMPTS, CHANGED_MEANWHILE, answer, machineOf, serialClaimed, writeLink } from './link-service';
import { addToInventoryWrites, linkWrites, type LinkWrites } from '../inventory/machine-links';
import { machineFacts, type StoredAgentMachine } from '../inventory/machines';

/**
 * An admin's decision on a possible duplicate (issue 35, item 3), on the newcomer's page: keep the
 * asset with its machine, let the newcomer replace it, link the newcomer to another asset, or make it
 * an asset of its own. Each is one transaction with both machines' link items, the asset(s), the
 * audit entries and the linked-machines counter.
 */

const DECISION_WORDS: Record<DuplicateDecisionRequest['decision'], string> = {
  keep: 'kept the current link',
  replace: 'this machine replaces the linked one',
  link: 'linked to another asset',
  add_to_inventory: 'added as a new asset',
};

/** The writes of one decision, or null when the decision needs nothing (already so). */
async function decisionWrites(
  caller: Caller,
  newcomer: StoredAgentMachine & { link: MachineLinkItem },
  linked: { machineId: string; link: MachineLinkItem | null },
  request: DuplicateDecisionRequest,
  now: Date,
): Promise<LinkWrites | Omit<LinkWrites, 'asset'>> {
  const organizationId = caller.organization.id;
  const { link } = newcomer;
  const machineId = newcomer.item.machine_id;
  const base = {
    organizationId,
    machineId,
    hostname: newcomer.item.hostname,
    facts: machineFacts(newcomer),
    how: 'person' as const,
    actor: caller.profile,
    now,
    link,
  };
  if (request.decision === 'keep') {
    return {
      writes: [
        keepWrites(organizationId, link),
        ...releaseDuplicateWrites(organizationId, linked, machineId),
      ],
      counters: new Map(),
    };
  }
  if (request.decision === 'add_to_inventory') {
    const serial = base.facts.serial_number;
    const writes = addToInventoryWrites({
      ...base,
      facts: base.facts,
      serialTaken: serial !== null && (await serialClaimed(organizationId, serial)),
    });
    writes.writes.push(...releaseDuplicateWrites(organizationId, linked, machineId));
    return writes;
  }
  const assetId =
    request.decision === 'replace' ? (link.duplicate_of?.hardware_asset_id ?? '') : request.hardware_asset_id;
  const asset = await readHardwareAsset(organizationId, assetId);
  if (!asset) throw new NotFound(INVENTORY_MESSAGES.assetNotFound);
  if (request.decision === 'link') {
    if (asset.machine_id) throw new Conflict(INVENTORY_MESSAGES.alreadyLinked, 'already_linked');
    const writes = linkWrites({ ...base, asset, previousMachine: null });
    writes.writes.push(...releaseDuplicateWrites(organizationId, linked, machineId));
    return writes;
  }
  // Replace: the asset's machine now (the one marked, or whichever has it since) gives it up; its
  // link item is rewritten whole, its list of newcomers with it.
  const previous = asset.machine_id;
  const writes = linkWrites({
    ...base,
    asset,
    previousMachine: previous
      ? {
          machineId: previous,
          link: previous === linked.machineId ? linked.link : await readMachineLink(organizationId, previous),
        }
      : null,
  });
  if (previous !== linked.machineId) {
    writes.writes.push(...releaseDuplicateWrites(organizationId, linked, machineId));
  }
  return writes;
}

/** POST /api/agents/{machine_id}/duplicate: the machine is the newcomer of a possible duplicate. */
export async function decideDuplicate(
  caller: Caller,
  machineId: string,
  request: DuplicateDecisionRequest,
  now: Date,
): Promise<AgentLinkResponse> {
  const organizationId = caller.organization.id;
  const decide = async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const newcomer = await machineOf(organizationId, machineId);
      const { link } = newcomer;
      const mark = link?.duplicate_of;
      if (!link || !mark) throw new Conflict(DUPLICATE_MESSAGES.notMarked, 'not_possible_duplicate');
      const linked = {
        machineId: mark.machine_id,
        link: await readMachineLink(organizationId, mark.machine_id),
      };
      const writes = await decisionWrites(caller, { ...newcomer, link }, linked, request, now);
      writes.writes.push(
        decisionAudit({
          organizationId,
          actor: caller.profile,
          now,
          newcomer: { machineId, hostname: newcomer.item.hostname },
          linkedMachineId: mark.machine_id,
          decision: DECISION_WORDS[request.decision],
        }),
      );
      if (await writeLink(organizationId, writes)) {
        const assetId = 'asset' in writes ? writes.asset.id : null;
        return answer(machineId, assetId);
      }
    }
    throw new Conflict(CHANGED_MEANWHILE, 'stale_version');
  };
  if (request.decision !== 'add_to_inventory') return decide();
  return withRoomForAssets(organizationId, caller.subscription, 1, 'create', decide);
}
