import * as z from 'zod';

/**
 * The daily alert digest (issue 27): each admin opts in for themselves (Settings → Alerts) and
 * chooses after how many hours a silent machine counts as offline. The digest of an organisation
 * lists machines offline, hardware warranties ending within WARRANTY_ALERT_DAYS days and disks above
 * FULL_DISK_PERCENT full.
 */
export const DEFAULT_OFFLINE_HOURS = 24;
export const MIN_OFFLINE_HOURS = 1;
/** 30 days: a machine silent for longer is better found in the fleet list than in an email. */
export const MAX_OFFLINE_HOURS = 720;
export const WARRANTY_ALERT_DAYS = 30;
export const FULL_DISK_PERCENT = 90;
/** Rows each list of the email shows; the rest is counted ("and 12 more"). */
export const DIGEST_LIST_LIMIT = 50;
/**
 * "Send digest now" per admin (issue 35): each call emails every admin who opted in, so a script
 * holding one admin's session must not turn it into a stream of emails. A person sends a few.
 */
export const DIGEST_SENDS_PER_HOUR = 5;

const offlineHours = z
  .number({ error: 'offline_hours must be a whole number of hours' })
  .int({ error: 'offline_hours must be a whole number of hours' })
  .min(MIN_OFFLINE_HOURS, {
    error: `offline_hours must be between ${MIN_OFFLINE_HOURS} and ${MAX_OFFLINE_HOURS}`,
  })
  .max(MAX_OFFLINE_HOURS, {
    error: `offline_hours must be between ${MIN_OFFLINE_HOURS} and ${MAX_OFFLINE_HOURS}`,
  });

/** GET /api/me/alerts, and PATCH's answer: the caller's own digest settings. */
export const alertSettingsSchema = z.object({
  alert_digest: z.boolean(),
  offline_hours: offlineHours,
});
export type AlertSettings = z.output<typeof alertSettingsSchema>;

/** PATCH /api/me/alerts (admins): either setting, or both. */
export const alertSettingsUpdateSchema = z
  .strictObject({
    alert_digest: z.boolean({ error: 'alert_digest must be true or false' }).optional(),
    offline_hours: offlineHours.optional(),
  })
  .refine((update) => update.alert_digest !== undefined || update.offline_hours !== undefined, {
    error: 'Send alert_digest or offline_hours',
  });
export type AlertSettingsUpdate = z.output<typeof alertSettingsUpdateSchema>;

/** A stored profile's settings: off, and 24 hours, unless chosen otherwise. */
export function alertSettings(stored: {
  alert_digest?: boolean | undefined;
  offline_hours?: number | undefined;
}): AlertSettings {
  return {
    alert_digest: stored.alert_digest === true,
    offline_hours: stored.offline_hours ?? DEFAULT_OFFLINE_HOURS,
  };
}

export const digestSummarySchema = z.object({
  offline_machines: z.number().int().min(0),
  expiring_warranties: z.number().int().min(0),
  full_disks: z.number().int().min(0),
});
export type DigestSummary = z.output<typeof digestSummarySchema>;

/**
 * POST /api/alerts/digest (admins): the digest sent now to every admin of the organisation who
 * opted in. Always 200: `sent` 0 with `message` when nobody opted in or there is nothing to say.
 * `summary` is the digest with the caller's own offline hours.
 */
export const digestSendResponseSchema = z.object({
  sent: z.number().int().min(0),
  recipients: z.array(z.string()),
  summary: digestSummarySchema,
  message: z.string(),
});
export type DigestSendResponse = z.output<typeof digestSendResponseSchema>;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "3 machines offline, 2 warranties ending, 1 disk almost full": what the digest says, in short. */
export function digestHeadline(summary: DigestSummary): string {
  const parts = [
    summary.offline_machines > 0
      ? `${counted(summary.offline_machines, 'machine', 'machines')} offline`
      : null,
    summary.expiring_warranties > 0
      ? `${counted(summary.expiring_warranties, 'warranty', 'warranties')} ending`
      : null,
    summary.full_disks > 0 ? `${counted(summary.full_disks, 'disk', 'disks')} almost full` : null,
  ].filter((part): part is string => part !== null);
  return parts.join(', ');
}

export function digestSubject(summary: DigestSummary): string {
  return `IT Asset Auditor: ${digestHeadline(summary)}`;
}

export function hasAlerts(summary: DigestSummary): boolean {
  return summary.offline_machines + summary.expiring_warranties + summary.full_disks > 0;
}

export const ALERT_MESSAGES = {
  title: 'Alerts',
  description: `A daily email with the machines that stopped reporting, hardware warranties ending within ${WARRANTY_ALERT_DAYS} days and disks more than ${FULL_DISK_PERCENT}% full.`,
  digestLabel: 'Email me a daily alert digest',
  hoursLabel: 'Machines offline for more than (hours)',
  hoursHint: `A whole number of hours from ${MIN_OFFLINE_HOURS} to ${MAX_OFFLINE_HOURS}.`,
  save: 'Save',
  saving: 'Saving…',
  saved: 'Alert settings saved.',
  sendNow: 'Send digest now',
  sending: 'Sending…',
  sent: (recipients: readonly string[]) =>
    `The digest was sent to ${recipients.length === 1 ? recipients[0] : `${recipients.length} admins: ${recipients.join(', ')}`}.`,
  nobodyOptedIn:
    'No admin of your organization receives the alert digest yet. Turn on "Email me a daily alert digest" and save to receive it.',
  nothingToReport: `Nothing to report: no machine offline, no warranty ending within ${WARRANTY_ALERT_DAYS} days, no disk more than ${FULL_DISK_PERCENT}% full. No email was sent.`,
  loadFailed: 'Failed to load alert settings',
  saveFailed: 'Failed to save alert settings',
  sendFailed: 'Failed to send the alert digest',
  tooManySends: `You can send the digest ${DIGEST_SENDS_PER_HOUR} times an hour. Please try again later.`,
} as const;
