import * as z from 'zod';

/**
 * Possible clones (issue 35, item 3): two computers reporting with one device token, as a disk
 * cloned after the agent enrolled does. Neither re-enrols (the token is valid), so nothing is held
 * for approval; their reports alternate on one machine record. A computer's last boot never moves
 * backwards, so a report that takes it back is another computer speaking: the machine is marked
 * once that happens again within the window below, shown on its card and page, and not flipped
 * anywhere else (no token is revoked, no link moves).
 */

/** How far back a reported boot may be of the one recorded before it counts: clocks are corrected at boot. */
export const CLONE_BOOT_TOLERANCE_SECONDS = 5 * 60;

/**
 * Boots going back this many times mark the machine: once can be a virtual machine restored from a
 * snapshot or a clock set right; a clone does it every other report.
 */
export const CLONE_REVERSALS = 2;

/** Reversals count within this many days of the first, and the mark shows this long after the latest. */
export const CLONE_WINDOW_DAYS = 7;

const DAY_MS = 86_400_000;

/** What a machine record keeps of its boots going back. */
export interface CloneEvidence {
  /** How many times, since the first below. */
  clone_reversals?: number;
  clone_first_at?: string;
  clone_last_at?: string;
}

/** Whether a report's last boot (epoch seconds) is earlier than the one recorded, past the tolerance. */
export function bootWentBack(recorded: number | undefined, reported: number | null | undefined): boolean {
  if (recorded === undefined || reported === null || reported === undefined) return false;
  return reported < recorded - CLONE_BOOT_TOLERANCE_SECONDS;
}

/** The evidence after a report whose boot went back, counted afresh once the window has passed. */
export function countReversal(evidence: CloneEvidence, now: Date): Required<CloneEvidence> {
  const at = now.toISOString();
  const first = evidence.clone_first_at;
  const within = first !== undefined && now.getTime() - Date.parse(first) < CLONE_WINDOW_DAYS * DAY_MS;
  return within
    ? { clone_reversals: (evidence.clone_reversals ?? 0) + 1, clone_first_at: first, clone_last_at: at }
    : { clone_reversals: 1, clone_first_at: at, clone_last_at: at };
}

/** A machine's possible clone as the API shows it: since the first reversal counted, and how many. */
export const possibleCloneSchema = z.object({ since: z.string(), reversals: z.number() });
export type PossibleClone = z.output<typeof possibleCloneSchema>;

/** The API's possible clone of a machine record, or null. */
export function possibleClone(evidence: CloneEvidence, now: Date): PossibleClone | null {
  const since = possibleCloneSince(evidence, now);
  return since === null ? null : { since, reversals: evidence.clone_reversals ?? 0 };
}

/** Since when the machine is a possible clone, or null: enough reversals, the latest within the window. */
export function possibleCloneSince(evidence: CloneEvidence, now: Date): string | null {
  const { clone_reversals: count = 0, clone_first_at: first, clone_last_at: last } = evidence;
  if (count < CLONE_REVERSALS || first === undefined || last === undefined) return null;
  return now.getTime() - Date.parse(last) < CLONE_WINDOW_DAYS * DAY_MS ? first : null;
}

export const CLONE_MESSAGES = {
  mark: 'Possible clone',
  explanation:
    'Two computers seem to report as this machine with one device token: its last boot time went back',
  advice:
    'This happens when a disk is copied after the agent enrolled. Give the copy a machine id of its own (Sysprep on Windows, a new /etc/machine-id on Linux): its agent then enrols as a new machine.',
} as const;

/** The machine page's sentence: how many times the boot went back, and since when (as the page shows dates). */
export function cloneSentence(clone: PossibleClone, since: string): string {
  return `${CLONE_MESSAGES.explanation} ${clone.reversals} times since ${since}.`;
}
