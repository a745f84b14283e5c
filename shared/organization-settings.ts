import * as z from 'zod';

/**
 * PATCH /api/organization (admins): the organisation's settings, each on its own. require_mfa:
 * every member must use MFA (Settings → Security). agent_auto_update: its monitoring agents install
 * newer versions themselves, verified through TUF (Settings → Monitoring Agent); on by default.
 * auto_add_machines: a machine that matches no hardware asset by serial becomes one at its first
 * report (issue 27); off by default.
 */
export const organizationSettingsUpdateSchema = z
  .strictObject({
    require_mfa: z.boolean({ error: 'require_mfa must be true or false' }).optional(),
    agent_auto_update: z.boolean({ error: 'agent_auto_update must be true or false' }).optional(),
    auto_add_machines: z.boolean({ error: 'auto_add_machines must be true or false' }).optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    error: 'Send require_mfa, agent_auto_update or auto_add_machines',
  });
export type OrganizationSettingsUpdate = z.output<typeof organizationSettingsUpdateSchema>;

/** The answer: every setting as it now is. */
export const organizationSettingsSchema = z.object({
  require_mfa: z.boolean(),
  agent_auto_update: z.boolean(),
  auto_add_machines: z.boolean(),
});
export type OrganizationSettings = z.output<typeof organizationSettingsSchema>;

/** The settings of a stored organisation: MFA not required, agents' automatic updates on, unless set otherwise. */
export function organizationSettings(stored: {
  require_mfa?: boolean | undefined;
  agent_auto_update?: boolean | undefined;
  auto_add_machines?: boolean | undefined;
}): OrganizationSettings {
  return {
    require_mfa: stored.require_mfa === true,
    agent_auto_update: stored.agent_auto_update !== false,
    auto_add_machines: stored.auto_add_machines === true,
  };
}

export const AGENT_AUTO_UPDATE_MESSAGES = {
  label: 'Automatic agent updates',
  description:
    'Agents install new versions themselves once they have checked the signature, and go back if a new version does not report within 15 minutes.',
  on: 'Agents will update themselves to new versions.',
  off: 'Agents will stay on their version until you install a new one.',
  saving: 'Saving…',
} as const;
