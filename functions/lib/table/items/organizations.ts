import * as z from 'zod';
import { ROLES, type Role } from '../../../../shared/constants';
import {
  check,
  create,
  getItem,
  getItems,
  listAll,
  listPage,
  patch,
  remove,
  type TableWrite,
} from '../commands';
import { absent, allOf, anyOf, equals, lessThan, present } from '../conditions';
import { idProjection, key, stored, tableKey, type TableKey } from './stored';

interface ReadOptions {
  consistent?: boolean;
}

// ---- The organisation and its people ----

export const organizationItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner_id: z.string(),
  created_at: z.string(),
  /** Set when its deletion starts: from then on nobody of it, person or agent, gets in. */
  deleting_since: z.string().optional(),
  /** Set on a company sign-up until its emailed code proves the owner's address (items/signups.ts). */
  unconfirmed_since: z.string().optional(),
  /** Every member must use MFA: members without it are refused until they set it up. */
  require_mfa: z.boolean().optional(),
  /** Its agents install newer versions themselves (Settings → Monitoring Agent); absent means on. */
  agent_auto_update: z.boolean().optional(),
  auto_add_machines: z.boolean().optional(),
  /**
   * When require_mfa was last turned on, and the session (origin_jti) that did it: members' sessions
   * signed in before it are refused, that one kept (functions/lib/mfa-session.ts).
   */
  require_mfa_since: z.string().optional(),
  require_mfa_session: z.string().optional(),
});
export type OrganizationItem = z.infer<typeof organizationItemSchema>;
/** Attributes of an organisation a change may set. */
export type OrganizationChanges = Partial<Omit<OrganizationItem, 'id'>>;

export const organizations = {
  key: (id: string) => tableKey(`ORG#${id}`, 'ORG'),
  item: (organization: OrganizationItem) =>
    stored(organization, {
      ...organizations.key(organization.id),
      // Every organisation, newest first (ULIDs sort by creation): the super_admin listing.
      gsi2pk: key('ORGS'),
      gsi2sk: key(`ORG#${organization.id}`),
    }),
  all: () => ({ index: 'gsi2' as const, partition: key('ORGS'), sortPrefix: key('ORG#') }),
  get: (id: string, options?: ReadOptions): Promise<OrganizationItem | null> =>
    getItem(organizationItemSchema, organizations.key(id), options),
  /** One read of every organisation, in key order (oldest first). */
  page: ({
    limit,
    cursor,
  }: {
    limit: number;
    cursor: string | null;
  }): Promise<{ items: OrganizationItem[]; cursor: string | null }> =>
    listPage(organizationItemSchema, organizations.all(), { limit, cursor }),
  /** Every organisation, newest first. */
  listNewestFirst: (): Promise<OrganizationItem[]> =>
    listAll(organizationItemSchema, organizations.all(), { newestFirst: true }),
  create: (organization: OrganizationItem): TableWrite => create(organizations.item(organization)),
  /** Marks an existing organisation as being deleted: from then on nobody of it gets in. */
  markDeleting: (id: string, since: string): TableWrite =>
    patch(organizations.key(id), { set: { deleting_since: since } }),
  /** Its owner's address is proven: the organisation is usable. */
  markConfirmed: (id: string): TableWrite => patch(organizations.key(id), { remove: ['unconfirmed_since'] }),
  getMany: (ids: string[]): Promise<OrganizationItem[]> =>
    getItems(organizationItemSchema, ids.map(organizations.key), { what: 'organisations' }),
  /** Changes an existing organisation whose deletion has not started. */
  updateIfNotDeleting: (id: string, set: OrganizationChanges): TableWrite =>
    patch(organizations.key(id), { set }, absent('deleting_since')),
  /** For a transaction: the organisation exists and its deletion has not started. */
  checkLive: (id: string): TableWrite =>
    check(organizations.key(id), allOf(present('id'), absent('deleting_since'))),
  removeIfOwnedBy: (id: string, ownerId: string): TableWrite =>
    remove(organizations.key(id), equals('owner_id', ownerId)),
};

export const userProfileItemSchema = z.object({
  /** The Cognito user's sub. */
  id: z.string(),
  organization_id: z.string(),
  email: z.string(),
  full_name: z.string().optional(),
  role: z.enum(ROLES),
  created_at: z.string(),
  /**
   * Whether Cognito had TOTP MFA on when the API last read it (AdminGetUser): at every session of a
   * person MFA is required of (functions/lib/mfa-session.ts), and on POST /api/me/mfa. Never the client's word.
   */
  mfa_enabled: z.boolean().optional(),
  /**
   * When the person's MFA or password last changed (ISO), and the session (origin_jti) that changed
   * it: every other session signed in before it is refused (functions/lib/mfa-session.ts).
   */
  credentials_changed_at: z.string().optional(),
  credentials_changed_in: z.string().optional(),
  /** Cognito's UserLastModifiedDate when the API last took its record in: a later one is a change made behind its back. */
  cognito_modified_at: z.string().optional(),
  /** An admin's daily alert digest (issue 27, functions/alerts): opted into, and after how many hours a machine is offline. */
  alert_digest: z.boolean().optional(),
  offline_hours: z.number().int().optional(),
});
export type UserProfileItem = z.infer<typeof userProfileItemSchema>;

