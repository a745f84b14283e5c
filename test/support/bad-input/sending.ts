import http from 'node:http';
import * as z from 'zod';
import { apiErrorBodySchema } from '../../../shared/api';
import { IMPORT_ERRORS_LISTED } from '../../../shared/hardware-import-job';
import { baseUrl } from '../api';
import { API_KEY_HEADER } from '../../../shared/agent-data';
import type { BadCase, Caller } from './cases';

/** Sending the bad cases to the run's stack, a few at a time, and judging the answers. */

/** A CSV import refused for its rows: every row has an error (POST /api/hardware/import). */
const noValidRowsSchema = z.object({
  error: z.object({
    code: z.literal('no_valid_rows'),
    details: z.object({ errors: z.array(z.object({ row: z.number(), message: z.string() })) }),
  }),
});

export const CONCURRENCY = 8;

/** The headers each kind of caller sends its bad cases with. */
export function credentialsOf(secrets: {
  token: string;
  root: string;
  agentKey: string;
  deviceToken: string;
}): Record<Caller, Record<string, string>> {
  return {
    public: {},
    stripe: {},
    admin: { authorization: `Bearer ${secrets.token}` },
    super_admin: { authorization: `Bearer ${secrets.root}` },
    agent: { [API_KEY_HEADER]: secrets.agentKey },
    device: { authorization: `Bearer ${secrets.deviceToken}` },
  };
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * Sends one request and reads its answer, whatever happens to the rest of the upload (issue 34): a
 * server that answers a refusal before the body has all arrived (a 413, a 401) may close while this
 * still writes, and the write's EPIPE or ECONNRESET then comes after the answer it already sent.
 * A request that fails before any answer on a kept-alive connection the server had just closed is
 * sent again once on a new one, as Node's documentation advises (request.reusedSocket).
 */
export function send(request: BadCase & { method: string }, attempt = 1): Promise<Answer> {
  const url = new URL(baseUrl());
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.query ? `${request.path}?${request.query}` : request.path,
        headers: {
          ...request.headers,
          ...(request.body === undefined ? {} : { 'content-length': Buffer.byteLength(request.body) }),
        },
        agent,
      },
      (response) => {
        answered = true;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        const settle = () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          });
        response.on('end', settle);
        // The upload's failure can cut the connection under an answer already read in full.
        response.on('close', () => {
          if (response.complete) settle();
          else reject(new Error(`${request.method} ${request.path}: the answer was cut short`));
        });
      },
    );
    outgoing.on('error', (error) => {
      if (answered) return;
      if (outgoing.reusedSocket && attempt === 1) return resolve(send(request, attempt + 1));
      reject(error);
    });
    outgoing.end(request.body);
  });
}

export async function inBatches<T, R>(items: T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await run(items[index]!);
      }
    }),
  );
  return results;
}

/** Why an answer is not the refusal a bad request deserves, or null when it is. */
export function problemWith(answer: Answer, badCase: BadCase): string | null {
  if (answer.status >= 500) return `server error ${answer.status}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `${answer.status} with a body that is not JSON`;
  }
  if (!answer.contentType.startsWith('application/json')) return `${answer.status} as ${answer.contentType}`;
  if (badCase.rowsAllRefused !== undefined) {
    const refused = noValidRowsSchema.safeParse(body);
    const named = Math.min(badCase.rowsAllRefused, IMPORT_ERRORS_LISTED);
    return answer.status === 400 && refused.success && refused.data.error.details.errors.length === named
      ? null
      : `${answer.status} for a file without one good row, where 400 no_valid_rows naming its ${named} rows is due`;
  }
  if (answer.status < 400) return `accepted with ${answer.status}`;
  if (badCase.status !== undefined && answer.status !== badCase.status)
    return `${answer.status} where ${badCase.status} is due`;
  if (!apiErrorBodySchema.safeParse(body).success) return `${answer.status} without the error body`;
  return null;
}
