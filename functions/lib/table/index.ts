import { ulid } from 'ulid';
import type { Role } from '../../../shared/constants';
import { newTrial } from '../../../shared/subscription';
import { create, getEachItem, getItem, listPage } from './commands';
import {
  organizations,
  subscriptions,
  userProfiles,
  type OrganizationItem,
  type SubscriptionItem,
  type UserProfileItem,
} from './items';
import { transact } from './transaction';

/**
 * The data layer: the only module that knows the single table's keys. Callers speak in access
 * patterns (a profile by user id, an organisation's subscription), never in key expressions.
 */
export type { OrganizationItem, SubscriptionItem, UserProfileItem };

export async function findProfileByUserId(userId: string): Promise<UserProfileItem | null> {
  const { items } = await listPage<UserProfileItem>(userProfiles.ofUser(userId), { limit: 1 });
  return items[0] ?? null;
}

/** The organisation, unless there is none or it is being deleted. */
export async function getOrganization(organizationId: string): Promise<OrganizationItem | null> {
  const organization = await getItem<OrganizationItem>(organizations.key(organizationId));
  return organization && !organization.deleting_since ? organization : null;
}

/**
 * The organisation (null as getOrganization gives it) and its subscription, in one request: every
 * signed-in request and every agent report needs both.
 */
export async function getOrganizationAndSubscription(
  organizationId: string,
): Promise<{ organization: OrganizationItem | null; subscription: SubscriptionItem | null }> {
  const [organization, subscription] = await getEachItem<[OrganizationItem, SubscriptionItem]>(
    [organizations.key(organizationId), subscriptions.key(organizationId)],
    { what: 'the organization' },
  );
  return { organization: organization?.deleting_since ? null : organization, subscription };
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
  const canceled = await transact([
    create(organizations.item(organization)),
    create(
      userProfiles.item({
        id: input.ownerId,
        organization_id: organization.id,
        email: input.ownerEmail,
        full_name: input.ownerFullName,
        role: input.ownerRole,
        created_at: createdAt,
      }),
    ),
    ...(input.withTrial
      ? [
          create(
            subscriptions.item({
              organization_id: organization.id,
              ...newTrial(input.now),
              updated_at: createdAt,
            }),
          ),
        ]
      : []),
  ]);
  if (canceled) throw new Error('Creating the organisation was cancelled by DynamoDB');
  return organization;
}
