import { getEachItem, getItem, listAll } from '../commands';
import { agentMachineItemSchema, agentMachines } from './agents';
import { agentSectionItemSchema, agentSections } from './agent-sections';
import { machineLinkItemSchema, machineLinks } from './inventory';
import { fromStored } from './stored';

/**
 * A machine of the device record as the inventory reads it (issue 27): its agent's item, its
 * report's sections and its link item, read together. Its own module: the reads span two kinds.
 */
export const machineRecords = {
  /** A machine's item, its sections' parts and its link item, consistently read. */
  get: async (organizationId: string, machineId: string) => {
    const [item, parts, link] = await Promise.all([
      getItem(agentMachineItemSchema, agentMachines.key(organizationId, machineId), { consistent: true }),
      listAll(agentSectionItemSchema, agentSections.ofMachine(organizationId, machineId), {
        consistent: true,
      }),
      machineLinks.get(organizationId, machineId, { consistent: true }),
    ]);
    return { item, parts, link };
  },
  /** A machine's item alone (eventually consistent); null when none. */
  getMachine: (organizationId: string, machineId: string) =>
    getItem(agentMachineItemSchema, agentMachines.key(organizationId, machineId)),
  /**
   * Several machines in one consistent batch read: each one's item, link item and identity section
   * (its one part), null where there is none, in the machines' order.
   */
  getWithIdentities: async (organizationId: string, machineIds: string[]) => {
    const stored = await getEachItem(
      machineIds.flatMap((machineId) => [
        agentMachines.key(organizationId, machineId),
        machineLinks.key(organizationId, machineId),
        agentSections.key({
          organization_id: organizationId,
          machine_id: machineId,
          section: 'identity',
          part: 0,
        }),
      ]),
      { consistent: true, what: 'the machines of serial numbers' },
    );
    return machineIds.map((machineId, index) => {
      const [machineItem, linkItem, identityItem] = stored.slice(index * 3, index * 3 + 3);
      return {
        machineId,
        machine: machineItem ? fromStored(agentMachineItemSchema, machineItem) : null,
        link: linkItem ? fromStored(machineLinkItemSchema, linkItem) : null,
        identity: identityItem ? fromStored(agentSectionItemSchema, identityItem) : null,
      };
    });
  },
  /** Several machines' items and link items in one batch read, in the machines' order. */
  getWithLinks: async (organizationId: string, machineIds: string[]) => {
    const items = await getEachItem([
      ...machineIds.map((id) => agentMachines.key(organizationId, id)),
      ...machineIds.map((id) => machineLinks.key(organizationId, id)),
    ]);
    return machineIds.map((machineId, at) => {
      const item = items[at];
      const link = items[machineIds.length + at];
      return {
        machineId,
        machine: item ? fromStored(agentMachineItemSchema, item) : null,
        link: link ? fromStored(machineLinkItemSchema, link) : null,
      };
    });
  },
};
