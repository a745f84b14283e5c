import { logger } from '../lib/logger';
import { removeExpiredSignups } from './email-confirmation';

/**
 * The scheduled sweep of sign-ups whose code was never entered (issue 25): an EventBridge rule
 * invokes it every hour in AWS (infra/aws/signup-sweep.ts); the local stack runs the same function
 * on a timer (infra/local/stack.ts). Each removal frees the address for its owner.
 */
export async function handler(): Promise<{ removed: number }> {
  const removed = await removeExpiredSignups(new Date());
  if (removed > 0) logger.info('Removed unconfirmed sign-ups', { removed });
  return { removed };
}
