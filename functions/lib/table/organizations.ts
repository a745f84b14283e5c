import type { OrganizationSummary } from '../../../shared/users';
import { config } from '../config';
import { deleteCognitoUser } from '../cognito';
import { BadRequest, NotFound } from '../errors';
import { tableCall, type DocumentItem } from './client';
import { getItem, listAll, patch, send } from './commands';
import {
  agentMachines,
  apiKeyLookups,
  apiKeys,
  invitations,
  invitationTokens,
  organizations,
  stripeCustomers,
  subscriptions,
  userProfiles,
  type ApiKeyItem,
  type InvitationItem,
  type OrganizationItem,
  type SubscriptionItem,
  type UserProfileItem,
} from './items';

/**
 * The super_admin's organisations: listing with user counts, and deleting one with everything it
 * has. A deletion first marks the organisation, which shuts its people and agents out at once
 * (getOrganization no longer returns it); then it removes the items outside its partition (API key,
 * invitation and Stripe customer lookups), its Cognito users, every item of its partition in
 * batches, and the organisation itself last. Each step only removes what is still there, so a deletion that stops
 * half way is finished by running it again.
 */
export async function listOrganizations(): Promise<OrganizationSummary[]> {
  const all = await listAll<OrganizationItem>(organizations.all(), { newestFirst: true });
  const live = all.filter((organization) => !organization.deleting_since);
  return Promise.all(
    live.map(async (organization) => {
      const members = await listAll<Pick<UserProfileItem, 'id'>>(
        userProfiles.ofOrganization(organization.id),
        {
          attributes: ['id'],
        },
      );
      return {
        id: organization.id,
        name: organization.name,
        created_at: organization.created_at,
        user_count: members.length,
      };
    }),
  );
}

const BATCH = 25;
/**
 * Batches in flight at once. One after another, an organisation of 10,000 assets (some 25,000
 * items) takes longer than the function's time limit; a few at a time it takes a fraction of it.
 */
const BATCHES_IN_FLIGHT = 8;

async function deleteBatch(keys: Record<string, unknown>[]): Promise<void> {
  let requests = keys.map((Key) => ({ DeleteRequest: { Key } }));
  for (let attempt = 0; requests.length > 0; attempt++) {
    // Unprocessed items mean throttling: back off before sending them again.
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
    const result = await tableCall<{ UnprocessedItems?: Record<string, typeof requests> }>('BatchWriteItem', {
      RequestItems: { [config().TABLE_NAME]: requests },
    });
    requests = result.UnprocessedItems?.[config().TABLE_NAME] ?? [];
  }
}

async function deleteKeys(keys: Record<string, unknown>[]): Promise<void> {
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < keys.length; start += BATCH) batches.push(keys.slice(start, start + BATCH));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(BATCHES_IN_FLIGHT, batches.length) }, async () => {
      while (next < batches.length) await deleteBatch(batches[next++]!);
    }),
  );
}

/** `ownOrganizationId`: the super_admin's own, which they cannot delete from under themselves. */
export async function deleteOrganization(organizationId: string, ownOrganizationId: string): Promise<void> {
  if (organizationId === ownOrganizationId) {
    throw new BadRequest('You cannot delete your own organization', 'own_organization');
  }
  const organizationKey = organizations.key(organizationId);
  const organization = await getItem<OrganizationItem>(organizationKey, { consistent: true });
  if (!organization) throw new NotFound('Organization not found');
  if (!organization.deleting_since) {
    await send(patch(organizationKey, { set: { deleting_since: new Date().toISOString() } }));
  }

  const [keys, invited, profiles, subscription] = await Promise.all([
    listAll<ApiKeyItem>(apiKeys.ofOrganization(organizationId)),
    listAll<InvitationItem>(invitations.ofOrganization(organizationId)),
    listAll<UserProfileItem>(userProfiles.ofOrganization(organizationId)),
    getItem<SubscriptionItem>(subscriptions.key(organizationId)),
  ]);
  const customerId = subscription?.stripe_customer_id;
  await deleteKeys([
    ...keys.map((key) => apiKeyLookups.key(key.key_hash)),
    ...invited.map((invitation) => invitationTokens.key(invitation.token_hash)),
    ...(customerId ? [stripeCustomers.key(customerId)] : []),
  ]);
  for (const profile of profiles) await deleteCognitoUser(profile.email);

  // Every item of the organisation's partitions but the organisation itself, a page at a time.
  for (const partition of [agentMachines.partition(organizationId), organizationKey.pk]) {
    let startKey: DocumentItem | undefined;
    do {
      const page = await tableCall<{ Items?: DocumentItem[]; LastEvaluatedKey?: DocumentItem }>('Query', {
        TableName: config().TABLE_NAME,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': partition },
        ProjectionExpression: '#pk, #sk',
        ExclusiveStartKey: startKey,
      });
      await deleteKeys(
        (page.Items ?? []).filter((item) => item.pk !== organizationKey.pk || item.sk !== organizationKey.sk),
      );
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  await deleteKeys([organizationKey]);
}
