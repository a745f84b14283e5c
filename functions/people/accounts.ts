import { findCognitoUser, deleteCognitoUser } from '../lib/cognito';
import { findProfileByUserId } from '../lib/tenant';
import { findEmailConfirmation, removeUnconfirmedSignup } from './unconfirmed-signups';

/**
 * What an address stands for before a sign-up or an invitation uses it (issue 25): a proven
 * account, or something that does not hold the address against its owner: nothing, a company
 * sign-up whose code was never entered, or a Cognito user left without a profile by a sign-up or a
 * removal that stopped half way.
 */
export type AddressStanding =
  | { kind: 'free' }
  | { kind: 'account' }
  /**
   * `pending`: a company sign-up waiting for its code, which its creator can still sign in to and
   * confirm (issue 35: a later sign-up waits beside it instead of replacing it); otherwise a leftover.
   */
  | { kind: 'unconfirmed'; pending: boolean; release: () => Promise<boolean> };

/**
 * A Cognito user this old without a profile is a leftover; a younger one is a sign-up still being
 * written (the Cognito user comes first, its profile a moment later).
 */
const LEFTOVER_AFTER_MS = 10 * 60_000;

export async function addressStanding(email: string, now: Date): Promise<AddressStanding> {
  const user = await findCognitoUser(email);
  if (!user) return { kind: 'free' };
  const profile = await findProfileByUserId(user.sub);
  if (!profile) {
    const age = user.createdAt ? now.getTime() - user.createdAt.getTime() : Infinity;
    if (age < LEFTOVER_AFTER_MS) return { kind: 'account' };
    return {
      kind: 'unconfirmed',
      pending: false,
      release: async () => {
        await deleteCognitoUser(user.sub);
        return true;
      },
    };
  }
  const confirmation = await findEmailConfirmation(profile.organization_id);
  if (!confirmation || confirmation.user_id !== profile.id) return { kind: 'account' };
  return { kind: 'unconfirmed', pending: true, release: () => removeUnconfirmedSignup(confirmation) };
}

/**
 * Frees an address held by an unconfirmed sign-up (or a leftover), for a sign-up that proves it or
 * will have to. Answers false when the address has a proven account.
 */
export async function claimAddress(email: string, now: Date): Promise<boolean> {
  const standing = await addressStanding(email, now);
  if (standing.kind === 'free') return true;
  if (standing.kind === 'account') return false;
  return standing.release();
}
