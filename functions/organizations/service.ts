import type { OrganizationSummary } from '../../shared/users';
import { cancelCustomerSubscriptions } from '../lib/subscription-cancellation';
import { deleteCognitoUser } from '../lib/cognito';
import { BadRequest, NotFound } from '../lib/errors';
import { apiKeys } from '../lib/table/items/api-keys';
import { devices, pendingDevices } from '../lib/table/items/devices';
import { invitations } from '../lib/table/items/invitations';
import { organizationDeletion } from '../lib/table/items/organization-deletion';
import { organizations, subscriptions, userProfiles } from '../lib/table/items/organizations';
import { send } from '../lib/table/transaction';

/**
 * The super_admin's organisations: listing with user counts, and deleting one with everything it
 * has. A deletion first marks the organisation, which shuts its people and agents out at once
 * (getOrganization no longer returns it); then it removes the items outside its partition (API key,
 * invitation and Stripe customer lookups), its Cognito users, every item of its partition in
 * batches, and the organisation itself last. Each step only removes what is still there, so a deletion that stops
 * half way is finished by running it again.
 */

export async function listOrganizations(): Promise<OrganizationSummary[]> {
  const all = await organizations.listNewestFirst();
  const live = all.filter((organization) => !organization.deleting_since);
  return Promise.all(
    live.map(async (organization) => {
      const members = await userProfiles.listIdsOfOrganization(organization.id);
      return {
        id: organization.id,
        name: organization.name,
        created_at: organization.created_at,
        user_count: members.length,
      };
    }),
  );
}

/** `ownOrganizationId`: the super_admin's own, which they cannot delete from under themselves. */
export async function deleteOrganization(organizationId: string, ownOrganizationId: string): Promise<void> {
  if (organizationId === ownOrganizationId) {
    throw new BadRequest('You cannot delete your own organization', 'own_organization');
  }
  const organization = await organizations.get(organizationId, { consistent: true });
  if (!organization) throw new NotFound('Organization not found');
  if (!organization.deleting_since) {
    await send(organizations.markDeleting(organizationId, new Date().toISOString()));
  }

  const [keys, enrolled, pending, invited, profiles, subscription] = await Promise.all([
    apiKeys.listAllOfOrganization(organizationId),
    devices.listOfOrganization(organizationId),
    pendingDevices.list(organizationId),
    invitations.listOfOrganization(organizationId),
    userProfiles.listOfOrganization(organizationId),
    subscriptions.get(organizationId),
  ]);
  const customerId = subscription?.stripe_customer_id;
  // Before anything is removed: a deletion Stripe refuses stops here, with the data still there.
  if (customerId) await cancelCustomerSubscriptions(customerId);
  await organizationDeletion.removeLookups({
    apiKeyHashes: keys.map((key) => key.key_hash),
    deviceTokenHashes: [...enrolled, ...pending].map((device) => device.token_hash),
    invitationTokenHashes: invited.map((invitation) => invitation.token_hash),
    stripeCustomerId: customerId ?? null,
  });
  for (const profile of profiles) await deleteCognitoUser(profile.id);

  await organizationDeletion.emptyPartitions(organizationId);
  await organizationDeletion.removeOrganization(organizationId);
}
