import { MFA_MESSAGES, isMfaRequired } from '../../shared/mfa';
import type { MfaDisableRequest, MfaStatus } from '../../shared/mfa-requests';
import type { Caller } from '../lib/caller';
import { provePasswordAndTotp, readCognitoMfa, turnOffTotpMfa } from '../lib/cognito';
import { BadRequest, Conflict } from '../lib/errors';
import { followCognito } from '../lib/mfa-session';

/**
 * A person's MFA, as the API knows it. Cognito holds the authenticator and asks for its code at
 * sign-in; the profile keeps a copy of whether Cognito has it on (`mfa_enabled`), taken only from
 * Cognito (AdminGetUser), never from what the client says: the web app turns MFA on with Amplify
 * (Cognito's own calls) and then asks the API to re-read it. Of whom MFA is required, every session
 * re-reads it anyway (functions/lib/mfa-session.ts); turning it on ends the person's other sessions.
 */

/** POST /api/me/mfa: what Cognito says of the caller's MFA now, recorded on their profile. */
export async function refreshMfaFromCognito(caller: Caller, now: Date): Promise<MfaStatus> {
  const record = await readCognitoMfa(caller.profile.id);
  await followCognito(caller.profile, record, now, caller.session);
  return { mfa_enabled: record.enabled };
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
    await followCognito(profile, await readCognitoMfa(profile.id), now, caller.session);
    throw new Conflict(MFA_MESSAGES.notEnabled, 'mfa_not_enabled');
  }
  await turnOffTotpMfa(profile.id);
  await followCognito(profile, await readCognitoMfa(profile.id), now, caller.session);
  return { mfa_enabled: false };
}
