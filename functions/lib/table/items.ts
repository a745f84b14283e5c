import type { AuditAction, AuditEntityType, FieldChange } from '../../../shared/audit';
import type { PlanInterval } from '../../../shared/billing';
import type { Role } from '../../../shared/constants';
import type { DisposalAssetType, DisposalItemStatus, DisposalReason } from '../../../shared/disposal';
import type { HardwareAssetType, HardwareDisposalReason, HardwareStatus } from '../../../shared/hardware';
import type { InvitableRole, InvitationStatus } from '../../../shared/invitations';
import { KEY_ATTRIBUTES, TTL_ATTRIBUTE } from './definition';

/**
 * Every kind of item in the single table: its attributes, its key and its index keys. The layout is
 * the one ElectroDB wrote, and items.test.ts pins it key string by key string:
 *  - key strings are lower-cased whole, template and values alike (ElectroDB's default casing);
 *  - listings keep to a kind by sort-key prefix, never by an attribute naming the kind. Items
 *    written by ElectroDB also carry `__edb_e__` and `__edb_v__` (its kind and version); nothing
 *    writes or reads them any more, and they are left out of items read like the keys.
 */

export type TableKey = { pk: string; sk: string };

export type StoredItem = Record<string, unknown>;

/** ElectroDB's bookkeeping on the items it wrote. */
const ELECTRODB_ATTRIBUTES = ['__edb_e__', '__edb_v__'];

const key = (text: string): string => text.toLowerCase();

function tableKey(pk: string, sk: string): TableKey {
  return { pk: key(pk), sk: key(sk) };
}

/** An item as written: its attributes and its keys. */
function stored(attributes: object, keys: Record<string, string>): StoredItem {
  return { ...attributes, ...keys };
}

const HIDDEN = new Set([...KEY_ATTRIBUTES, ...ELECTRODB_ATTRIBUTES]);

/** An item as read: its attributes without the keys (and ElectroDB's bookkeeping, on older items). */
export function fromStored<T>(item: StoredItem): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !HIDDEN.has(name))) as T;
}

// ---- The organisation and its people ----

export interface OrganizationItem {
  id: string;
  name: string;
  owner_id: string;
  created_at: string;
  /** Set when its deletion starts: from then on nobody of it, person or agent, gets in. */
  deleting_since?: string;
}

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
};

export interface UserProfileItem {
  /** The Cognito user's sub. */
  id: string;
  organization_id: string;
  email: string;
  full_name?: string;
  role: Role;
  created_at: string;
}

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
};

export interface SubscriptionItem {
  organization_id: string;
  /** Kept as received: unknown statuses are shown as incomplete, never rewritten. */
  status: string;
  trial_start_date?: string;
  trial_end_date?: string;
  plan_id?: string;
  current_period_end?: string;
  cancel_at_period_end?: boolean;
  /** When a cancelled subscription ended: present only while the status is cancelled. */
  ended_at?: string;
  /** The hosted page of the invoice a past_due subscription owes: present only while one is owed. */
  outstanding_invoice_url?: string;
  /** Set when the organisation first goes to checkout; the billing portal needs it. */
  stripe_customer_id?: string;
  /** The Stripe subscription mirrored here, and when Stripe created it: a newer one replaces it. */
  stripe_subscription_id?: string;
  stripe_subscription_created?: number;
  /** The plan's name and limits, copied when the subscription is mirrored; absent on the free trial. */
  plan_name?: string;
  asset_limit?: number;
  user_limit?: number;
  updated_at: string;
}

export const subscriptions = {
  key: (organizationId: string) => tableKey(`ORG#${organizationId}`, 'SUBSCRIPTION'),
  item: (subscription: SubscriptionItem) =>
    stored(
      { ...subscription, cancel_at_period_end: subscription.cancel_at_period_end ?? false },
      subscriptions.key(subscription.organization_id),
    ),
};

