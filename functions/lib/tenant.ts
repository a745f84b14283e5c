import { getEachItem, getItem, listPage } from './table/commands';
import { fromStored, type StoredItem, type TableKey } from './table/items/stored';
import {
  organizationItemSchema,
  organizations,
  subscriptionItemSchema,
  subscriptions,
  userProfileItemSchema,
  userProfiles,
  type OrganizationItem,
  type SubscriptionItem,
  type UserProfileItem,
} from './table/items/organizations';

/**
 * Who a caller is and what their organisation may do, read on every request: a person's profile by
 * their Cognito sub, the organisation (none once its deletion has started) and its subscription.
 */

export async function findProfileByUserId(userId: string): Promise<UserProfileItem | null> {
  const { items } = await listPage(userProfileItemSchema, userProfiles.ofUser(userId), { limit: 1 });
  return items[0] ?? null;
}

/** The organisation, unless there is none or it is being deleted. */
export async function getOrganization(organizationId: string): Promise<OrganizationItem | null> {
  const organization = await getItem(organizationItemSchema, organizations.key(organizationId));
  return organization && !organization.deleting_since ? organization : null;
}

export interface Tenant {
  organization: OrganizationItem | null;
  subscription: SubscriptionItem | null;
}

/**
 * The organisation (null as getOrganization gives it) and its subscription, in one request: every
 * signed-in request and every agent report needs both. `alongside` is one more item read in the
 * same request (a device token's lookup), as stored, or null.
 */
export async function getOrganizationAndSubscription(
  organizationId: string,
  alongside?: TableKey,
): Promise<Tenant & { alongside: StoredItem | null }> {
  const [organization, subscription, other = null] = await getEachItem(
    [organizations.key(organizationId), subscriptions.key(organizationId), ...(alongside ? [alongside] : [])],
    { what: 'the organization' },
  );
  const live = organization ? fromStored(organizationItemSchema, organization) : null;
  return {
    organization: live?.deleting_since ? null : live,
    subscription: subscription ? fromStored(subscriptionItemSchema, subscription) : null,
    alongside: other,
  };
}
