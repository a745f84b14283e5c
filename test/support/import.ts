import { expect } from 'vitest';
import * as z from 'zod';
import { isImportFinished, type ImportJob } from '../../shared/hardware-import-job';
import type { ApiResponse, SendRequest, TestCompany } from './stack-client';
import { api, useFunctionEnv } from './api';

/**
 * The CSV import as a client calls it (issue 34): the whole file in one upload, answered 202 with its
 * job, then the job followed until it has finished. Over HTTP to the run's stack unless given a
 * `send` (another stack's, test/support/stack-process.ts).
 */

export interface UploadOptions {
  fileName?: string;
  contentType?: string;
  send?: SendRequest;
}

/** POST /api/hardware/import with the file as its body. */
export function uploadCsv(
  company: TestCompany,
  csv: string,
  { fileName, contentType = 'text/csv', send = api }: UploadOptions = {},
): Promise<ApiResponse<ImportJob>> {
  const query = fileName ? `?file_name=${encodeURIComponent(fileName)}` : '';
  return send<ImportJob>(`/api/hardware/import${query}`, {
    method: 'POST',
    token: company.accessToken,
    rawBody: csv,
    headers: { 'content-type': contentType },
  });
}

export function getImport(company: TestCompany, id: string, send: SendRequest = api) {
  return send<ImportJob>(`/api/hardware/imports/${id}`, { token: company.accessToken });
}

/** Follows a job until it has finished (done or failed), `onProgress` told each answer on the way. */
export async function waitForImport(
  company: TestCompany,
  id: string,
  {
    send = api,
    timeoutMs = 120_000,
    pollMs = 100,
    onProgress,
  }: { send?: SendRequest; timeoutMs?: number; pollMs?: number; onProgress?: (job: ImportJob) => void } = {},
): Promise<ImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await getImport(company, id, send);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    onProgress?.(answer.body);
    if (isImportFinished(answer.body)) return answer.body;
    if (Date.now() > deadline) throw new Error(`Import ${id} had not finished after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/** Uploads a file that must be taken (202) and waits for its job to finish. */
export async function importCsv(
  company: TestCompany,
  csv: string,
  options: UploadOptions & { timeoutMs?: number } = {},
): Promise<ImportJob> {
  const upload = await uploadCsv(company, csv, options);
  expect(upload.status, JSON.stringify(upload.body)).toBe(202);
  return waitForImport(company, upload.body.id, { send: options.send, timeoutMs: options.timeoutMs });
}

/** The sort keys of an organisation's import items (jobs, their files and errors), read from the table. */
export async function importItemKeys(organizationId: string): Promise<string[]> {
  useFunctionEnv();
  const { listAll } = await import('../../functions/lib/table/commands');
  const items = await listAll(
    z.object({ sk: z.string() }),
    { partition: `org#${organizationId.toLowerCase()}`, sortPrefix: 'import' },
    { withKeys: true, consistent: true },
  );
  return items.map((item) => item.sk);
}