// ---- Hardware, disposal and the audit trail ----

export interface HardwareAssetItem {
  /** A ULID: the list's "newest first" is the key order. */
  id: string;
  organization_id: string;
  asset_type: HardwareAssetType;
  manufacturer?: string;
  model?: string;
  serial_number?: string;
  asset_tag?: string;
  purchase_date?: string;
  /** '' when unknown (ElectroDB needed every composite of an index on a write). */
  warranty_expiry: string;
  status: HardwareStatus;
  location?: string;
  assigned_to?: string;
  cpu?: string;
  ram_gb: number;
  storage_gb: number;
  os?: string;
  notes?: string;
  disposal_reason?: HardwareDisposalReason;
  disposal_date?: string;
  /** Its item on the disposal list while its status is Disposal Pending or Disposed. */
  disposal_item_id?: string;
  created_at: string;
  updated_at: string;
  version: number;
  /** The searchable fields, lower-cased, for a contains() filter. */
  search_text: string;
}

export const hardwareAssets = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `HW#${id}`),
  /** The status filter reads one status's assets, newest first, instead of filtering them all. */
  statusKey: (asset: Pick<HardwareAssetItem, 'organization_id' | 'status' | 'id'>) => ({
    gsi1pk: key(`ORG#${asset.organization_id}#HWSTATUS#${asset.status}`),
    gsi1sk: key(`HW#${asset.id}`),
  }),
  item: (asset: HardwareAssetItem) =>
    stored(asset, {
      ...hardwareAssets.key(asset.organization_id, asset.id),
      ...hardwareAssets.statusKey(asset),
      // Sparse: only assets with a warranty date, by that date, for "expiring in the next 90 days".
      ...(asset.warranty_expiry
        ? {
            gsi2pk: key(`ORG#${asset.organization_id}#WARRANTY`),
            gsi2sk: key(`${asset.warranty_expiry}#${asset.id}`),
          }
        : {}),
    }),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('HW#'),
  }),
  withStatus: (organizationId: string, status: HardwareStatus) => ({
    index: 'gsi1' as const,
    partition: key(`ORG#${organizationId}#HWSTATUS#${status}`),
    sortPrefix: key('HW#'),
  }),
  warrantyBetween: (organizationId: string, from: string, to: string) => ({
    index: 'gsi2' as const,
    partition: key(`ORG#${organizationId}#WARRANTY`),
    sortBetween: [key(from), key(to)] as [string, string],
  }),
};

export const HARDWARE_IDENTIFIER_KINDS = ['serial_number', 'asset_tag'] as const;
export type HardwareIdentifierKind = (typeof HARDWARE_IDENTIFIER_KINDS)[number];

/**
 * A serial number or asset tag taken in an organisation. Written with a not-exists condition in the
 * same transaction as its asset, so two assets can never share one, even when written concurrently.
 * Key values are lower-cased, so "SN-1" and "sn-1" are the same serial.
 */
export interface HardwareIdentifierItem {
  organization_id: string;
  kind: HardwareIdentifierKind;
  value: string;
  asset_id: string;
}

export const hardwareIdentifiers = {
  key: (organizationId: string, identifier: { kind: HardwareIdentifierKind; value: string }) =>
    tableKey(`ORG#${organizationId}`, `HWID#${identifier.kind}#${identifier.value}`),
  item: (identifier: HardwareIdentifierItem) =>
    stored(identifier, hardwareIdentifiers.key(identifier.organization_id, identifier)),
};

/** One row of the disposal list (SPEC.md section 3, disposal_list), as stored. */
export interface DisposalRecord {
  /** A ULID: the list's "newest first" is the key order. */
  id: string;
  organization_id: string;
  /** The linked hardware asset, absent for an item added by hand or whose asset was deleted. */
  asset_id?: string;
  asset_type: DisposalAssetType;
  asset_name: string;
  serial_number?: string;
  asset_tag?: string;
  disposal_reason: DisposalReason;
  disposal_date: string;
  disposal_notes?: string;
  created_by: string;
  status: DisposalItemStatus;
  completed_at?: string;
  completed_by?: string;
  created_at: string;
  updated_at: string;
  version: number;
  /** Asset name, serial number, asset tag and reason, lower-cased, for a contains() filter. */
  search_text: string;
}

