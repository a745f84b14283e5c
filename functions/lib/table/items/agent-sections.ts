import { gunzipSync, gzipSync } from 'node:zlib';
import * as z from 'zod';
import { itemRead } from '../batch-read';
import { getItems, listAll, put, remove, type TableWrite } from '../commands';
import { AGENT_SECTIONS } from './agents';
import { key, stored } from './stored';

/**
 * The sections a machine stores in parts beside its machine item (./agents.ts): heavy sections
 * split so each item stays under 400 KB.
 */

const agentsPartition = (organizationId: string) => key(`ORG#${organizationId}#AGENTS`);

/**
 * One part of a heavy section: large sections are split so each item stays under 400 KB. Its
 * entries are read as the section's own schema (functions/agents).
 */
export const agentSectionPartSchema = z.object({
  organization_id: z.string(),
  machine_id: z.string(),
  section: z.enum(AGENT_SECTIONS),
  part: z.number(),
  entries: z.array(z.unknown()),
  /** When this part was last written: unchanged by reports whose section has the same content. */
  written_at: z.string(),
});
export type AgentSectionItem = z.infer<typeof agentSectionPartSchema>;

/**
 * A part as stored: its entries gzipped JSON (`entries_gz`, binary). A changed program list
 * rewrites its part inside the report's transaction at 2 write units per KB: 150 programs are about
 * 8 KB of attributes and a fifth of that gzipped (issue 27's cost budget). Parts written before
 * hold `entries` as a list, read as they are.
 */
export const agentSectionItemSchema = z.preprocess((stored) => {
  if (typeof stored !== 'object' || stored === null || !('entries_gz' in stored)) return stored;
  const { entries_gz: compressed, ...rest } = stored;
  return compressed instanceof Uint8Array
    ? { ...rest, entries: JSON.parse(gunzipSync(compressed).toString('utf8')) as unknown }
    : stored;
}, agentSectionPartSchema);

export const agentSections = {
  key: (part: Pick<AgentSectionItem, 'organization_id' | 'machine_id' | 'section' | 'part'>) => ({
    pk: agentsPartition(part.organization_id),
    sk: key(`AGENTSEC#${part.machine_id}#${part.section}#${part.part}`),
  }),
  item: (part: AgentSectionItem) => {
    const { entries, ...rest } = part;
    return stored({ ...rest, entries_gz: gzipSync(JSON.stringify(entries)) }, agentSections.key(part));
  },
  ofMachine: (organizationId: string, machineId: string) => ({
    partition: agentsPartition(organizationId),
    sortPrefix: key(`AGENTSEC#${machineId}#`),
  }),
  /** These section parts, in no particular order; missing ones are left out. */
  getMany: (
    parts: Pick<AgentSectionItem, 'organization_id' | 'machine_id' | 'section' | 'part'>[],
    what: string,
  ): Promise<AgentSectionItem[]> => getItems(agentSectionItemSchema, parts.map(agentSections.key), { what }),

  read: (part: AgentSectionRef) => itemRead(agentSectionItemSchema, agentSections.key(part)),
  put: (part: AgentSectionItem) => put(agentSections.item(part)),
  remove: (part: AgentSectionRef): TableWrite => remove(agentSections.key(part)),
  /** The parts a machine has stored, each section's. */
  listOfMachine: async (
    organizationId: string,
    machineId: string,
    { consistent = false } = {},
  ): Promise<AgentSectionRef[]> =>
    (
      await listAll(sectionRefSchema, agentSections.ofMachine(organizationId, machineId), {
        consistent,
        attributes: ['machine_id', 'section', 'part'],
      })
    )
      // The prefix of machine "a" also matches machine "a#b"'s sections.
      .filter((part) => part.machine_id === machineId)
      .map((part) => ({ organization_id: organizationId, ...part })),
};

/** Which part of which section of which machine. */
export type AgentSectionRef = Pick<AgentSectionItem, 'organization_id' | 'machine_id' | 'section' | 'part'>;
const sectionRefSchema = agentSectionPartSchema.pick({
  machine_id: true,
  section: true,
  part: true,
});
