import * as z from 'zod';
import {
  installedSoftwareSchema,
  machineIdentitySchema,
  printerSchema,
  sharedFolderSchema,
  storageDeviceSchema,
  type AgentMachine,
} from '../../shared/agent-data';
import { NotFound } from '../lib/errors';
import { getItem, listAll } from '../lib/table/commands';
import { toSummary } from './summary';
import {
  AGENT_SECTIONS,
  agentMachineItemSchema,
  agentMachines,
  agentSectionItemSchema,
  agentSections,
  type AgentSectionName,
} from '../lib/table/items/agents';
import { machineLinkItemSchema, machineLinks } from '../lib/table/items/inventory';

/** The fleet as the organisation's people see it: its machines, and one machine's whole report. */

/** A section's entries as the report had them: each part's read as the section's own schema. */
const sectionEntriesSchema = z.object({
  storage_info: z.array(z.object(storageDeviceSchema.shape)),
  shared_folders: z.array(z.object(sharedFolderSchema.shape)),
  printers: z.array(z.object(printerSchema.shape)),
  installed_software: z.array(z.object(installedSoftwareSchema.shape)),
  identity: z.array(machineIdentitySchema).max(1),
});

const NO_IDENTITY = {
  manufacturer: null,
  model: null,
  bios_version: null,
  os_build: null,
  domain: null,
  ipv4_addresses: [],
  mac_addresses: [],
};

export async function getAgentMachine(organizationId: string, machineId: string): Promise<AgentMachine> {
  const [item, parts, link] = await Promise.all([
    getItem(agentMachineItemSchema, agentMachines.key(organizationId, machineId), { consistent: true }),
    listAll(agentSectionItemSchema, agentSections.ofMachine(organizationId, machineId), { consistent: true }),
    getItem(machineLinkItemSchema, machineLinks.key(organizationId, machineId), { consistent: true }),
  ]);
  if (!item) throw new NotFound('Machine not found');
  const partsOf = (section: AgentSectionName) =>
    parts
      // A part beyond the current count is a leftover of a concurrent report: not this one's.
      .filter(
        (part) =>
          part.machine_id === item.machine_id &&
          part.section === section &&
          // The identity is one part, written only when it changes (functions/agent-reports/inventory.ts).
          part.part < (section === 'identity' ? 1 : (item.sections[section]?.parts ?? 0)),
      )
      .sort((a, b) => a.part - b.part)
      .flatMap((part) => part.entries);
  const sections = sectionEntriesSchema.parse(
    Object.fromEntries(AGENT_SECTIONS.map((section) => [section, partsOf(section)])),
  );
  const { identity, ...lists } = sections;
  return {
    ...toSummary(item),
    ...NO_IDENTITY,
    ...identity[0],
    ...lists,
    hardware_asset_id: link?.hardware_asset_id ?? null,
    // Small storage rides in the machine item, large storage in parts.
    storage_info: item.sections.storage_info ? sections.storage_info : (item.storage_info ?? []),
    stale_sections: item.stale_sections ?? {},
  };
}
