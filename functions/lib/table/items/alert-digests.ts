import * as z from 'zod';
import { TTL_ATTRIBUTE } from '../definition';
import { create, getItem, type TableWrite } from '../commands';
import { stored, tableKey } from './stored';

/**
 * That the scheduled digest of a day (UTC date) was sent to an organisation: a run cut short (its
 * time up, a failure) is run again and skips the organisations already done. Kept a week.
 */
export const alertDigestRunItemSchema = z.object({
  organization_id: z.string(),
  day: z.string(),
  sent_at: z.string(),
  sent: z.number(),
});
export type AlertDigestRunItem = z.infer<typeof alertDigestRunItemSchema>;

export const alertDigestRuns = {
  key: (organizationId: string, day: string) => tableKey(`ORG#${organizationId}`, `ALERTDIGEST#${day}`),
  item: (run: AlertDigestRunItem) =>
    stored(
      { ...run, [TTL_ATTRIBUTE]: Math.floor(Date.parse(`${run.day}T00:00:00.000Z`) / 1000) + 8 * 86_400 },
      alertDigestRuns.key(run.organization_id, run.day),
    ),
  get: (
    organizationId: string,
    day: string,
    options?: { consistent?: boolean },
  ): Promise<AlertDigestRunItem | null> =>
    getItem(alertDigestRunItemSchema, alertDigestRuns.key(organizationId, day), options),
  /** Refused when the day's digest is marked sent already. */
  create: (run: AlertDigestRunItem): TableWrite => create(alertDigestRuns.item(run)),
};