export const userProfiles = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `USER#${id}`),
  item: (profile: UserProfileItem) =>
    stored(profile, {
      ...userProfiles.key(profile.organization_id, profile.id),
      gsi1pk: key(`USER#${profile.id}`),
      gsi1sk: key('PROFILE'),
      gsi2pk: key('PROFILES'),
      gsi2sk: key(`${profile.created_at}#${profile.id}`),
    }),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('USER#'),
  }),
  /** The caller's profile from the token's sub, on every request. */
  ofUser: (id: string) => ({
    index: 'gsi1' as const,
    partition: key(`USER#${id}`),
    sortPrefix: key('PROFILE'),
  }),
  /** The super_admin's users list: every organisation's profiles, newest first. */
  everyone: () => ({ index: 'gsi2' as const, partition: key('PROFILES') }),
  /** The organisation's profiles, in key order. */
  listOfOrganization: (organizationId: string): Promise<UserProfileItem[]> =>
    listAll(userProfileItemSchema, userProfiles.ofOrganization(organizationId)),
  /** Only the ids of the organisation's profiles. */
  listIdsOfOrganization: (organizationId: string): Promise<{ id: string }[]> =>
    listAll(idProjection, userProfiles.ofOrganization(organizationId), { attributes: ['id'] }),
  /** Every organisation's profiles, newest first. */
  listEveryone: (): Promise<UserProfileItem[]> =>
    listAll(userProfileItemSchema, userProfiles.everyone(), { newestFirst: true }),
  /** A person's profile by their Cognito sub (an index read: eventually consistent). */
  findOfUser: async (id: string): Promise<UserProfileItem | null> => {
    const { items } = await listPage(userProfileItemSchema, userProfiles.ofUser(id), { limit: 1 });
    return items[0] ?? null;
  },
  create: (profile: UserProfileItem): TableWrite => create(userProfiles.item(profile)),
  /** Changes an existing profile's alert digest settings. */
  updateAlertSettings: (
    organizationId: string,
    id: string,
    set: Partial<Pick<UserProfileItem, 'alert_digest' | 'offline_hours'>>,
  ): TableWrite => patch(userProfiles.key(organizationId, id), { set }),
  /** Changes the role, if it is still the one read. */
  changeRoleIf: (organizationId: string, id: string, from: Role, to: Role): TableWrite =>
    patch(userProfiles.key(organizationId, id), { set: { role: to } }, equals('role', from)),
  /** For a transaction: the person is still an admin. */
  checkAdmin: (organizationId: string, id: string): TableWrite =>
    check(userProfiles.key(organizationId, id), equals('role', 'admin')),
  remove: (organizationId: string, id: string): TableWrite => remove(userProfiles.key(organizationId, id)),
};

export const subscriptionItemSchema = z.object({
  organization_id: z.string(),
  /** Kept as received: unknown statuses are shown as incomplete, never rewritten. */
  status: z.string(),
  trial_start_date: z.string().optional(),
  trial_end_date: z.string().optional(),
  plan_id: z.string().optional(),
  current_period_end: z.string().optional(),
  cancel_at_period_end: z.boolean().optional(),
  /** When a cancelled subscription ended: present only while the status is cancelled. */
  ended_at: z.string().optional(),
  /** The hosted page of the invoice a past_due subscription owes: present only while one is owed. */
  outstanding_invoice_url: z.string().optional(),
  /** Set when the organisation first goes to checkout; the billing portal needs it. */
  stripe_customer_id: z.string().optional(),
  /** The Stripe subscription mirrored here, and when Stripe created it: a newer one replaces it. */
  stripe_subscription_id: z.string().optional(),
  stripe_subscription_created: z.number().optional(),
  /** The plan's name and limits, copied when the subscription is mirrored; absent on the free trial. */
  plan_name: z.string().optional(),
  asset_limit: z.number().optional(),
  user_limit: z.number().optional(),
  updated_at: z.string(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItemSchema>;

export const subscriptions = {
  key: (organizationId: string) => tableKey(`ORG#${organizationId}`, 'SUBSCRIPTION'),
  item: (subscription: SubscriptionItem) =>
    stored(
      { ...subscription, cancel_at_period_end: subscription.cancel_at_period_end ?? false },
      subscriptions.key(subscription.organization_id),
    ),
  create: (subscription: SubscriptionItem): TableWrite => create(subscriptions.item(subscription)),
  remove: (organizationId: string): TableWrite => remove(subscriptions.key(organizationId)),
  get: (organizationId: string, options?: ReadOptions): Promise<SubscriptionItem | null> =>
    getItem(subscriptionItemSchema, subscriptions.key(organizationId), options),
  /** Records the Stripe customer of an existing subscription that has none yet. */
  linkCustomerIfNone: (organizationId: string, customerId: string): TableWrite =>
    patch(
      subscriptions.key(organizationId),
      { set: { stripe_customer_id: customerId } },
      absent('stripe_customer_id'),
    ),
  /**
   * Mirrors a Stripe subscription onto an existing subscription item, if the one it mirrors now
   * is absent, the same, older, or has one of `replacesStatuses` (an ended one a running one
   * replaces, even one started the same second).
   */
  mirrorIfReplaceable: (
    organizationId: string,
    changes: { set: Record<string, unknown>; remove: string[] },
    incoming: { subscriptionId: string; created: number; replacesStatuses: string[] },
  ): TableWrite =>
    patch(
      subscriptions.key(organizationId),
      changes,
      anyOf(
        absent('stripe_subscription_id'),
        equals('stripe_subscription_id', incoming.subscriptionId),
        lessThan('stripe_subscription_created', incoming.created),
        ...(incoming.replacesStatuses.length > 0
          ? [anyOf(...incoming.replacesStatuses.map((status) => equals('status', status)))]
          : []),
      ),
    ),
};

export type LimitedResource = 'assets' | 'users';

/**
 * The lease under which a plan limit is counted and the change written (functions/lib/plan-limits.ts).
 * Unlike every other kind's, its key is not lower-cased: that is how it has always been written.
 */
export const limitGuards = {
  key: (organizationId: string, resource: LimitedResource): TableKey => ({
    pk: `ORG#${organizationId}`,
    sk: `LIMITGUARD#${resource}`,
  }),
};
