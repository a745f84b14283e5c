import { MFA_MESSAGES } from '../../shared/mfa';
import type { OrganizationSecurity } from '../../shared/mfa-requests';
import { auditEntry } from '../lib/audit-trail';
import type { Caller } from '../lib/caller';
import { Conflict, Forbidden } from '../lib/errors';
import { patch } from '../lib/table/commands';
import { absent } from '../lib/table/conditions';
import { organizations } from '../lib/table/items/organizations';
import { write } from '../lib/table/transaction';

/**
 * The organisation's security setting: whether every member must use MFA. Once required, members
 * without it are refused by the API (functions/lib/caller.ts) until they set it up.
 */
export async function setOrganizationSecurity(
  caller: Caller,
  request: OrganizationSecurity,
  now: Date,
): Promise<OrganizationSecurity> {
  const { organization, profile } = caller;
  const before = organization.require_mfa === true;
  if (before === request.require_mfa) return { require_mfa: before };
  // Requiring it without having it would lock the admin out with the very next request.
  if (request.require_mfa && profile.mfa_enabled !== true) {
    throw new Forbidden(MFA_MESSAGES.setUpYourselfFirst, 'mfa_setup_first');
  }
  const outcome = await write(() => ({
    parts: ['organization', 'audit'],
    items: [
      // Not while its deletion runs: the organisation is on its way out.
      patch(
        organizations.key(organization.id),
        { set: { require_mfa: request.require_mfa } },
        absent('deleting_since'),
      ),
      auditEntry({
        organizationId: organization.id,
        actor: { email: profile.email },
        now,
        entityType: 'organization',
        action: 'updated',
        entityId: organization.id,
        entityLabel: organization.name,
        changes: { require_mfa: { old: before, new: request.require_mfa } },
      }),
    ],
  }));
  if (!outcome.ok) throw new Conflict('Your organization is being deleted', 'organization_deleting');
  return { require_mfa: request.require_mfa };
}
