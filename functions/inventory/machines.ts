import * as z from 'zod';
import {
  installedSoftwareSchema,
  machineIdentitySchema,
  printerSchema,
  sharedFolderSchema,
  storageDeviceSchema,
  type MachineIdentity,
} from '../../shared/agent-data';
import type { AgentLiveFacts } from '../../shared/inventory';
import { AGENT_SECTIONS, type AgentMachineItem, type AgentSectionName } from '../lib/table/items/agents';
import type { MachineLinkItem } from '../lib/table/items/inventory';
import { machineRecords } from '../lib/table/items/inventory-machines';
import { liveFacts } from './machine-links';

/** A machine of the device record as stored: its item, its report's sections, its link to an asset. */

/** A section's entries as the report had them: each part's read as the section's own schema. */
const sectionEntriesSchema = z.object({
  storage_info: z.array(z.object(storageDeviceSchema.shape)),
  shared_folders: z.array(z.object(sharedFolderSchema.shape)),
  printers: z.array(z.object(printerSchema.shape)),
  installed_software: z.array(z.object(installedSoftwareSchema.shape)),
  identity: z.array(machineIdentitySchema).max(1),
});

/** A machine as stored: its item, its sections' entries, its link to the inventory. */
export interface StoredAgentMachine {
  item: AgentMachineItem;
  sections: z.output<typeof sectionEntriesSchema>;
  /** Its identity section, null before a report carried one. */
  identity: MachineIdentity | null;
  link: MachineLinkItem | null;
}

/** A machine of the organisation with its sections and link, consistently read; null when none. */
export async function readAgentMachine(
  organizationId: string,
  machineId: string,
): Promise<StoredAgentMachine | null> {
  const { item, parts, link } = await machineRecords.get(organizationId, machineId);
  if (!item) return null;
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
  // Small storage rides in the machine item, large storage in parts.
  if (!item.sections.storage_info) sections.storage_info = item.storage_info ?? [];
  return { item, sections, identity: sections.identity[0] ?? null, link };
}

/** What the agent says of a machine, in a hardware record's terms (the editor's live facts). */
export function machineFacts(machine: StoredAgentMachine): AgentLiveFacts {
  return liveFacts({ ...machine.item, storage_info: machine.sections.storage_info }, machine.identity);
}
