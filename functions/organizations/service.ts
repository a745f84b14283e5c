import type { OrganizationSummary } from '../../shared/users';
import { cancelCustomerSubscriptions } from '../lib/subscription-cancellation';
import { deleteCognitoUser } from '../lib/cognito';
import { BadRequest, NotFound } from '../lib/errors';
import { getItem, listAll, patch, send } from '../lib/table/commands';
import { agentMachines } from '../lib/table/items/agents';
import { apiKeyItemSchema, apiKeyLookups, apiKeys } from '../lib/table/items/api-keys';
import {
  deviceItemSchema,
  devices,
  deviceTokenLookups,
  pendingDeviceItemSchema,
  pendingDevices,
} from '../lib/table/items/devices';
import { stripeCustomers } from '../lib/table/items/billing';
import { invitationItemSchema, invitations, invitationTokens } from '../lib/table/items/invitations';
import {
  organizationItemSchema,
  organizations,
  subscriptionItemSchema,
  subscriptions,
  userProfileItemSchema,
  userProfiles,
} from '../lib/table/items/organizations';
import { idProjection } from '../lib/table/items/stored';
import { softwareInstallations } from '../lib/table/items/inventory';
import { deleteKeys, emptyPartition } from '../lib/table/partitions';

/**
 * The super_admin's organisations: listing with user counts, and deleting one with everything it
 * has. A deletion first marks the organisation, which shuts its people and agents out at once
 * (getOrganization no longer returns it); then it removes the items outside its partition (API key,
 * invitation and Stripe customer lookups), its Cognito users, every item of its partition in
 * batches, and the organisation itself last. Each step only removes what is still there, so a deletion that stops
 * half way is finished by running it again.
 */

export async function listOrganizations(): Promise<OrganizationSummary[]> {
  const all = await listAll(organizationItemSchema, organizations.all(), { newestFirst: true });
  const live = all.filter((organization) => !organization.deleting_since);
  return Promise.all(
    live.map(async (organization) => {
      const members = await listAll(idProjection, userProfiles.ofOrganization(organization.id), {
        attributes: ['id'],
      });
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
  const organizationKey = organizations.key(organizationId);
  const organization = await getItem(organizationItemSchema, organizationKey, { consistent: true });
  if (!organization) throw new NotFound('Organization not found');
  if (!organization.deleting_since) {
    await send(patch(organizationKey, { set: { deleting_since: new Date().toISOString() } }));
  }

  const [keys, enrolled, pending, invited, profiles, subscription] = await Promise.all([
    listAll(apiKeyItemSchema, apiKeys.ofOrganization(organizationId)),
    listAll(deviceItemSchema, devices.ofOrganization(organizationId)),
    listAll(pendingDeviceItemSchema, pendingDevices.ofOrganization(organizationId)),
    listAll(invitationItemSchema, invitations.ofOrganization(organizationId)),
    listAll(userProfileItemSchema, userProfiles.ofOrganization(organizationId)),
    getItem(subscriptionItemSchema, subscriptions.key(organizationId)),
  ]);
  const customerId = subscription?.stripe_customer_id;
  // Before anything is removed: a deletion Stripe refuses stops here, with the data still there.
  if (customerId) await cancelCustomerSubscriptions(customerId);
  await deleteKeys([
    ...keys.map((key) => apiKeyLookups.key(key.key_hash)),
    ...[...enrolled, ...pending].map((device) => deviceTokenLookups.key(device.token_hash)),
    ...invited.map((invitation) => invitationTokens.key(invitation.token_hash)),
    ...(customerId ? [stripeCustomers.key(customerId)] : []),
  ]);
  for (const profile of profiles) await deleteCognitoUser(profile.id);

  // Every item of the organisation's partitions but the organisation itself, a page at a time.
  for (const partition of [
    agentMachines.partition(organizationId),
    softwareInstallations.partition(organizationId),
    organizationKey.pk,
  ]) {
    await emptyPartition(partition, (key) => key.pk === organizationKey.pk && key.sk === organizationKey.sk);
  }
  await deleteKeys([organizationKey]);
}
