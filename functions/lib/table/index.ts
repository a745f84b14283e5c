import type { EntityItem } from 'electrodb';
import { ulid } from 'ulid';
import type { Role } from '../../../shared/constants';
import { newTrial } from '../../../shared/subscription';
import type { organizationEntity } from './organization';
import { db } from './service';
import type { subscriptionEntity } from './subscription';
import type { userProfileEntity } from './user-profile';

/**
 * The data layer: the only module that knows the single table's keys. Callers speak in access
 * patterns (a profile by user id, an organisation's subscription), never in key expressions.
 */
export type OrganizationItem = EntityItem<typeof organizationEntity>;
export type UserProfileItem = EntityItem<typeof userProfileEntity>;
export type SubscriptionItem = EntityItem<typeof subscriptionEntity>;

export async function findProfileByUserId(userId: string): Promise<UserProfileItem | null> {
  const { data } = await db().entities.userProfile.query.byUser({ id: userId }).go({ limit: 1 });
  return data[0] ?? null;
}

/** The organisation, unless there is none or it is being deleted. */
export async function getOrganization(organizationId: string): Promise<OrganizationItem | null> {
  const { data } = await db().entities.organization.get({ id: organizationId }).go();
  return data && !data.deleting_since ? data : null;
}

export async function getSubscription(organizationId: string): Promise<SubscriptionItem | null> {
  const { data } = await db().entities.subscription.get({ organization_id: organizationId }).go();
  return data;
}

export interface NewOrganization {
  ownerId: string;
  ownerEmail: string;
  ownerFullName: string;
  ownerRole: Role;
  organizationName: string;
  /** A company sign-up starts a trial; the platform's own organisation has no subscription. */
  withTrial: boolean;
  now: Date;
}

/**
 * An organisation, its owner's profile and its trial, written in one transaction:
 * either all of them exist afterwards or none does.
 */
export async function createOrganizationWithOwner(input: NewOrganization): Promise<OrganizationItem> {
  const createdAt = input.now.toISOString();
  const organization: OrganizationItem = {
    id: ulid(input.now.getTime()),
    name: input.organizationName,
    owner_id: input.ownerId,
    created_at: createdAt,
  };
  const { canceled } = await db()
    .transaction.write(({ organization: org, userProfile, subscription }) => [
      org.create(organization).commit(),
      userProfile
        .create({
          id: input.ownerId,
          organization_id: organization.id,
          email: input.ownerEmail,
          full_name: input.ownerFullName,
          role: input.ownerRole,
          created_at: createdAt,
        })
        .commit(),
      ...(input.withTrial
        ? [
            subscription
              .create({ organization_id: organization.id, ...newTrial(input.now), updated_at: createdAt })
              .commit(),
          ]
        : []),
    ])
    .go();
  if (canceled) throw new Error('Creating the organisation was cancelled by DynamoDB');
  return organization;
}
