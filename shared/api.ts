import * as z from 'zod';
import { ROLES } from './constants';
import { HARDWARE_ASSET_TYPES, HARDWARE_STATUSES, hardwareAssetSchema } from './hardware';
import { displayStatus } from './subscription';

/**
 * The response contract of API.md, as zod schemas: the web app validates what it receives with
 * them, and the handlers are typed by them.
 */
export const apiErrorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

export const userProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  organization_id: z.string(),
  role: z.enum(ROLES),
  created_at: z.string(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const organizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner_id: z.string(),
  created_at: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const meResponseSchema = z.object({
  /** mfa_enabled: what Cognito said when the person last set MFA up or turned it off. */
  profile: userProfileSchema.extend({ mfa_enabled: z.boolean() }),
  /**
   * require_mfa: every member must use MFA (set by an admin in Settings → Security);
   * agent_auto_update: its agents update themselves (Settings → Monitoring Agent);
   * auto_add_machines: new machines become hardware assets (issue 27, Settings → Monitoring Agent).
   */
  organization: organizationSchema.extend({
    require_mfa: z.boolean(),
    agent_auto_update: z.boolean(),
    auto_add_machines: z.boolean(),
  }),
  subscription: z.object({
    // Unknown statuses display as incomplete (SPEC 4).
    status: z.string().nullable().transform(displayStatus),
    has_active_subscription: z.boolean(),
    trial_end_date: z.string().nullable(),
    current_period_end: z.string().nullable(),
    cancel_at_period_end: z.boolean(),
    plan_id: z.string().nullable(),
  }),
});
export type MeResponse = z.output<typeof meResponseSchema>;
export type MeSubscription = MeResponse['subscription'];

const count = z.number().int().nonnegative();
export const expiringWarrantySchema = hardwareAssetSchema.pick({
  id: true,
  asset_type: true,
  manufacturer: true,
  model: true,
  serial_number: true,
  asset_tag: true,
  assigned_to: true,
  warranty_expiry: true,
});
export type ExpiringWarranty = z.infer<typeof expiringWarrantySchema>;

export const dashboardResponseSchema = z.object({
  total_hardware: count,
  active_hardware: count,
  agents: count,
  active_agents: count,
  /** Hardware assets per status and per type, every status and type present (0 when none). */
  hardware_by_status: z.record(z.enum(HARDWARE_STATUSES), count),
  hardware_by_type: z.record(z.enum(HARDWARE_ASSET_TYPES), count),
  /** Warranties ending within the next 90 days, soonest first (at most 10). */
  expiring_warranties: z.array(expiringWarrantySchema),
  /** More warranties end in that window than are listed. */
  more_expiring_warranties: z.boolean(),
  /** Hardware assets linked to a monitored machine (issue 27: one record per device). */
  assets_monitored: count,
  /** Hardware assets (every status, as total_hardware counts them) no machine is linked to. */
  assets_not_monitored: count,
  /** Monitored machines linked to no hardware asset. */
  machines_not_in_inventory: count,
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
