import { softwareInstallations, softwarePrograms, versionAttribute } from '../lib/table/items/software';
import { write, type TableWrite } from '../lib/table/transaction';
import type { ProgramOnMachine, ProgramSet } from './machine-changes';

/**
 * The software inventory (issue 27): per program, an item counting its machines and versions, and an
 * item per machine that has it, so "which machines have program X" is one query of X's items.
 *
 * A machine's first report can carry thousands of programs, past the 100 items of one transaction,
 * so each program's move is a transaction of its own (its machine's item and its counts together),
 * made before the report's transaction. Each is conditioned on the machine's item being as the move
 * expects: a move made already (a report retried after its transaction lost a race) fails its
 * condition and is skipped, so counts are never moved twice.
 */

/** Programs moved in one transaction (two items each, of the 100 a transaction may hold). */
const MOVES_PER_TRANSACTION = 50;
/** Transactions running at once: a first report's thousands of programs, without flooding the table. */
const CONCURRENT_TRANSACTIONS = 4;
/**
 * Program moves one report makes at most, so that a machine's first report with thousands of
 * programs stays within the function's time; the rest are made by its next reports (the machine is
 * left marked as not fully indexed, service.ts).
 */
export const MOVES_PER_REPORT = 2_000;

/** Whether a move is made already: its machine's item is as the move leaves it. */
async function notYetMade(
  organizationId: string,
  machineId: string,
  moves: ProgramMove[],
): Promise<ProgramMove[]> {
  const found = await softwareInstallations.getVersionsOf(
    organizationId,
    machineId,
    moves.map((move) => move.key),
  );
  return moves.filter((move, index) => {
    const versions = found[index] ?? undefined;
    return move.after ? versions?.join('\n') !== move.after.versions.join('\n') : versions !== undefined;
  });
}

interface ProgramMove {
  key: string;
  before: ProgramOnMachine | undefined;
  after: ProgramOnMachine | undefined;
}

function programMoves(before: ProgramSet, after: ProgramSet): ProgramMove[] {
  const moves: ProgramMove[] = [];
  for (const [key, program] of after) {
    const old = before.get(key);
    if (!old || old.versions.join('\n') !== program.versions.join('\n')) {
      moves.push({ key, before: old, after: program });
    }
  }
  for (const [key, program] of before) {
    if (!after.has(key)) moves.push({ key, before: program, after: undefined });
  }
  return moves;
}

function moveWrites(organizationId: string, machineId: string, move: ProgramMove, now: Date): TableWrite[] {
  const { key, before, after } = move;
  const asRead = before ? before.versions : null;
  const counts = new Map<string, number>();
  const count = (version: string, by: number) =>
    counts.set(versionAttribute(version), (counts.get(versionAttribute(version)) ?? 0) + by);
  for (const version of before?.versions ?? []) count(version, -1);
  for (const version of after?.versions ?? []) count(version, 1);
  const add = Object.fromEntries([...counts].filter(([, delta]) => delta !== 0));
  const machines = (after ? 1 : 0) - (before ? 1 : 0);
  if (machines !== 0) add.machines = machines;
  const program = (after ?? before)!;
  return [
    after
      ? softwareInstallations.putIfVersionsAsRead(
          organizationId,
          { name: after.name, program_key: key, machine_id: machineId, versions: after.versions },
          // A new version of a program the machine had keeps the date it first had it.
          now.toISOString(),
          asRead,
        )
      : softwareInstallations.removeIfVersionsAsRead(organizationId, key, machineId, asRead),
    softwarePrograms.addCounts(organizationId, { key, name: program.name }, add),
  ];
}

/**
 * Moves the software inventory from a machine's programs before to after (a first report: from none;
 * a deleted machine: to none). Returns how many program moves were made (skipped ones not counted).
 */
export async function moveSoftwareIndex(
  organizationId: string,
  machineId: string,
  before: ProgramSet,
  after: ProgramSet,
  now: Date,
  maxMoves = MOVES_PER_REPORT,
): Promise<{ made: number; complete: boolean }> {
  const all = programMoves(before, after);
  const moves = all.slice(0, maxMoves);
  const batches: ProgramMove[][] = [];
  for (let start = 0; start < moves.length; start += MOVES_PER_TRANSACTION) {
    batches.push(moves.slice(start, start + MOVES_PER_TRANSACTION));
  }
  const apply = async (batch: ProgramMove[]): Promise<boolean> => {
    const outcome = await write(() => ({
      parts: batch.flatMap(() => ['installation', 'program']),
      items: batch.flatMap((move) => moveWrites(organizationId, machineId, move, now)),
    }));
    return outcome.ok;
  };
  let next = 0;
  let made = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENT_TRANSACTIONS, batches.length) }, async () => {
      while (next < batches.length) {
        const batch = batches[next++]!;
        if (await apply(batch)) {
          made += batch.length;
          continue;
        }
        // Some of these moves were made already (a retried or continued report): the others.
        const left = await notYetMade(organizationId, machineId, batch);
        if (left.length > 0 && (await apply(left))) made += left.length;
      }
    }),
  );
  return { made, complete: all.length <= maxMoves };
}
