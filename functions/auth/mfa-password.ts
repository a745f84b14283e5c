import { MFA_MESSAGES } from '../../shared/mfa';
import type {
  PasswordChangeRequest,
  PasswordProofAnswer,
  PasswordProofRequest,
} from '../../shared/mfa-requests';
import { superAdminPasswordProblem } from '../../shared/super-admin';
import type { Caller } from '../lib/caller';
import { provePassword, readCognitoMfa, setPassword } from '../lib/cognito';
import { BadRequest, Forbidden } from '../lib/errors';
import { followCognito, recordPasswordProof } from '../lib/mfa-session';
import { countClientRequest, type RateLimit } from '../lib/rate-limits';

/**
 * The super_admin's password rule (at least 12 characters, shared/super-admin.ts) where Cognito alone
 * decides: the pool's policy is SPEC's 6, so Cognito's self-service ChangePassword can set a shorter
 * one. The rule is kept by a check that refuses the session (issue 35): a super_admin session proves
 * its password right after sign-in (the web app sends the one it signed in with), and until then, or
 * while that password is too short, the API refuses it everything but setting a new one here. A
 * password changed behind the API's back also ends the sessions from before it (lib/mfa-session.ts).
 */

/** Proofs per person: a person signs in a few times an hour, a guesser needs thousands. */
const PASSWORD_PROOF_LIMIT: RateLimit = {
  name: 'password-proof',
  max: 100,
  windowSeconds: 3600,
  message: 'Too many password checks for your account. Please try again later.',
};

async function proveCallersPassword(caller: Caller, password: string, now: Date): Promise<void> {
  // Counted per person, not per address: the caller is signed in, and the guesses are at their password.
  await countClientRequest(PASSWORD_PROOF_LIMIT, `user:${caller.profile.id}`, now);
  if (!(await provePassword(caller.profile.email, password)))
    throw new BadRequest(MFA_MESSAGES.wrongPassword, 'password_not_proven');
}

/** POST /api/me/password-proof: a super_admin's session proves its password; others have nothing to prove. */
export async function provePasswordForSession(
  caller: Caller,
  request: PasswordProofRequest,
  now: Date,
): Promise<PasswordProofAnswer> {
  if (caller.profile.role !== 'super_admin') return { password_ok: true };
  await proveCallersPassword(caller, request.password, now);
  const tooShort = superAdminPasswordProblem(request.password) !== null;
  await recordPasswordProof(caller.profile, caller.session, tooShort, now);
  return { password_ok: !tooShort };
}

/**
 * POST /api/me/password: a super_admin sets a new password that meets its rule, proving the current
 * one. The session that does it is kept; every other session of theirs ends.
 */
export async function changeSuperAdminPassword(
  caller: Caller,
  request: PasswordChangeRequest,
  now: Date,
): Promise<{ message: string }> {
  if (caller.profile.role !== 'super_admin') {
    throw new Forbidden('Change your password with "Forgot password" on the sign-in screen', 'role_required');
  }
  const problem = superAdminPasswordProblem(request.new_password);
  if (problem) throw new BadRequest(problem, 'password_too_short');
  await proveCallersPassword(caller, request.current_password, now);
  await setPassword(caller.profile.id, request.new_password);
  await followCognito(caller.profile, await readCognitoMfa(caller.profile.id), now, caller.session);
  await recordPasswordProof(caller.profile, caller.session, false, now);
  return { message: MFA_MESSAGES.passwordChanged };
}
