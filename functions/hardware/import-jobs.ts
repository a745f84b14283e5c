import { gzipSync } from 'node:zlib';
import { ulid } from 'ulid';
import * as z from 'zod';
import { IMPORT_MESSAGES, type ImportRowError } from '../../shared/hardware-import';
import {
  IMPORT_ERRORS_LISTED,
  IMPORT_JOB_KEPT_DAYS,
  IMPORT_JOB_MESSAGES,
  isImportFinished,
  type ImportJob,
} from '../../shared/hardware-import-job';
import type { Caller } from '../lib/caller';
import { config } from '../lib/config';
import { BadGateway, BadRequest, NotFound } from '../lib/errors';
import { invokeAsync } from '../lib/lambda';
import { logger } from '../lib/logger';
import { assertRoomForAssets, planLimits } from '../lib/plan-limits';
import {
  importErrorParts,
  importExpiry,
  importFileParts,
  importJobs,
  type ImportJobItem,
} from '../lib/table/items/import-jobs';
import { TTL_ATTRIBUTE } from '../lib/table/definition';
import { send } from '../lib/table/transaction';
import { readImportFile } from './import-rows';

/**
 * A CSV import as one job (issue 34): the upload checks the whole file, the plan's asset limit for
 * all of its rows, stores the file beside the job and starts the job's function
 * (functions/hardware/import-run.ts writes the rows). Also the job as the API answers it, and its
 * failed rows.
 */

/** What the job's function is started with. */
export const importJobEventSchema = z.object({ organization_id: z.string(), job_id: z.string() });
export type ImportJobEvent = z.infer<typeof importJobEventSchema>;

/** A part of the file gzipped stays under DynamoDB's 400 KB item limit with room to spare. */
const FILE_PART_GZIPPED_BYTES = 300_000;
const FILE_PART_CHARACTERS = 1_000_000;
const FILE_PUTS_AT_ONCE = 4;

/**
 * The file cut into parts whose gzipped text fits an item: a part that does not (text that hardly
 * compresses) is halved again. A cut never splits a surrogate pair, so each part is valid UTF-16.
 */
export function fileParts(text: string, size = FILE_PART_CHARACTERS): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(text.length, start + size);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    const part = text.slice(start, end);
    if (gzipSync(part).length > FILE_PART_GZIPPED_BYTES && part.length > 1) {
      parts.push(...fileParts(part, Math.ceil(part.length / 2)));
    } else parts.push(part);
    start = end;
  }
  return parts;
}

function jobFunction(): string {
  const { IMPORT_JOB_FUNCTION } = config();
  if (!IMPORT_JOB_FUNCTION) throw new Error('IMPORT_JOB_FUNCTION is not configured');
  return IMPORT_JOB_FUNCTION;
}

const errorListSchema = z.array(z.object({ row: z.number(), message: z.string() }));

/** A job's row errors so far, by row number. */
export async function readImportErrors(organizationId: string, jobId: string): Promise<ImportRowError[]> {
  const parts = await importErrorParts.listOfJob(organizationId, jobId);
  return parts.flatMap((part) => errorListSchema.parse(JSON.parse(part.text))).sort((a, b) => a.row - b.row);
}

/** The uploaded file, as sent. */
export async function readImportFileText(organizationId: string, jobId: string): Promise<string> {
  const parts = await importFileParts.listOfJob(organizationId, jobId);
  return parts
    .sort((a, b) => a.part - b.part)
    .map((part) => part.text)
    .join('');
}

export function toImportJob(item: ImportJobItem, errors: ImportRowError[]): ImportJob {
  return {
    id: item.id,
    status: item.status,
    file_name: item.file_name ?? null,
    rows: item.rows,
    done: item.done,
    success: item.success,
    failed: item.failed,
    ignored_columns: item.ignored_columns,
    message: item.message ?? null,
    errors: errors.slice(0, IMPORT_ERRORS_LISTED),
    created_by: item.created_by,
    created_at: item.created_at,
    updated_at: item.updated_at,
    finished_at: item.finished_at ?? null,
  };
}

