import { MFA_MESSAGES, isMfaRequired } from '../../shared/mfa';
import type { MfaDisableRequest, MfaStatus } from '../../shared/mfa-requests';
import { auditEntry } from '../lib/audit-trail';
import type { Caller } from '../lib/caller';
import { cognitoHasTotpMfa, provePasswordAndTotp, turnOffTotpMfa } from '../lib/cognito';
import { BadRequest, Conflict } from '../lib/errors';
import { patch } from '../lib/table/commands';
import { userProfiles, type UserProfileItem } from '../lib/table/items/organizations';
import { write } from '../lib/table/transaction';

/**
 * A person's MFA, as the API knows it. Cognito holds the authenticator and asks for its code at
 * sign-in; the profile keeps a copy of whether Cognito has it on (`mfa_enabled`), so the check on
 * every request (functions/lib/caller.ts) is the profile read it already makes. The copy is only
 * ever taken from Cognito (AdminGetUser), never from what the client says: the web app turns MFA on
 * with Amplify (Cognito's own calls) and then asks the API to re-read it.
 */

/** Writes the profile's flag with its audit entry, in one transaction, when it differs from Cognito's. */
async function recordMfa(profile: UserProfileItem, enabled: boolean, now: Date): Promise<void> {
  if ((profile.mfa_enabled === true) === enabled) return;
  const outcome = await write(() => ({
    parts: ['profile', 'audit'],
    items: [
      patch(userProfiles.key(profile.organization_id, profile.id), { set: { mfa_enabled: enabled } }),
      auditEntry({
        organizationId: profile.organization_id,
        actor: { email: profile.email },
        now,
        entityType: 'user',
        action: 'updated',
        entityId: profile.id,
        entityLabel: profile.email,
        changes: { mfa_enabled: { old: profile.mfa_enabled === true, new: enabled } },
      }),
    ],
  }));
  // The profile went away between the caller's read and this write (the user was deleted).
  if (!outcome.ok) throw new Conflict('Your profile changed meanwhile: try again', 'profile_changed');
}

/** POST /api/me/mfa: what Cognito says of the caller's MFA now, recorded on their profile. */
export async function refreshMfaFromCognito(caller: Caller, now: Date): Promise<MfaStatus> {
  const enabled = await cognitoHasTotpMfa(caller.profile.id);
  await recordMfa(caller.profile, enabled, now);
  return { mfa_enabled: enabled };
}

/**
 * POST /api/me/mfa/disable: with the password and a current code, both proven to Cognito by a
 * sign-in, MFA is turned off in Cognito and on the profile. Refused to a person MFA is required of.
 */
export async function turnOffMfa(caller: Caller, request: MfaDisableRequest, now: Date): Promise<MfaStatus> {
  const { profile, organization } = caller;
  if (isMfaRequired(profile.role, organization.require_mfa === true)) {
    throw new Conflict(MFA_MESSAGES.stillRequired, 'mfa_still_required');
  }
  const proof = await provePasswordAndTotp(profile.email, request.password, request.code);
  if (proof === 'refused') throw new BadRequest(MFA_MESSAGES.wrongPasswordOrCode, 'mfa_not_proven');
  if (proof === 'no_mfa') {
    // Cognito has none already (turned off elsewhere): the profile follows, nothing to prove.
    await recordMfa(profile, false, now);
    throw new Conflict(MFA_MESSAGES.notEnabled, 'mfa_not_enabled');
  }
  await turnOffTotpMfa(profile.id);
  await recordMfa(profile, false, now);
  return { mfa_enabled: false };
}
