import type { AgentMachine } from '../../shared/agent-data';
import { NotFound } from '../lib/errors';
import { toSummary } from './summary';
import { readAssetNames } from '../inventory/assets';
import { isPossibleDuplicate, possibleDuplicatesOf } from '../inventory/duplicates-read';
import { readAgentMachine } from '../inventory/machines';

/** The fleet as the organisation's people see it: its machines, and one machine's whole report. */

const NO_IDENTITY = {
  manufacturer: null,
  model: null,
  bios_version: null,
  os_build: null,
  domain: null,
  ipv4_addresses: [],
  mac_addresses: [],
};

export async function getAgentMachine(
  organizationId: string,
  machineId: string,
  now = new Date(),
): Promise<AgentMachine> {
  const machine = await readAgentMachine(organizationId, machineId);
  if (!machine) throw new NotFound('Machine not found');
  const { item, sections, link } = machine;
  const assetId = link?.hardware_asset_id ?? null;
  const { identity, ...lists } = sections;
  return {
    ...toSummary(item, now),
    ...NO_IDENTITY,
    ...identity[0],
    ...lists,
    hardware_asset_id: assetId,
    hardware_asset_name: assetId
      ? ((await readAssetNames(organizationId, [assetId])).get(assetId) ?? null)
      : null,
    stale_sections: item.stale_sections ?? {},
    possible_duplicate: isPossibleDuplicate(link),
    possible_duplicates: await possibleDuplicatesOf(organizationId, machine),
  };
}
