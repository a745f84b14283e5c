import {
  bootWentBack,
  CLONE_BOOT_TOLERANCE_SECONDS,
  countReversal,
  possibleCloneSince,
  type CloneEvidence,
} from '../../shared/machine-clones';
import { agentActor } from '../inventory/machine-links';
import { auditEntry } from '../lib/audit-trail';
import type { AgentMachineItem } from '../lib/table/items/agents';
import type { TableWrite } from '../lib/table/transaction';

/**
 * Possible clones as a report finds them (shared/machine-clones.ts): a report whose last boot is
 * earlier than the recorded one counts a reversal on the machine item, and the report that makes
 * the machine a possible clone writes its audit entry. Nothing else changes: the device keeps its
 * token, the machine its link.
 */

export interface CloneReport {
  /** The evidence to set on the machine item; null when the boot did not go back. */
  evidence: Required<CloneEvidence> | null;
  writes: TableWrite[];
}

export function cloneReport(
  organizationId: string,
  current: AgentMachineItem | null,
  reportedBoot: number | null | undefined,
  now: Date,
): CloneReport {
  if (!current || !bootWentBack(current.last_boot, reportedBoot)) return { evidence: null, writes: [] };
  const evidence = countReversal(current, now);
  const since = possibleCloneSince(evidence, now);
  if (since === null || possibleCloneSince(current, now) !== null) return { evidence, writes: [] };
  const name = `${current.hostname} (${current.machine_id})`;
  return {
    evidence,
    writes: [
      auditEntry({
        organizationId,
        actor: agentActor(current.hostname),
        now,
        entityType: 'agent_machine',
        action: 'updated',
        entityId: current.machine_id,
        entityLabel: `Possible clone: ${name} reports a last boot earlier than its previous one, ${evidence.clone_reversals} times since ${since}; two computers may report with one device token`,
        changes: { possible_clone: { old: null, new: since } },
      }),
    ],
  };
}

/**
 * The heartbeat's part: it applies only when the report's boot has not gone back (a recorded boot
 * below this), so a report that does falls back to the read that counts it. A report without its
 * boot asks nothing.
 */
export function bootNotBackBelow(reportedBoot: number | null | undefined): number | undefined {
  if (reportedBoot === null || reportedBoot === undefined) return undefined;
  // Recorded boot ≤ reported + tolerance (whole seconds): bootWentBack's converse.
  return reportedBoot + CLONE_BOOT_TOLERANCE_SECONDS + 1;
}
