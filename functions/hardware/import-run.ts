import type { ImportRow, ImportRowError } from '../../shared/hardware-import';
import { IMPORT_JOB_MESSAGES } from '../../shared/hardware-import-job';
import { Conflict } from '../lib/errors';
import { logger } from '../lib/logger';
import {
  assertRoomForAssets,
  JOB_GUARD_TERMS,
  planLimits,
  underPlanLimitGuard,
  type PlanLimits,
} from '../lib/plan-limits';
import { importErrorParts, importJobs, type ImportJobItem } from '../lib/table/items/import-jobs';
import { TTL_ATTRIBUTE } from '../lib/table/definition';
import type { HeldLease } from '../lib/table/lease';
import { getOrganizationAndSubscription } from '../lib/tenant';
import { isConditionFailure, send, write } from '../lib/table/transaction';
import { readHardwareAssets } from '../inventory/assets';
import { importHardwareAssets } from './import-batches';
import { readImportFileText, readImportJobItem } from './import-jobs';
import { importedAssetId, readImportFile, type ImportFile } from './import-rows';

/**
 * A CSV import's job, run by a function of its own (functions/hardware/import-job.ts) that Lambda
 * starts asynchronously and retries after a failure. The rows are written in the file's order, a
 * step at a time, each step's progress and row errors recorded with the job in one transaction;
 * a retried run resumes after the last recorded step, and finds the rows of a step it had begun
 * already written (their asset ids are the job's and the row's), so no row is written twice. For a
 * limited plan the whole run holds the organisation's asset guard, and counts again before it
 * writes: a file that no longer fits ends "failed" with nothing written.
 */

/** Rows per step: a few of the batches' transactions, then the progress. */
export const IMPORT_STEP_ROWS = 400;
/** One run at a time holds the job; a crashed one lets go of it this long after its last renewal. */
const RUN_LEASE_MS = 30_000;
const RUN_RENEW_MS = 10_000;
/** A first run and Lambda's two retries: after the third failure the job ends "failed". */
const RUN_ATTEMPTS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The run lost the job to another (it stalled past its lease): it stops without writing more. */
class JobTakenOver extends Error {}

/** Takes the job for this run; null when it is finished, gone, or held by a live run. */
async function claim(organizationId: string, jobId: string, runner: string): Promise<ImportJobItem | null> {
  // A run that crashed holds the job until its lease runs out; a retry waits that long at most.
  const giveUpAt = Date.now() + RUN_LEASE_MS * 2;
  for (;;) {
    const job = await readImportJobItem(organizationId, jobId);
    if (!job || job.status === 'done' || job.status === 'failed') return null;
    const now = Date.now();
    try {
      await send(importJobs.claimRun(organizationId, jobId, runner, now, RUN_LEASE_MS));
      return { ...job, runner, run_until: now + RUN_LEASE_MS, attempts: job.attempts + 1 };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      if (Date.now() >= giveUpAt) return null;
      await sleep(Math.max(500, Math.min(5_000, (job.run_until ?? now) - now + 100)));
    }
  }
}