export const disposalItems = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `DISP#${id}`),
  statusKey: (record: Pick<DisposalRecord, 'organization_id' | 'status' | 'id'>) => ({
    gsi1pk: key(`ORG#${record.organization_id}#DISPSTATUS#${record.status}`),
    gsi1sk: key(`DISP#${record.id}`),
  }),
  item: (record: DisposalRecord) =>
    stored(record, {
      ...disposalItems.key(record.organization_id, record.id),
      ...disposalItems.statusKey(record),
      // "This Month" counts one month's range of disposal dates instead of reading the whole list.
      gsi2pk: key(`ORG#${record.organization_id}#DISPDATE`),
      gsi2sk: key(`${record.disposal_date}#${record.id}`),
    }),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('DISP#'),
  }),
  withStatus: (organizationId: string, status: DisposalItemStatus) => ({
    index: 'gsi1' as const,
    partition: key(`ORG#${organizationId}#DISPSTATUS#${status}`),
    sortPrefix: key('DISP#'),
  }),
  disposedBetween: (organizationId: string, from: string, to: string) => ({
    index: 'gsi2' as const,
    partition: key(`ORG#${organizationId}#DISPDATE`),
    sortBetween: [key(from), key(to)] as [string, string],
  }),
};

export interface AuditLogItem {
  /** A ULID of the change's time: "latest 100" is the key order. */
  id: string;
  organization_id: string;
  timestamp: string;
  entity_type: AuditEntityType;
  entity_id?: string;
  entity_label: string;
  action: AuditAction;
  changed_by: string;
  changes: Record<string, FieldChange>;
}

export const auditLogs = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `AUDIT#${id}`),
  item: (entry: AuditLogItem) => stored(entry, auditLogs.key(entry.organization_id, entry.id)),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('AUDIT#'),
  }),
};

/**
 * Dashboard totals: counters moved in the same transaction as the change, spread over a few shards
 * (see counters.ts). Each shard holds any number of counters by name.
 */
export const counterShards = {
  key: (organizationId: string, shard: number) => tableKey(`ORG#${organizationId}`, `COUNTERS#${shard}`),
  /** What an upsert of a shard sets besides its counters, as a put of it would have written. */
  identity: (organizationId: string, shard: number) => ({
    organization_id: organizationId,
    shard,
  }),
};

// ---- Agents and their keys ----

/** An agent API key: shown once at creation, kept only as its SHA-256 and a display prefix. */
export interface ApiKeyItem {
  id: string;
  organization_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  created_at: string;
  last_used_at?: string;
}

export const apiKeys = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `APIKEY#${id}`),
  item: (apiKey: ApiKeyItem) => stored(apiKey, apiKeys.key(apiKey.organization_id, apiKey.id)),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('APIKEY#'),
  }),
};

/** The key's hash → its organisation, read with a consistent get on every agent report. */
export interface ApiKeyLookupItem {
  key_hash: string;
  organization_id: string;
  api_key_id: string;
}

export const apiKeyLookups = {
  key: (keyHash: string) => tableKey(`APIKEYHASH#${keyHash}`, 'APIKEY'),
  item: (lookup: ApiKeyLookupItem) => stored(lookup, apiKeyLookups.key(lookup.key_hash)),
};

export const AGENT_SECTIONS = ['shared_folders', 'printers', 'installed_software'] as const;
export type AgentSectionName = (typeof AGENT_SECTIONS)[number];

