import { deleteCognitoUser } from '../lib/cognito';
import { organizations, subscriptions, userProfiles } from '../lib/table/items/organizations';
import { emailConfirmations, type EmailConfirmationItem } from '../lib/table/items/signups';
import { transact } from '../lib/table/transaction';

/**
 * A company sign-up whose address is not proven yet (issue 25): what holds an address until its code
 * is entered. Read and removed here for both the sign-up flow (auth/) and an invitation (team/), which
 * both ask who an address belongs to (./accounts.ts).
 */

export function findEmailConfirmation(organizationId: string): Promise<EmailConfirmationItem | null> {
  return emailConfirmations.get(organizationId, { consistent: true });
}

/**
 * Removes an unconfirmed sign-up with its organisation (which holds nothing else: the API refused
 * it everything), then its Cognito user by sub, which frees the address. The items go in one
 * transaction on the condition that the sign-up is still unconfirmed (and, for the sweep, expired),
 * so a confirmation that got there first keeps its organisation. Answers whether it removed it. A
 * Cognito user left behind by a stop between the two steps is freed by the next sign-up of the
 * address (registration.ts).
 */
export async function removeUnconfirmedSignup(
  confirmation: EmailConfirmationItem,
  { expiredBy }: { expiredBy?: Date } = {},
): Promise<boolean> {
  const organizationId = confirmation.organization_id;
  const canceled = await transact([
    emailConfirmations.removeIfUnchanged(organizationId, confirmation.code_hash, { expiredBy }),
    organizations.removeIfOwnedBy(organizationId, confirmation.user_id),
    userProfiles.remove(organizationId, confirmation.user_id),
    subscriptions.remove(organizationId),
  ]);
  if (canceled) return false;
  await deleteCognitoUser(confirmation.user_id);
  return true;
}
