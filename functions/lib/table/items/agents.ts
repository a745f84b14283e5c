import * as z from 'zod';
import { cpuInfoSchema, staleSectionsSchema, storageDeviceSchema } from '../../../../shared/agent-data';
import { key, stored } from './stored';

/** The sections that can grow past an item, stored in parts (storage only when it is large). */
export const AGENT_SECTIONS = ['storage_info', 'shared_folders', 'printers', 'installed_software'] as const;
export type AgentSectionName = (typeof AGENT_SECTIONS)[number];

const sectionStoredSchema = z.object({ hash: z.string(), parts: z.number() });

/**
 * Content hash of each heavy section, and how many parts it is stored in; a section never
 * collected has none. Storage small enough to ride in the machine item has none either.
 */
export const sectionStateSchema = z.object({
  storage_info: sectionStoredSchema.optional(),
  shared_folders: sectionStoredSchema.optional(),
  printers: sectionStoredSchema.optional(),
  installed_software: sectionStoredSchema.optional(),
} satisfies Record<AgentSectionName, z.ZodOptional<typeof sectionStoredSchema>>);
export type SectionState = z.infer<typeof sectionStateSchema>;

/**
 * A monitored machine: the light part of its latest report (the heartbeat) and the hashes of its
 * heavy sections, which live in section items. A machine and its sections live in a partition of
 * their own, so reading the fleet never walks the organisation's hardware.
 */
export const agentMachineItemSchema = z.object({
  organization_id: z.string(),
  machine_id: z.string(),
  hostname: z.string(),
  os_type: z.string().optional(),
  os_version: z.string().optional(),
  service_tag: z.string().optional(),
  logged_in_user: z.string().optional(),
  agent_version: z.string().optional(),
  update_available: z.boolean(),
  memory_total_gb: z.number().optional(),
  // As reported, each past the report's own checks; extra fields (an older agent's) are left out.
  cpu_info: z.object(cpuInfoSchema.shape).optional(),
  /** Storage when small; large storage is a section in parts. */
  storage_info: z.array(z.object(storageDeviceSchema.shape)).optional(),
  sections: sectionStateSchema,
  /** Sections the latest report did not collect, which keep their earlier value. */
  stale_sections: staleSectionsSchema.optional(),
  first_seen: z.string(),
  last_seen: z.string(),
  /** The enrolled device that reports for the machine, and since when (absent before enrolment). */
  device_id: z.string().optional(),
  enrolled_at: z.string().optional(),
  /** The device's report rate: the minute (epoch ms) of its latest reports, and how many it sent in it. */
  report_window_start: z.number().optional(),
  report_window_count: z.number().optional(),
});
export type AgentMachineItem = z.infer<typeof agentMachineItemSchema>;

const agentsPartition = (organizationId: string) => key(`ORG#${organizationId}#AGENTS`);

export const agentMachines = {
  /** The organisation's agents' partition; organisation deletion empties it too. */
  partition: agentsPartition,
  key: (organizationId: string, machineId: string) => ({
    pk: agentsPartition(organizationId),
    sk: key(`AGENT#${machineId}`),
  }),
  item: (machine: AgentMachineItem) =>
    stored(machine, agentMachines.key(machine.organization_id, machine.machine_id)),
  ofOrganization: (organizationId: string) => ({
    partition: agentsPartition(organizationId),
    sortPrefix: key('AGENT#'),
  }),
};

/**
 * One part of a heavy section: large sections are split so each item stays under 400 KB. Its
 * entries are read as the section's own schema (functions/agents).
 */
export const agentSectionItemSchema = z.object({
  organization_id: z.string(),
  machine_id: z.string(),
  section: z.enum(AGENT_SECTIONS),
  part: z.number(),
  entries: z.array(z.unknown()),
  /** When this part was last written: unchanged by reports whose section has the same content. */
  written_at: z.string(),
});
export type AgentSectionItem = z.infer<typeof agentSectionItemSchema>;

export const agentSections = {
  key: (part: Pick<AgentSectionItem, 'organization_id' | 'machine_id' | 'section' | 'part'>) => ({
    pk: agentsPartition(part.organization_id),
    sk: key(`AGENTSEC#${part.machine_id}#${part.section}#${part.part}`),
  }),
  item: (part: AgentSectionItem) => stored(part, agentSections.key(part)),
  ofMachine: (organizationId: string, machineId: string) => ({
    partition: agentsPartition(organizationId),
    sortPrefix: key(`AGENTSEC#${machineId}#`),
  }),
};
