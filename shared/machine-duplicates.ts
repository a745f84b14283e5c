import * as z from 'zod';
import { ulidSchema } from './hardware';

/**
 * Possible duplicates (issue 35, item 3): a machine that reports the serial number of an asset
 * already linked to a machine seen lately does not take the asset. Both are marked, and an admin
 * decides which machine the asset is. Anyone holding the enrolment key can make a device report any
 * serial, so a serial alone proves nothing while the asset's own machine is still reporting.
 */

/**
 * A link moves to another machine by serial number alone only from a machine silent this long:
 * a reinstalled computer (new machine id, same serial) takes its asset over once its old install
 * has stopped reporting for good.
 */
export const DUPLICATE_SILENCE_DAYS = 30;

const DAY_MS = 86_400_000;

/** Whether an asset's machine, last seen then, is silent long enough to hand its link over by serial. */
export function handsOverBySerial(lastSeen: string | null, now: Date): boolean {
  if (lastSeen === null) return true;
  return now.getTime() - Date.parse(lastSeen) >= DUPLICATE_SILENCE_DAYS * DAY_MS;
}

/**
 * Another machine in the same possible duplicate: for a newcomer, the machine its asset is linked to
 * (`linked: true`); for that machine, each newcomer reporting its serial (`linked: false`).
 */
export const possibleDuplicateSchema = z.object({
  machine_id: z.string(),
  /** null when that machine is gone. */
  hostname: z.string().nullable(),
  last_seen: z.string().nullable(),
  /** The serial number both report. */
  serial_number: z.string(),
  hardware_asset_id: z.string(),
  /** When the newcomer first reported it. */
  since: z.string(),
  linked: z.boolean(),
});
export type PossibleDuplicate = z.output<typeof possibleDuplicateSchema>;

/**
 * POST /api/agents/{machine_id}/duplicate (admin), on the newcomer: keep (the asset stays with its
 * machine; the newcomer stays out of the inventory and is not linked by serial again), replace (the
 * newcomer takes the asset; the other machine gives it up), link it to another asset, or make it an
 * asset of its own (without the serial number, which the other asset keeps).
 */
export const DUPLICATE_DECISIONS = ['keep', 'replace', 'link', 'add_to_inventory'] as const;
export type DuplicateDecision = (typeof DUPLICATE_DECISIONS)[number];

export const duplicateDecisionRequestSchema = z.discriminatedUnion('decision', [
  z.strictObject({ decision: z.literal('keep') }),
  z.strictObject({ decision: z.literal('replace') }),
  z.strictObject({ decision: z.literal('link'), hardware_asset_id: ulidSchema }),
  z.strictObject({ decision: z.literal('add_to_inventory') }),
]);
export type DuplicateDecisionRequest = z.output<typeof duplicateDecisionRequestSchema>;

export const DUPLICATE_MESSAGES = {
  mark: 'Possible duplicate',
  notMarked: 'This machine is not a possible duplicate',
  decided: 'Only an admin can decide about a possible duplicate',
  waitsForAdmin:
    'This machine reports the serial number of a hardware asset another machine is linked to: an admin decides which machine the asset is',
  keep: 'Keep the current link',
  replace: 'This machine replaces it',
  link: 'Link to another asset',
  addToInventory: 'Add as a new asset',
  keepConfirm:
    'Keep the asset linked to its current machine? This machine stays out of the inventory and is not linked by serial number again.',
  replaceConfirm: 'Link the asset to this machine instead? The machine it is linked to now gives it up.',
  addConfirm:
    'Add this machine to the inventory as a new asset? Its serial number stays with the asset that has it.',
  blockedLink:
    'This machine is a possible duplicate: an admin decides first (keep, replace, or link it elsewhere)',
  filter: 'Possible duplicates',
  editorNotice:
    'Another machine reports this asset’s serial number. Until an admin decides which machine this asset is (on the machine’s page), the agent’s facts are shown but not offered to accept.',
} as const;

/** What the machine page says of a newcomer's or a linked machine's possible duplicate. */
export function duplicateSentence(duplicate: PossibleDuplicate): string {
  const other = duplicate.hostname ?? duplicate.machine_id;
  return duplicate.linked
    ? `Reports serial number ${duplicate.serial_number}, which belongs to a hardware asset linked to ${other}`
    : `${other} reports this machine’s serial number ${duplicate.serial_number}`;
}