/**
 * A monitored machine: the light part of its latest report (the heartbeat) and the hashes of its
 * heavy sections, which live in section items. A machine and its sections live in a partition of
 * their own, so reading the fleet never walks the organisation's hardware.
 */
export interface AgentMachineItem {
  organization_id: string;
  machine_id: string;
  hostname: string;
  os_type?: string;
  os_version?: string;
  service_tag?: string;
  logged_in_user?: string;
  agent_version?: string;
  update_available: boolean;
  memory_total_gb?: number;
  cpu_info?: unknown;
  storage_info?: unknown;
  /** Content hash of each heavy section, and how many parts it is stored in. */
  sections: unknown;
  first_seen: string;
  last_seen: string;
}

const agentsPartition = (organizationId: string) => key(`ORG#${organizationId}#AGENTS`);

export const agentMachines = {
  /** The organisation's agents' partition; organisation deletion empties it too. */
  partition: agentsPartition,
  key: (organizationId: string, machineId: string) => ({
    pk: agentsPartition(organizationId),
    sk: key(`AGENT#${machineId}`),
  }),
  item: (machine: AgentMachineItem) =>
    stored(machine, agentMachines.key(machine.organization_id, machine.machine_id)),
  ofOrganization: (organizationId: string) => ({
    partition: agentsPartition(organizationId),
    sortPrefix: key('AGENT#'),
  }),
};

/** One part of a heavy section: large sections are split so each item stays under 400 KB. */
export interface AgentSectionItem {
  organization_id: string;
  machine_id: string;
  section: AgentSectionName;
  part: number;
  entries: unknown;
  /** When this part was last written: unchanged by reports whose section has the same content. */
  written_at: string;
}

export const agentSections = {
  key: (part: Pick<AgentSectionItem, 'organization_id' | 'machine_id' | 'section' | 'part'>) => ({
    pk: agentsPartition(part.organization_id),
    sk: key(`AGENTSEC#${part.machine_id}#${part.section}#${part.part}`),
  }),
  item: (part: AgentSectionItem) => stored(part, agentSections.key(part)),
  ofMachine: (organizationId: string, machineId: string) => ({
    partition: agentsPartition(organizationId),
    sortPrefix: key(`AGENTSEC#${machineId}#`),
  }),
};

// ---- Invitations ----

/** An invitation to join an organisation (SPEC.md section 3, user_invitations). */
export interface InvitationItem {
  /** A ULID: "newest first" is the key order. */
  id: string;
  organization_id: string;
  email: string;
  role: InvitableRole;
  invited_by: string;
  /** SHA-256 of the token: the token itself is only ever in the invitation email. */
  token_hash: string;
  status: InvitationStatus;
  expires_at: string;
  accepted_at?: string;
  created_at: string;
}

export const invitations = {
  key: (organizationId: string, id: string) => tableKey(`ORG#${organizationId}`, `INVITE#${id}`),
  /** The status indexes' partitions: a status change moves the invitation between them. */
  statusPartitions: (organizationId: string, status: InvitationStatus) => ({
    gsi1pk: key(`ORG#${organizationId}#INVITESTATUS#${status}`),
    gsi2pk: key(`INVITESTATUS#${status}`),
  }),
  item: (invitation: InvitationItem) =>
    stored(invitation, {
      ...invitations.key(invitation.organization_id, invitation.id),
      ...invitations.statusPartitions(invitation.organization_id, invitation.status),
      gsi1sk: key(`INVITE#${invitation.id}`),
      gsi2sk: key(`INVITE#${invitation.id}`),
    }),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('INVITE#'),
  }),
  /** An admin's list: the organisation's invitations of one status, newest first. */
  withStatus: (organizationId: string, status: InvitationStatus) => ({
    index: 'gsi1' as const,
    partition: key(`ORG#${organizationId}#INVITESTATUS#${status}`),
    sortPrefix: key('INVITE#'),
  }),
  /** The super_admin's list: every organisation's invitations of one status, newest first. */
  withStatusEverywhere: (status: InvitationStatus) => ({
    index: 'gsi2' as const,
    partition: key(`INVITESTATUS#${status}`),
    sortPrefix: key('INVITE#'),
  }),
};