/** The organisation's job, consistently read; gone once its time is up, whether or not TTL has removed it. */
export async function readImportJobItem(organizationId: string, id: string): Promise<ImportJobItem | null> {
  const item = await importJobs.get(organizationId, id, { consistent: true });
  return item && item[TTL_ATTRIBUTE] * 1000 > Date.now() ? item : null;
}

async function jobOf(caller: Caller, id: string): Promise<ImportJobItem> {
  const item = await readImportJobItem(caller.organization.id, id);
  if (!item) throw new NotFound(IMPORT_JOB_MESSAGES.notFound);
  return item;
}

/** GET /api/hardware/imports/{id}: the job's progress; once it has finished, its row errors. */
export async function getImportJob(caller: Caller, id: string): Promise<ImportJob> {
  const item = await jobOf(caller, id);
  const errors = isImportFinished(item) ? await readImportErrors(caller.organization.id, id) : [];
  return toImportJob(item, errors);
}

/** The failed rows of a finished job, as they were in its file, with their errors. */
export async function failedRowsOf(
  caller: Caller,
  id: string,
): Promise<{ item: ImportJobItem; text: string; errors: ImportRowError[] }> {
  const item = await jobOf(caller, id);
  if (!isImportFinished(item)) throw new BadRequest(IMPORT_JOB_MESSAGES.failedRowsPending, 'import_running');
  const [text, errors] = await Promise.all([
    readImportFileText(caller.organization.id, id),
    readImportErrors(caller.organization.id, id),
  ]);
  return { item, text, errors };
}

/**
 * POST /api/hardware/import: the file is read whole and refused whole (400, 413; 409 plan_limit
 * when its rows would pass the plan's asset limit), or stored with a queued job that is started
 * at once. Nothing of a refused file is written.
 */
export async function startImportJob(
  caller: Caller,
  text: string,
  fileName: string | undefined,
  now: Date,
): Promise<ImportJob> {
  const organizationId = caller.organization.id;
  const file = readImportFile(text);
  if (file.writable.length === 0) {
    throw new BadRequest(IMPORT_MESSAGES.noValidRows(file.errors.length), 'no_valid_rows', {
      errors: file.errors.slice(0, IMPORT_ERRORS_LISTED),
      ignored_columns: file.ignoredColumns,
    });
  }
  // Counted again by the job under the organisation's guard, when it writes: this refuses early.
  await assertRoomForAssets(organizationId, planLimits(caller.subscription), file.writable.length, 'import');

  const id = ulid(now.getTime());
  const expiry = importExpiry(now, IMPORT_JOB_KEPT_DAYS);
  const parts = fileParts(text);
  for (let start = 0; start < parts.length; start += FILE_PUTS_AT_ONCE) {
    await Promise.all(
      parts
        .slice(start, start + FILE_PUTS_AT_ONCE)
        .map((part, offset) =>
          send(importFileParts.create(organizationId, id, start + offset, part, expiry[TTL_ATTRIBUTE])),
        ),
    );
  }
  const timestamp = now.toISOString();
  const item: ImportJobItem = {
    id,
    organization_id: organizationId,
    status: 'queued',
    ...(fileName ? { file_name: fileName } : {}),
    rows: file.totalRows,
    done: 0,
    success: 0,
    failed: 0,
    ignored_columns: file.ignoredColumns,
    created_by: caller.profile.email,
    created_at: timestamp,
    updated_at: timestamp,
    file_parts: parts.length,
    error_parts: 0,
    attempts: 0,
    ...expiry,
  };
  // The job item last: a job names a file that is all there.
  await send(importJobs.create(item));
  try {
    await invokeAsync(jobFunction(), {
      organization_id: organizationId,
      job_id: id,
    } satisfies ImportJobEvent);
  } catch (error) {
    logger.error('The import job could not be started', { error: String(error), job_id: id });
    const message = IMPORT_JOB_MESSAGES.notStarted;
    await send(importJobs.update(organizationId, id, { set: { status: 'failed', message } }));
    throw new BadGateway(message, 'import_not_started');
  }
  return toImportJob(item, []);
}
