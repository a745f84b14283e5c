import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { OrganizationSummary } from '../../../shared/users';
import { config } from '../config';
import { deleteCognitoUser } from '../cognito';
import { BadRequest, NotFound } from '../errors';
import { dynamoDocumentClient } from './client';
import { db } from './service';

/**
 * The super_admin's organisations: listing with user counts, and deleting one with everything it
 * has. A deletion first marks the organisation, which shuts its people and agents out at once
 * (getOrganization no longer returns it); then it removes the items outside its partition (API key,
 * invitation and Stripe customer lookups), its Cognito users, every item of its partition in
 * batches, and the organisation itself last. Each step only removes what is still there, so a deletion that stops
 * half way is finished by running it again.
 */
export async function listOrganizations(): Promise<OrganizationSummary[]> {
  const { data } = await db().entities.organization.query.all({}).go({ order: 'desc', pages: 'all' });
  const live = data.filter((organization) => !organization.deleting_since);
  return Promise.all(
    live.map(async (organization) => {
      const { data: members } = await db()
        .entities.userProfile.query.primary({ organization_id: organization.id })
        .go({ pages: 'all', attributes: ['id'] });
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
    const result = await dynamoDocumentClient().send(
      new BatchWriteCommand({ RequestItems: { [config().TABLE_NAME]: requests } }),
    );
    requests = (result.UnprocessedItems?.[config().TABLE_NAME] ?? []) as typeof requests;
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
  const entities = db().entities;
  const { data: organization } = await entities.organization
    .get({ id: organizationId })
    .go({ consistent: true });
  if (!organization) throw new NotFound('Organization not found');
  if (!organization.deleting_since) {
    await entities.organization
      .patch({ id: organizationId })
      .set({ deleting_since: new Date().toISOString() })
      .go();
  }

  const [apiKeys, invitations, profiles, subscription] = await Promise.all([
    entities.apiKey.query.primary({ organization_id: organizationId }).go({ pages: 'all' }),
    entities.invitation.query.primary({ organization_id: organizationId }).go({ pages: 'all' }),
    entities.userProfile.query.primary({ organization_id: organizationId }).go({ pages: 'all' }),
    entities.subscription.get({ organization_id: organizationId }).go(),
  ]);
  const customerId = subscription.data?.stripe_customer_id;
  const lookupKeys = [
    ...apiKeys.data.map((key) => entities.apiKeyLookup.get({ key_hash: key.key_hash }).params().Key),
    ...invitations.data.map(
      (invitation) => entities.invitationToken.get({ token_hash: invitation.token_hash }).params().Key,
    ),
    ...(customerId ? [entities.stripeCustomer.get({ customer_id: customerId }).params().Key] : []),
  ] as Record<string, unknown>[];
  await deleteKeys(lookupKeys);
  for (const profile of profiles.data) await deleteCognitoUser(profile.email);

  // Every item of the organisation's partitions but the organisation itself, a page at a time.
  const organizationKey = entities.organization.get({ id: organizationId }).params().Key as {
    pk: string;
    sk: string;
  };
  const agentsPartition = (
    entities.agentMachine.query.primary({ organization_id: organizationId }).params() as {
      ExpressionAttributeValues: { ':pk': string };
    }
  ).ExpressionAttributeValues[':pk'];
  for (const partition of [agentsPartition, organizationKey.pk]) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await dynamoDocumentClient().send(
        new QueryCommand({
          TableName: config().TABLE_NAME,
          KeyConditionExpression: '#pk = :pk',
          ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
          ExpressionAttributeValues: { ':pk': partition },
          ProjectionExpression: '#pk, #sk',
          ExclusiveStartKey: startKey,
        }),
      );
      await deleteKeys(
        (page.Items ?? []).filter(
          (item) => item.pk !== organizationKey.pk || item.sk !== organizationKey.sk,
        ) as Record<string, unknown>[],
      );
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  await deleteKeys([organizationKey]);
}