/** Changes the job if this run still holds it. */
async function updateJob(
  job: ImportJobItem,
  runner: string,
  changes: { set?: Record<string, unknown>; remove?: string[] },
): Promise<void> {
  try {
    await send(
      importJobs.updateIfRunBy(job.organization_id, job.id, runner, {
        ...changes,
        set: { ...changes.set, updated_at: new Date().toISOString() },
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new JobTakenOver();
    throw error;
  }
}

/** Ends the job and lets go of it. */
function finish(job: ImportJobItem, runner: string, status: 'done' | 'failed', message?: string) {
  return updateJob(job, runner, {
    set: { status, finished_at: new Date().toISOString(), ...(message ? { message } : {}) },
    remove: ['runner', 'run_until'],
  });
}

/**
 * Records a step: the rows done, the counts, and the step's row errors in an item of their own, in
 * one transaction that holds only while this run holds the job and nobody recorded the step first.
 */
async function recordStep(
  job: ImportJobItem,
  runner: string,
  step: { done: number; success: number; errors: ImportRowError[] },
): Promise<void> {
  const { organization_id: organizationId, id } = job;
  const outcome = await write(() => ({
    parts: ['job', 'errors'],
    items: [
      importJobs.recordStepIfRunBy(organizationId, id, runner, job.done, {
        set: {
          done: step.done,
          updated_at: new Date().toISOString(),
          run_until: Date.now() + RUN_LEASE_MS,
        },
        add: {
          success: step.success,
          failed: step.errors.length,
          error_parts: step.errors.length > 0 ? 1 : 0,
        },
      }),
      ...(step.errors.length > 0
        ? [
            importErrorParts.put(
              organizationId,
              id,
              job.error_parts,
              JSON.stringify(step.errors),
              job[TTL_ATTRIBUTE],
            ),
          ]
        : []),
    ],
  }));
  if (!outcome.ok) throw new JobTakenOver();
  job.done = step.done;
  job.success += step.success;
  job.failed += step.errors.length;
  if (step.errors.length > 0) job.error_parts++;
}

/** Writes the rows after the job's recorded progress, a step at a time. */
async function writeSteps(
  job: ImportJobItem,
  runner: string,
  file: ImportFile,
  stillHeld: () => boolean,
): Promise<void> {
  const actor = { email: job.created_by };
  while (job.done < file.totalRows) {
    if (!stillHeld()) throw new JobTakenOver();
    // Data rows are numbered from 2 (the header is row 1).
    const first = job.done + 2;
    const last = Math.min(job.done + IMPORT_STEP_ROWS, file.totalRows) + 1;
    const inStep = ({ row }: { row: number }) => row >= first && row <= last;
    const rows = file.writable.filter(inStep);
    const written =
      rows.length > 0
        ? await importHardwareAssets(
            job.organization_id,
            rows,
            (row) => importedAssetId(job.id, row),
            actor,
            new Date(),
          )
        : { success: 0, errors: [] };
    const errors = [...file.errors.filter(inStep), ...written.errors].sort((a, b) => a.row - b.row);
    await recordStep(job, runner, { done: last - 1, success: written.success, errors });
  }
}

/**
 * Rows a run that stopped had written past its recorded progress: at most its last step's, found by
 * their ids. They are counted among the organisation's assets already, so not again.
 */
async function writtenBeyondProgress(job: ImportJobItem, rest: ImportRow[]): Promise<number> {
  const ids = rest
    .filter(({ row }) => row <= job.done + IMPORT_STEP_ROWS + 1)
    .map(({ row }) => importedAssetId(job.id, row));
  return (await readHardwareAssets(job.organization_id, ids)).size;
}

/** The rows still to write fit the plan's limit, or the job ends "failed" saying why. */
async function roomForTheRest(
  job: ImportJobItem,
  runner: string,
  file: ImportFile,
  limits: PlanLimits,
): Promise<boolean> {
  const rest = file.writable.filter(({ row }) => row >= job.done + 2);
  try {
    const written = job.attempts > 1 ? await writtenBeyondProgress(job, rest) : 0;
    await assertRoomForAssets(job.organization_id, limits, rest.length - written, 'import');
    return true;
  } catch (error) {
    if (!(error instanceof Conflict) || error.code !== 'plan_limit') throw error;
    const message =
      job.success === 0 && job.done === 0
        ? error.message
        : IMPORT_JOB_MESSAGES.stoppedAtLimit(job.success, limits.assetLimit);
    await finish(job, runner, 'failed', message);
    return false;
  }
}

async function run(job: ImportJobItem, runner: string, stillRunning: () => boolean): Promise<void> {
  const { organization, subscription } = await getOrganizationAndSubscription(job.organization_id);
  // An organisation being deleted takes its jobs with it.
  if (!organization) return;
  const file = readImportFile(await readImportFileText(job.organization_id, job.id));
  const limits = planLimits(subscription);
  await underPlanLimitGuard(
    job.organization_id,
    'assets',
    limits.assetLimit,
    async (guard: HeldLease) => {
      if (!(await roomForTheRest(job, runner, file, limits))) return;
      await updateJob(job, runner, { set: { status: 'running' } });
      await writeSteps(job, runner, file, () => guard.held() && stillRunning());
      await finish(job, runner, 'done');
    },
    JOB_GUARD_TERMS,
  );
}

/**
 * Runs the job (or what is left of it) once this run holds it. A failure lets go of the job and is
 * thrown, for Lambda to retry; the last try's failure ends the job "failed" instead.
 */
export async function runImportJob(organizationId: string, jobId: string, runner: string): Promise<void> {
  const job = await claim(organizationId, jobId, runner);
  if (!job) return;
  // The run's hold on the job, renewed while it waits for the guard or writes.
  const hold = importJobs.keepRunRenewing(organizationId, jobId, runner, {
    leaseMs: RUN_LEASE_MS,
    renewEveryMs: RUN_RENEW_MS,
  });
  try {
    await run(job, runner, hold.lease.held);
  } catch (error) {
    if (error instanceof JobTakenOver) return;
    logger.error('An import job run failed', { error: String(error), job_id: jobId, attempt: job.attempts });
    await hold.stop();
    try {
      if (job.attempts >= RUN_ATTEMPTS) {
        await finish(job, runner, 'failed', IMPORT_JOB_MESSAGES.stopped(job.success));
        return;
      }
      // The retry takes the job at once rather than after the lease.
      await updateJob(job, runner, { remove: ['runner', 'run_until'] });
    } catch (letGo) {
      if (!(letGo instanceof JobTakenOver))
        logger.error('Letting go of an import job failed', { error: String(letGo) });
    }
    throw error;
  } finally {
    await hold.stop();
  }
}
