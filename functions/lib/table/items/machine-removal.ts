import { listAll } from '../commands';
import { deleteKeys } from '../partitions';
import { agentSections, type AgentSectionRef } from './agent-sections';
import { machineChangeSetItemSchema, machineChangeSets } from './inventory';

/**
 * A deleted machine's items that go in batches (BatchWriteItem, lib/table/partitions.ts), apart
 * from the entity modules every feature imports: only a function that imports this module is
 * granted the bulk delete (infra/aws/function.ts, test/infra/least-privilege.test.ts).
 */

const changeSetKeySchema = machineChangeSetItemSchema.pick({ machine_id: true, at: true, part: true });

export const machineBulkRemoval = {
  /** Deletes every change set of the machine. */
  changeSets: async (organizationId: string, machineId: string) => {
    const changeSets = await listAll(
      changeSetKeySchema,
      machineChangeSets.ofMachine(organizationId, machineId),
      { consistent: true, attributes: ['machine_id', 'at', 'part'] },
    );
    await deleteKeys(
      changeSets
        // The prefix of machine "a" also matches machine "a#b"'s change sets.
        .filter((set) => set.machine_id === machineId)
        .map((set) => machineChangeSets.key(organizationId, machineId, set.at, set.part)),
    );
  },
  /** Deletes these section parts, those that are there, in batches. */
  sectionParts: (parts: AgentSectionRef[]) => deleteKeys(parts.map((part) => agentSections.key(part))),
};
