import { hasActiveSubscription } from '../../shared/subscription';
import { logger } from '../lib/logger';
import { alertDigestRuns } from '../lib/table/items/alert-digests';
import { organizations, subscriptions, type OrganizationItem } from '../lib/table/items/organizations';
import { isConditionFailure, send } from '../lib/table/transaction';
import { sendOrganizationDigest } from './service';

const ORGANIZATIONS_PAGE = 100;

export interface DailyRunOutcome {
  /** Organisations whose digest was dealt with in this run (sent, or nobody to tell). */
  organizations: number;
  /** Emails sent. */
  sent: number;
  /** Organisations whose digest failed: the run's next attempt tries them again. */
  failed: number;
  /** Organisations left for the next attempt because the run's time was up. */
  unfinished: boolean;
}

/**
 * The day's digest of one organisation, once: organisations being deleted, whose sign-up is not
 * confirmed, or without an active subscription (their fleet's data is closed to them) are skipped;
 * the day's mark is written after the emails went, so a run that stops before it sends again.
 */
async function runForOrganization(
  organization: OrganizationItem,
  now: Date,
  day: string,
): Promise<number | null> {
  if (organization.deleting_since || organization.unconfirmed_since) return null;
  const [done, subscription] = await Promise.all([
    alertDigestRuns.get(organization.id, day, { consistent: true }),
    subscriptions.get(organization.id),
  ]);
  if (done || !hasActiveSubscription(subscription, now)) return null;
  const { sent } = await sendOrganizationDigest(organization, now);
  try {
    await send(
      alertDigestRuns.create({ organization_id: organization.id, day, sent_at: now.toISOString(), sent }),
    );
  } catch (error) {
    // Another run of the same day got there first: its emails and ours went, nothing to undo.
    if (!isConditionFailure(error)) throw error;
  }
  return sent;
}

/**
 * Every organisation's daily digest (the super_admin's listing of organisations, gsi2, a page at a
 * time). One organisation's failure is logged and does not stop the others; `timeLeft` says how long
 * the run may still go on (a Lambda's remaining time), and the run stops a page's worth early.
 */
export async function sendDailyDigests(
  now: Date,
  timeLeft: () => number = () => Number.POSITIVE_INFINITY,
): Promise<DailyRunOutcome> {
  const day = now.toISOString().slice(0, 10);
  const outcome: DailyRunOutcome = { organizations: 0, sent: 0, failed: 0, unfinished: false };
  let cursor: string | null = null;
  do {
    const page: { items: OrganizationItem[]; cursor: string | null } = await organizations.page({
      limit: ORGANIZATIONS_PAGE,
      cursor,
    });
    for (const organization of page.items) {
      if (timeLeft() < 30_000) return { ...outcome, unfinished: true };
      try {
        const sent = await runForOrganization(organization, now, day);
        if (sent === null) continue;
        outcome.organizations++;
        outcome.sent += sent;
      } catch (error) {
        outcome.failed++;
        logger.error('The alert digest of an organization failed', {
          organization_id: organization.id,
          error: error as Error,
        });
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return outcome;
}
