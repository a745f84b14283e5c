import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Context } from 'aws-lambda';
import * as z from 'zod';
import { IMPORT_JOB_HANDLER, IMPORT_JOB_SETTINGS, type FunctionSettings } from '../function-settings';
import { readBodyUpTo } from './request-body';

/**
 * The local stand-in for AWS Lambda's Invoke API, as far as the product calls it: an asynchronous
 * invocation (InvocationType Event) of a function of ours by name. Like Lambda it answers 202 at
 * once, keeps the event in a queue (here a file under the data folder, so a kill -9 of the stack
 * loses none), runs the function, and on failure tries it again twice, a minute and then two
 * minutes later. A stack that starts again delivers the events its last run had not finished. The
 * functions reach it through LAMBDA_ENDPOINT = `${gateway}${LOCAL_LAMBDA_PATH}`; the SigV4
 * signature is not checked.
 */
export const LOCAL_LAMBDA_PATH = '/dev/lambda';
/** Every request under it is the stand-in's. */
export const LOCAL_LAMBDA_PREFIX = `${LOCAL_LAMBDA_PATH}/`;
const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The functions the product invokes by name, as the local stack names them, and their handlers. */
export const LOCAL_IMPORT_JOB_FUNCTION = 'local-hardware-import-job';
const LOCAL_FUNCTIONS: Record<string, { handler: string; settings: FunctionSettings }> = {
  [LOCAL_IMPORT_JOB_FUNCTION]: { handler: IMPORT_JOB_HANDLER, settings: IMPORT_JOB_SETTINGS },
};

/** Lambda's retries of a failed asynchronous invocation, and how long it keeps an event. */
const RETRY_DELAYS_MS = [60_000, 120_000];
const MAX_EVENT_AGE_MS = 6 * 3_600_000;

type Handler = (event: unknown, context: Context) => Promise<unknown>;

const queuedEventSchema = z.object({
  id: z.string(),
  functionName: z.string(),
  payload: z.string(),
  /** Runs begun so far. */
  attempts: z.number(),
  receivedAt: z.number(),
});
type QueuedEvent = z.infer<typeof queuedEventSchema>;

/** The context Lambda hands a function: its name, size and the time it has left (its limit from now). */
export function localLambdaContext(
  functionName: string,
  settings: Pick<FunctionSettings, 'memoryMb' | 'timeoutSeconds'>,
  requestId: string = randomUUID(),
): Context {
  const deadline = Date.now() + settings.timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: String(settings.memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function answer(res: ServerResponse, statusCode: number, body?: unknown, errorType?: string) {
  res.writeHead(statusCode, {
    'content-type': 'application/json',
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

/** An asynchronous invocation's event: at most 256 KB, as Lambda takes (null past that). */
const MAX_EVENT_BYTES = 256 * 1024;

/** A queued event's file as JSON; null for one a kill cut short while it was written. */
async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

export class LocalLambda {
  private readonly handlers = new Map<string, Promise<Handler>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  /** `queueDir` holds the events not yet delivered successfully. */
  constructor(private readonly queueDir: string) {}

  private handler(functionName: string): Promise<Handler> {
    let handler = this.handlers.get(functionName);
    if (!handler) {
      const module = LOCAL_FUNCTIONS[functionName]!.handler;
      // A path from the repository root, as the CDK bundles it (not a feature's index.ts).
      handler = import(/* @vite-ignore */ `../../${module}`).then(
        (loaded: { handler: Handler }) => loaded.handler,
      );
      this.handlers.set(functionName, handler);
    }
    return handler;
  }

  private file(id: string): string {
    return path.join(this.queueDir, `${id}.json`);
  }

  private async run(queued: QueuedEvent): Promise<void> {
    if (this.stopped) return;
    const attempt: QueuedEvent = { ...queued, attempts: queued.attempts + 1 };
    await writeFile(this.file(queued.id), JSON.stringify(attempt));
    const { settings } = LOCAL_FUNCTIONS[queued.functionName]!;
    try {
      const handler = await this.handler(queued.functionName);
      await handler(JSON.parse(queued.payload) as unknown, localLambdaContext(queued.functionName, settings));
      await rm(this.file(queued.id), { force: true });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt.attempts - 1];
      console.error(`[lambda] ${queued.functionName} failed (attempt ${attempt.attempts})`, error);
      if (delay === undefined || Date.now() - queued.receivedAt > MAX_EVENT_AGE_MS) {
        await rm(this.file(queued.id), { force: true });
        return;
      }
      this.later(attempt, delay);
    }
  }

  private later(queued: QueuedEvent, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.start(queued);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private start(queued: QueuedEvent): void {
    const running = this.run(queued).finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** POST `${LOCAL_LAMBDA_PATH}/2015-03-31/functions/{name}/invocations`, as Lambda's Invoke answers it. */
  async handleInvoke(req: IncomingMessage, res: ServerResponse, { pathname }: URL) {
    if (req.method !== 'POST') {
      return answer(res, 405, { Message: 'Invoke is a POST' }, 'InvalidRequestContentException');
    }
    const payload = await readBodyUpTo(req, MAX_EVENT_BYTES);
    if (payload === null) {
      return answer(res, 413, { Message: 'The event is larger than 256 KB' }, 'RequestTooLargeException');
    }
    const invocationType = req.headers['x-amz-invocation-type'];
    const name = INVOKE_PATH.exec(pathname.slice(LOCAL_LAMBDA_PATH.length))?.[1];
    const functionName = name === undefined ? undefined : decodeURIComponent(name);
    if (!functionName || !LOCAL_FUNCTIONS[functionName]) {
      return answer(
        res,
        404,
        { Message: `Function not found: ${functionName ?? pathname}` },
        'ResourceNotFoundException',
      );
    }
    if (invocationType !== 'Event') {
      return answer(
        res,
        400,
        { Message: 'The local Lambda stand-in takes asynchronous invocations (InvocationType Event) only' },
        'InvalidParameterValueException',
      );
    }
    const queued: QueuedEvent = {
      id: randomUUID(),
      functionName,
      payload: payload.toString('utf8'),
      attempts: 0,
      receivedAt: Date.now(),
    };
    await mkdir(this.queueDir, { recursive: true });
    await writeFile(this.file(queued.id), JSON.stringify(queued));
    answer(res, 202);
    this.start(queued);
  }

  /** Delivers again the events a stopped or killed stack had not finished, oldest first. */
  async deliverPending(): Promise<void> {
    const names = await readdir(this.queueDir).catch(() => []);
    const pending: QueuedEvent[] = [];
    for (const name of names.filter((file) => file.endsWith('.json'))) {
      const parsed = queuedEventSchema.safeParse(await readJson(path.join(this.queueDir, name)));
      if (parsed.success && LOCAL_FUNCTIONS[parsed.data.functionName]) pending.push(parsed.data);
      else await rm(path.join(this.queueDir, name), { force: true });
    }
    for (const queued of pending.sort((a, b) => a.receivedAt - b.receivedAt)) this.start(queued);
  }

  /** Stops retrying; the events left are delivered when the stack starts again. */
  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
