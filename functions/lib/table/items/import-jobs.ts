import { gunzipSync, gzipSync } from 'node:zlib';
import * as z from 'zod';
import { IMPORT_JOB_STATUSES } from '../../../../shared/hardware-import-job';
import { create, getItem, listAll, patch, put, type TableWrite } from '../commands';
import { absent, allOf, anyOf, equals, lessThan } from '../conditions';
import { TTL_ATTRIBUTE } from '../definition';
import { keepRenewing, type LeaseTerms } from '../lease';
import { key, stored, tableKey } from './stored';

/**
 * A CSV import's job (functions/hardware/import-run.ts) and what it keeps beside it, all in the
 * organisation's partition and removed by TTL a few days after the upload: the uploaded file in
 * gzipped parts (there is no S3 emulator locally; a part stays under the 400 KB item limit) and
 * the row errors, one gzipped item per step of the job.
 */
export const importJobItemSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  file_name: z.string().optional(),
  rows: z.number(),
  done: z.number(),
  success: z.number(),
  failed: z.number(),
  ignored_columns: z.array(z.string()),
  message: z.string().optional(),
  /** The person who uploaded the file, as the audit trail names them. */
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  finished_at: z.string().optional(),
  file_parts: z.number(),
  /** Error items written so far, numbered from 0. */
  error_parts: z.number(),
  /** The run that holds the job (one invocation at a time), and until when (epoch ms). */
  runner: z.string().optional(),
  run_until: z.number().optional(),
  /** Runs that took the job: AWS retries a failed run twice. */
  attempts: z.number(),
  [TTL_ATTRIBUTE]: z.number(),
});
export type ImportJobItem = z.infer<typeof importJobItemSchema>;

/**
 * A part of the uploaded file, or a step's row errors in JSON: text, stored gzipped (`text_gz`,
 * binary), read back as `text`.
 */
export const importTextPartSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'object' || value === null || !('text_gz' in value)) return value;
    const { text_gz: compressed, ...rest } = value;
    return compressed instanceof Uint8Array
      ? { ...rest, text: gunzipSync(compressed).toString('utf8') }
      : value;
  },
  z.object({ job_id: z.string(), part: z.number(), text: z.string() }),
);

/** Epoch seconds, `days` after `from`. */
export function importExpiry(from: Date, days: number): { [TTL_ATTRIBUTE]: number } {
  return { [TTL_ATTRIBUTE]: Math.floor(from.getTime() / 1000) + days * 86_400 };
}

const part = (index: number, digits: number) => String(index).padStart(digits, '0');

/** What a run changes on the job it holds. */
export interface ImportJobChanges {
  set?: Record<string, unknown>;
  add?: Record<string, number>;
  remove?: string[];
}

export const importJobs = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `IMPORT#${id}`),
  item: (job: ImportJobItem) => stored(job, importJobs.key(job.organization_id, job.id)),
  get: (organizationId: string, id: string, options: { consistent?: boolean } = {}) =>
    getItem(importJobItemSchema, importJobs.key(organizationId, id), options),
  /** A new job: refused when its id is taken. */
  create: (job: ImportJobItem): TableWrite => create(importJobs.item(job)),
  /** Changes a job that exists, whoever holds it. */
  update: (organizationId: string, id: string, changes: ImportJobChanges): TableWrite =>
    patch(importJobs.key(organizationId, id), changes),
  /**
   * Takes the job for a run: only while it is queued or running and no live run holds it (no lease,
   * or one that ran out before `now`).
   */
  claimRun: (organizationId: string, id: string, runner: string, now: number, leaseMs: number): TableWrite =>
    patch(
      importJobs.key(organizationId, id),
      { set: { runner, run_until: now + leaseMs }, add: { attempts: 1 } },
      allOf(
        anyOf(equals('status', 'queued'), equals('status', 'running')),
        anyOf(absent('run_until'), lessThan('run_until', now)),
      ),
    ),
  /** Changes the job only while `runner` holds it. */
  updateIfRunBy: (
    organizationId: string,
    id: string,
    runner: string,
    changes: ImportJobChanges,
  ): TableWrite => patch(importJobs.key(organizationId, id), changes, equals('runner', runner)),
  /** Records a step only while `runner` holds the job and its progress is still `done`. */
  recordStepIfRunBy: (
    organizationId: string,
    id: string,
    runner: string,
    done: number,
    changes: ImportJobChanges,
  ): TableWrite =>
    patch(importJobs.key(organizationId, id), changes, allOf(equals('runner', runner), equals('done', done))),
  /** Renews a run's hold on the job (its `runner` and `run_until`) until stopped. */
  keepRunRenewing: (
    organizationId: string,
    id: string,
    runner: string,
    terms: Pick<LeaseTerms, 'leaseMs' | 'renewEveryMs'>,
  ) =>
    keepRenewing(importJobs.key(organizationId, id), runner, terms, { holder: 'runner', until: 'run_until' }),
};

/** Items of a job's text in numbered parts, gzipped: `KIND#<job>#<part>`. */
function textParts(kind: string, digits: number) {
  const partKey = (organizationId: string, jobId: string, index: number) =>
    tableKey(`ORG#${organizationId}`, `${kind}#${jobId}#${part(index, digits)}`);
  const parts = {
    key: partKey,
    item: (organizationId: string, jobId: string, index: number, text: string, expiry: number) =>
      stored(
        { job_id: jobId, part: index, text_gz: gzipSync(text), [TTL_ATTRIBUTE]: expiry },
        partKey(organizationId, jobId, index),
      ),
    ofJob: (organizationId: string, jobId: string) => ({
      partition: key(`ORG#${organizationId}`),
      sortPrefix: key(`${kind}#${jobId}#`),
    }),
    /** Every part of a job, in order, consistently read. */
    listOfJob: (organizationId: string, jobId: string) =>
      listAll(importTextPartSchema, parts.ofJob(organizationId, jobId), { consistent: true }),
    /** A new part: refused when its number is taken. */
    create: (
      organizationId: string,
      jobId: string,
      index: number,
      text: string,
      expiry: number,
    ): TableWrite => create(parts.item(organizationId, jobId, index, text, expiry)),
    /** A part, replacing one of the same number. */
    put: (organizationId: string, jobId: string, index: number, text: string, expiry: number): TableWrite =>
      put(parts.item(organizationId, jobId, index, text, expiry)),
  };
  return parts;
}

/** The uploaded file, in parts of at most 300 KB gzipped. */
export const importFileParts = textParts('IMPORTFILE', 3);
/** A step's row errors in JSON, one item per step that had any. */
export const importErrorParts = textParts('IMPORTERR', 5);
