import {
  ALERT_MESSAGES,
  alertSettings,
  hasAlerts,
  type AlertSettings,
  type AlertSettingsUpdate,
  type DigestSendResponse,
} from '../../shared/alerts';
import { hasRole } from '../../shared/constants';
import { auditEntry } from '../lib/audit-trail';
import type { Caller } from '../lib/caller';
import { config } from '../lib/config';
import { Conflict } from '../lib/errors';
import { sendEmail } from '../lib/mail';
import { userProfiles, type OrganizationItem, type UserProfileItem } from '../lib/table/items/organizations';
import { write } from '../lib/table/transaction';
import { expiringWarranties, fullDisks, offlineMachines } from './digest-content';
import { digestEmail, digestSummary, type Digest } from './digest-email';

const HOUR_MS = 3_600_000;

// ---- An admin's own settings ----

export function getAlertSettings(caller: Caller): AlertSettings {
  return alertSettings(caller.profile);
}

/** The caller's digest settings, changed with their audit entry; a request that changes nothing writes nothing. */
export async function setAlertSettings(
  caller: Caller,
  request: AlertSettingsUpdate,
  now: Date,
): Promise<AlertSettings> {
  const { profile } = caller;
  const before = alertSettings(profile);
  const after: AlertSettings = {
    alert_digest: request.alert_digest ?? before.alert_digest,
    offline_hours: request.offline_hours ?? before.offline_hours,
  };
  const changed = (Object.keys(after) as (keyof AlertSettings)[]).filter(
    (name) => after[name] !== before[name],
  );
  if (changed.length === 0) return before;
  const outcome = await write(() => ({
    parts: ['profile', 'audit'],
    items: [
      userProfiles.updateAlertSettings(profile.organization_id, profile.id, {
        ...(changed.includes('alert_digest') ? { alert_digest: after.alert_digest } : {}),
        ...(changed.includes('offline_hours') ? { offline_hours: after.offline_hours } : {}),
      }),
      auditEntry({
        organizationId: profile.organization_id,
        actor: { email: profile.email },
        now,
        entityType: 'user',
        action: 'updated',
        entityId: profile.id,
        entityLabel: profile.email,
        changes: Object.fromEntries(changed.map((name) => [name, { old: before[name], new: after[name] }])),
      }),
    ],
  }));
  if (!outcome.ok) throw new Conflict('Your account was removed meanwhile', 'profile_gone');
  return after;
}

// ---- The digest ----

/** Admins (and super_admins) of the organisation who opted in; a person made a user since receives nothing. */
export function digestRecipients(profiles: UserProfileItem[]): UserProfileItem[] {
  return profiles.filter((profile) => hasRole(profile.role, 'admin') && profile.alert_digest === true);
}

/**
 * The organisation's digest read once for everyone: warranties and disks are the organisation's,
 * the machines offline are read once per number of hours its recipients chose.
 */
async function readDigests(
  organization: OrganizationItem,
  hours: number[],
  now: Date,
): Promise<(offlineHours: number) => Digest> {
  const distinctHours = [...new Set(hours)];
  const [warranties, disks, ...offline] = await Promise.all([
    expiringWarranties(organization.id, now),
    fullDisks(organization.id),
    ...distinctHours.map((offlineHours) =>
      offlineMachines(organization.id, new Date(now.getTime() - offlineHours * HOUR_MS)),
    ),
  ]);
  return (offlineHours) => ({
    organizationName: organization.name,
    offlineHours,
    warranties,
    disks,
    offline: offline[distinctHours.indexOf(offlineHours)]!,
  });
}

/**
 * Sends the organisation's digest to each admin who opted in and has something to be told (no
 * email says "nothing"). `askedBy`: the admin who asked for it now, whose own hours the answer's
 * summary uses; the scheduled run has none and reads nothing when nobody opted in.
 */
export async function sendOrganizationDigest(
  organization: OrganizationItem,
  now: Date,
  askedBy?: UserProfileItem,
): Promise<DigestSendResponse> {
  const recipients = digestRecipients(await userProfiles.listOfOrganization(organization.id));
  const none = { offline_machines: 0, expiring_warranties: 0, full_disks: 0 };
  if (recipients.length === 0 && !askedBy)
    return { sent: 0, recipients: [], summary: none, message: ALERT_MESSAGES.nobodyOptedIn };
  const askerHours = askedBy ? alertSettings(askedBy).offline_hours : undefined;
  const digestFor = await readDigests(
    organization,
    [
      ...recipients.map((profile) => alertSettings(profile).offline_hours),
      ...(askerHours ? [askerHours] : []),
    ],
    now,
  );
  const link = config().APP_URL?.replace(/\/+$/, '') ?? null;
  const sentTo: string[] = [];
  for (const recipient of recipients) {
    const digest = digestFor(alertSettings(recipient).offline_hours);
    if (!hasAlerts(digestSummary(digest))) continue;
    await sendEmail(digestEmail(recipient.email, digest, link));
    sentTo.push(recipient.email);
  }
  const summary = askerHours ? digestSummary(digestFor(askerHours)) : none;
  const message =
    recipients.length === 0
      ? ALERT_MESSAGES.nobodyOptedIn
      : sentTo.length === 0
        ? ALERT_MESSAGES.nothingToReport
        : ALERT_MESSAGES.sent(sentTo);
  return { sent: sentTo.length, recipients: sentTo, summary, message };
}
