import type { Context } from 'aws-lambda';
import { logger } from '../lib/logger';
import { sendDailyDigests, type DailyRunOutcome } from './daily-run';

/**
 * The daily alert digest of every organisation: an EventBridge Scheduler schedule invokes it in AWS
 * (infra/aws/alert-digest.ts); the local stack runs the same function on a timer
 * (infra/local/stack.ts). A run that failed for some organisations, or ran out of time, throws after
 * the others were sent: Lambda's retries of an asynchronous invocation run it again, and each
 * organisation already sent that day is skipped (functions/lib/table/items/alert-digests.ts).
 */
export async function handler(
  _event?: unknown,
  context?: Pick<Context, 'getRemainingTimeInMillis'>,
): Promise<DailyRunOutcome> {
  const outcome = await sendDailyDigests(
    new Date(),
    context ? () => context.getRemainingTimeInMillis() : undefined,
  );
  logger.info('Alert digests sent', { ...outcome });
  if (outcome.failed > 0 || outcome.unfinished) {
    throw new Error(
      `The alert digest is unfinished (${outcome.failed} organizations failed${outcome.unfinished ? ', time ran out' : ''}); the next attempt continues`,
    );
  }
  return outcome;
}