/** The way from an invite link to its invitation; exists while the invitation is pending. */
export interface InvitationTokenItem {
  token_hash: string;
  organization_id: string;
  invitation_id: string;
}

export const invitationTokens = {
  key: (tokenHash: string) => tableKey(`INVITETOKEN#${tokenHash}`, 'INVITETOKEN'),
  item: (token: InvitationTokenItem) => stored(token, invitationTokens.key(token.token_hash)),
};

/** The pending invitation of an email address in an organisation: at most one at a time. */
export interface PendingInvitationItem {
  organization_id: string;
  email: string;
  invitation_id: string;
}

export const pendingInvitations = {
  key: (organizationId: string, email: string) => tableKey(`ORG#${organizationId}`, `INVITEEMAIL#${email}`),
  item: (pending: PendingInvitationItem) =>
    stored(pending, pendingInvitations.key(pending.organization_id, pending.email)),
};

// ---- The mirror of Stripe ----

/** A subscription plan: one active recurring Stripe price and its product. */
export interface SubscriptionPlanItem {
  id: string;
  stripe_price_id: string;
  stripe_product_id: string;
  name: string;
  amount: number;
  currency: string;
  interval: PlanInterval;
  is_active: boolean;
  features: string[];
  asset_limit: number;
  user_limit: number;
  created_at: string;
  updated_at: string;
}

/** Every plan in one small partition, keyed by its price. */
export const subscriptionPlans = {
  key: (priceId: string) => tableKey('PLANS', `PLAN#${priceId}`),
  item: (plan: SubscriptionPlanItem) => stored(plan, subscriptionPlans.key(plan.stripe_price_id)),
  all: () => ({ partition: key('PLANS'), sortPrefix: key('PLAN#') }),
};

/** One invoice event of an organisation (SPEC 3, payment_history). */
export interface PaymentItem {
  organization_id: string;
  /** The invoice id and the event type: one row per invoice outcome, however often it is delivered. */
  id: string;
  timestamp: string;
  event_type: string;
  amount: number;
  currency: string;
  status: string;
  invoice_url?: string;
}

export const payments = {
  /** Newest first by the invoice's own time, whatever order the events arrived in. */
  key: (payment: Pick<PaymentItem, 'organization_id' | 'timestamp' | 'id'>) =>
    tableKey(`ORG#${payment.organization_id}`, `PAYMENT#${payment.timestamp}#${payment.id}`),
  item: (payment: PaymentItem) => stored(payment, payments.key(payment)),
  ofOrganization: (organizationId: string) => ({
    partition: key(`ORG#${organizationId}`),
    sortPrefix: key('PAYMENT#'),
  }),
};

/** Which organisation a Stripe customer pays for: invoice and subscription events name only the customer. */
export interface StripeCustomerItem {
  customer_id: string;
  organization_id: string;
}

export const stripeCustomers = {
  key: (customerId: string) => tableKey(`STRIPECUSTOMER#${customerId}`, 'STRIPECUSTOMER'),
  item: (customer: StripeCustomerItem) => stored(customer, stripeCustomers.key(customer.customer_id)),
};

/** A webhook event already applied: written in the same transaction as its effect, then expires. */
export interface StripeEventItem {
  event_id: string;
  type: string;
  applied_at: string;
  /** Epoch seconds; Stripe stops retrying an event after 3 days, a month is ample. */
  expires_at: number;
}

export const stripeEvents = {
  item: ({ expires_at, ...event }: StripeEventItem) =>
    stored(
      { ...event, [TTL_ATTRIBUTE]: expires_at },
      tableKey(`STRIPEEVENT#${event.event_id}`, 'STRIPEEVENT'),
    ),
};
