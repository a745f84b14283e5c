import { MFA_MESSAGES } from '../../shared/mfa';
import {
  organizationSettings,
  type OrganizationSettings,
  type OrganizationSettingsUpdate,
} from '../../shared/organization-settings';
import { auditEntry } from '../lib/audit-trail';
import type { Caller } from '../lib/caller';
import { Conflict, Forbidden } from '../lib/errors';
import { organizations, type OrganizationChanges } from '../lib/table/items/organizations';
import { write } from '../lib/table/transaction';
import { signOutMembers } from './members-sign-out';

/**
 * The organisation's settings: whether every member must use MFA (once required, members without
 * it are refused by the API, functions/lib/caller.ts, until they set it up), and whether its agents
 * update themselves (the report's answer says so, functions/agent-reports/report.ts). Each change is
 * written with its audit entry; a request that changes nothing writes nothing.
 */
export async function setOrganizationSettings(
  caller: Caller,
  request: OrganizationSettingsUpdate,
  now: Date,
): Promise<OrganizationSettings> {
  const { organization, profile } = caller;
  const before = organizationSettings(organization);
  const after: OrganizationSettings = {
    require_mfa: request.require_mfa ?? before.require_mfa,
    agent_auto_update: request.agent_auto_update ?? before.agent_auto_update,
    auto_add_machines: request.auto_add_machines ?? before.auto_add_machines,
  };
  const changed = (Object.keys(after) as (keyof OrganizationSettings)[]).filter(
    (name) => after[name] !== before[name],
  );
  if (changed.length === 0) return before;
  // Requiring it without having it would lock the admin out with the very next request.
  if (changed.includes('require_mfa') && after.require_mfa && profile.mfa_enabled !== true) {
    throw new Forbidden(MFA_MESSAGES.setUpYourselfFirst, 'mfa_setup_first');
  }
  const set: OrganizationChanges = {};
  for (const name of changed) set[name] = after[name];
  const requiring = changed.includes('require_mfa') && after.require_mfa;
  // Members' sessions from before the rule end (lib/mfa-session.ts); the admin's own that set it is kept.
  if (requiring) {
    set.require_mfa_since = now.toISOString();
    set.require_mfa_session = caller.session.id;
  }
  const outcome = await write(() => ({
    parts: ['organization', 'audit'],
    items: [
      // Not while its deletion runs: the organisation is on its way out.
      organizations.updateIfNotDeleting(organization.id, set),
      auditEntry({
        organizationId: organization.id,
        actor: { email: profile.email },
        now,
        entityType: 'organization',
        action: 'updated',
        entityId: organization.id,
        entityLabel: organization.name,
        changes: Object.fromEntries(changed.map((name) => [name, { old: before[name], new: after[name] }])),
      }),
    ],
  }));
  if (!outcome.ok) throw new Conflict('Your organization is being deleted', 'organization_deleting');
  if (requiring) await signOutMembers(organization.id, profile.id);
  return after;
}
