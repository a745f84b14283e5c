import * as z from 'zod';
import {
  installedSoftwareSchema,
  printerSchema,
  sharedFolderSchema,
  storageDeviceSchema,
  type AgentMachine,
  type AgentSummary,
} from '../../shared/agent-data';
import { NotFound } from '../lib/errors';
import { getItem, listAll } from '../lib/table/commands';
import {
  AGENT_SECTIONS,
  agentMachineItemSchema,
  agentMachines,
  agentSectionItemSchema,
  agentSections,
  type AgentMachineItem,
  type AgentSectionName,
} from '../lib/table/items/agents';

/** The fleet as the organisation's people see it: its machines, and one machine's whole report. */

function toSummary(item: AgentMachineItem): AgentSummary {
  return {
    machine_id: item.machine_id,
    hostname: item.hostname,
    os_type: item.os_type ?? null,
    os_version: item.os_version ?? null,
    service_tag: item.service_tag ?? null,
    logged_in_user: item.logged_in_user ?? null,
    agent_version: item.agent_version ?? null,
    update_available: item.update_available,
    memory_total_gb: item.memory_total_gb ?? null,
    cpu_info: item.cpu_info ?? null,
    first_seen: item.first_seen,
    last_seen: item.last_seen,
  };
}

/** The fleet, latest report first; it is read whole (the fleet view shows all of it). */
export async function listAgentMachines(organizationId: string): Promise<AgentSummary[]> {
  const machines = await listAll(agentMachineItemSchema, agentMachines.ofOrganization(organizationId));
  return machines
    .sort((a, b) => b.last_seen.localeCompare(a.last_seen) || b.machine_id.localeCompare(a.machine_id))
    .map(toSummary);
}

/** A section's entries as the report had them: each part's read as the section's own schema. */
const sectionEntriesSchema = z.object({
  storage_info: z.array(z.object(storageDeviceSchema.shape)),
  shared_folders: z.array(z.object(sharedFolderSchema.shape)),
  printers: z.array(z.object(printerSchema.shape)),
  installed_software: z.array(z.object(installedSoftwareSchema.shape)),
});

export async function getAgentMachine(organizationId: string, machineId: string): Promise<AgentMachine> {
  const [item, parts] = await Promise.all([
    getItem(agentMachineItemSchema, agentMachines.key(organizationId, machineId), { consistent: true }),
    listAll(agentSectionItemSchema, agentSections.ofMachine(organizationId, machineId), { consistent: true }),
  ]);
  if (!item) throw new NotFound('Machine not found');
  const partsOf = (section: AgentSectionName) =>
    parts
      // A part beyond the current count is a leftover of a concurrent report: not this one's.
      .filter(
        (part) =>
          part.machine_id === item.machine_id &&
          part.section === section &&
          part.part < (item.sections[section]?.parts ?? 0),
      )
      .sort((a, b) => a.part - b.part)
      .flatMap((part) => part.entries);
  const sections = sectionEntriesSchema.parse(
    Object.fromEntries(AGENT_SECTIONS.map((section) => [section, partsOf(section)])),
  );
  return {
    ...toSummary(item),
    ...sections,
    // Small storage rides in the machine item, large storage in parts.
    storage_info: item.sections.storage_info ? sections.storage_info : (item.storage_info ?? []),
    stale_sections: item.stale_sections ?? {},
  };
}
