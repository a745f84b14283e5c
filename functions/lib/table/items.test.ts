import { describe, expect, it } from 'vitest';
import type { Listing } from './commands';
import {
  agentMachines,
  agentSections,
  apiKeyLookups,
  apiKeys,
  auditLogs,
  counterShards,
  disposalItems,
  fromStored,
  hardwareAssets,
  hardwareIdentifiers,
  invitations,
  invitationTokens,
  organizations,
  payments,
  pendingInvitations,
  stripeCustomers,
  stripeEvents,
  subscriptionPlans,
  subscriptions,
  userProfiles,
  type AgentMachineItem,
  type AgentSectionItem,
  type ApiKeyItem,
  type AuditLogItem,
  type DisposalRecord,
  type HardwareAssetItem,
  type InvitationItem,
  type OrganizationItem,
  type PaymentItem,
  type StoredItem,
  type SubscriptionPlanItem,
  type UserProfileItem,
} from './items';

/**
 * The stored layout, key string by key string: the items the data layer writes are the ones
 * ElectroDB wrote, so existing tables read unchanged, and a change to a key here is a change to
 * every table in production. Mixed-case ids show the lower-casing of keys. Items carry only their
 * attributes and keys: no kind, no version.
 */

const organization: OrganizationItem = { id: 'O1', name: 'Acme', owner_id: 'U', created_at: 'c' };

const profile: UserProfileItem = {
  id: 'Sub-ABC',
  organization_id: '01HZXAMPLEORG',
  email: 'Ann@Example.com',
  full_name: 'Ann',
  role: 'admin',
  created_at: '2026-01-01T00:00:00.000Z',
};

const asset: HardwareAssetItem = {
  id: '01HZXAMPLEASSET',
  organization_id: '01HZXAMPLEORG',
  asset_type: 'Laptop',
  manufacturer: 'Dell',
  serial_number: 'SN-1',
  warranty_expiry: '2030-01-31',
  status: 'Disposal Pending',
  ram_gb: 16,
  storage_gb: 512,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
  version: 2,
  search_text: 'dell\nsn-1',
};

const claim = { organization_id: 'O1', kind: 'serial_number', value: 'sn-1', asset_id: 'A' } as const;

const disposal: DisposalRecord = {
  id: '01HZXAMPLEDISP',
  organization_id: '01HZXAMPLEORG',
  asset_id: '01HZXAMPLEASSET',
  asset_type: 'Hardware',
  asset_name: 'Dell',
  serial_number: 'SN-1',
  asset_tag: '',
  disposal_reason: 'End of Life',
  disposal_date: '2026-02-03',
  disposal_notes: '',
  created_by: 'a@example.com',
  status: 'Pending',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  version: 1,
  search_text: 'dell',
};

const auditEntry: AuditLogItem = {
  id: 'A1',
  organization_id: 'O1',
  timestamp: 't',
  entity_type: 'hardware_asset',
  entity_label: 'l',
  action: 'updated',
  changed_by: 'c',
  changes: { status: { old: 'Active', new: 'Disposed' } },
};

const apiKey: ApiKeyItem = {
  id: 'K1',
  organization_id: 'O1',
  name: 'n',
  prefix: 'sk_ab',
  key_hash: 'H',
  created_at: 'c',
};

const lookup = { key_hash: 'AbC', organization_id: 'O1', api_key_id: 'K1' };

const machine: AgentMachineItem = {
  organization_id: '01HZXAMPLEORG',
  machine_id: 'Machine-GUID-1',
  hostname: 'host',
  update_available: false,
  cpu_info: { model: 'x' },
  sections: { printers: { hash: 'h', parts: 1 } },
  first_seen: '2026-01-01T00:00:00.000Z',
  last_seen: '2026-01-01T00:00:00.000Z',
};

const sectionPart: AgentSectionItem = {
  organization_id: 'O1',
  machine_id: 'M-1',
  section: 'installed_software',
  part: 2,
  entries: [{ name: 'x' }],
  written_at: 'w',
};

const invitation: InvitationItem = {
  id: '01HZXAMPLEINV',
  organization_id: '01HZXAMPLEORG',
  email: 'bob@example.com',
  role: 'user',
  invited_by: 'ann@example.com',
  token_hash: 'AbCd',
  status: 'pending',
  expires_at: '2026-01-08T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

const invitationToken = { token_hash: 'AbC', organization_id: 'O1', invitation_id: 'I1' };

const pending = { organization_id: 'O1', email: 'Bob@Example.com', invitation_id: 'I1' };

const plan: SubscriptionPlanItem = {
  id: 'P1',
  stripe_price_id: 'price_AbC',
  stripe_product_id: 'prod_X',
  name: 'Pro',
  amount: 1000,
  currency: 'gbp',
  interval: 'month',
  is_active: true,
  features: ['a'],
  asset_limit: 10,
  user_limit: 5,
  created_at: 'c',
  updated_at: 'u',
};

const payment: PaymentItem = {
  organization_id: 'O1',
  id: 'in_AbC:invoice.paid',
  timestamp: '2026-01-01T00:00:00.000Z',
  event_type: 'invoice.paid',
  amount: 1000,
  currency: 'gbp',
  status: 'paid',
};

const customer = { customer_id: 'cus_AbC', organization_id: 'O1' };

describe('the items as stored', () => {
  it.each([
    [
      'an organisation',
      organizations.item(organization),
      { ...organization, pk: 'org#o1', sk: 'org', gsi2pk: 'orgs', gsi2sk: 'org#o1' },
    ],
    [
      'a user profile',
      userProfiles.item(profile),
      {
        ...profile,
        pk: 'org#01hzxampleorg',
        sk: 'user#sub-abc',
        gsi1pk: 'user#sub-abc',
        gsi1sk: 'profile',
        gsi2pk: 'profiles',
        gsi2sk: '2026-01-01t00:00:00.000z#sub-abc',
      },
    ],
    [
      'a subscription, cancel_at_period_end false when not given',
      subscriptions.item({ organization_id: 'O1', status: 'trial', updated_at: 'u' }),
      {
        organization_id: 'O1',
        status: 'trial',
        cancel_at_period_end: false,
        updated_at: 'u',
        pk: 'org#o1',
        sk: 'subscription',
      },
    ],
    [
      'a hardware asset with a warranty',
      hardwareAssets.item(asset),
      {
        ...asset,
        pk: 'org#01hzxampleorg',
        sk: 'hw#01hzxampleasset',
        gsi1pk: 'org#01hzxampleorg#hwstatus#disposal pending',
        gsi1sk: 'hw#01hzxampleasset',
        gsi2pk: 'org#01hzxampleorg#warranty',
        gsi2sk: '2030-01-31#01hzxampleasset',
      },
    ],
    [
      'a hardware asset without one, out of the warranty index',
      hardwareAssets.item({ ...asset, warranty_expiry: '' }),
      {
        ...asset,
        warranty_expiry: '',
        pk: 'org#01hzxampleorg',
        sk: 'hw#01hzxampleasset',
        gsi1pk: 'org#01hzxampleorg#hwstatus#disposal pending',
        gsi1sk: 'hw#01hzxampleasset',
      },
    ],
    [
      'a serial number claim',
      hardwareIdentifiers.item(claim),
      { ...claim, pk: 'org#o1', sk: 'hwid#serial_number#sn-1' },
    ],
    [
      'a disposal item',
      disposalItems.item(disposal),
      {
        ...disposal,
        pk: 'org#01hzxampleorg',
        sk: 'disp#01hzxampledisp',
        gsi1pk: 'org#01hzxampleorg#dispstatus#pending',
        gsi1sk: 'disp#01hzxampledisp',
        gsi2pk: 'org#01hzxampleorg#dispdate',
        gsi2sk: '2026-02-03#01hzxampledisp',
      },
    ],
    ['an audit entry', auditLogs.item(auditEntry), { ...auditEntry, pk: 'org#o1', sk: 'audit#a1' }],
    ['an API key', apiKeys.item(apiKey), { ...apiKey, pk: 'org#o1', sk: 'apikey#k1' }],
    ['an API key lookup', apiKeyLookups.item(lookup), { ...lookup, pk: 'apikeyhash#abc', sk: 'apikey' }],
    [
      'a machine',
      agentMachines.item(machine),
      { ...machine, pk: 'org#01hzxampleorg#agents', sk: 'agent#machine-guid-1' },
    ],
    [
      'a section part',
      agentSections.item(sectionPart),
      { ...sectionPart, pk: 'org#o1#agents', sk: 'agentsec#m-1#installed_software#2' },
    ],
    [
      'an invitation',
      invitations.item(invitation),
      {
        ...invitation,
        pk: 'org#01hzxampleorg',
        sk: 'invite#01hzxampleinv',
        gsi1pk: 'org#01hzxampleorg#invitestatus#pending',
        gsi1sk: 'invite#01hzxampleinv',
        gsi2pk: 'invitestatus#pending',
        gsi2sk: 'invite#01hzxampleinv',
      },
    ],
    [
      'an invitation token',
      invitationTokens.item(invitationToken),
      { ...invitationToken, pk: 'invitetoken#abc', sk: 'invitetoken' },
    ],
    [
      'a pending invitation',
      pendingInvitations.item(pending),
      { ...pending, pk: 'org#o1', sk: 'inviteemail#bob@example.com' },
    ],
    ['a plan', subscriptionPlans.item(plan), { ...plan, pk: 'plans', sk: 'plan#price_abc' }],
    [
      'a payment',
      payments.item(payment),
      { ...payment, pk: 'org#o1', sk: 'payment#2026-01-01t00:00:00.000z#in_abc:invoice.paid' },
    ],
    [
      'a Stripe customer',
      stripeCustomers.item(customer),
      { ...customer, pk: 'stripecustomer#cus_abc', sk: 'stripecustomer' },
    ],
    [
      'an applied Stripe event, its expiry in the TTL attribute',
      stripeEvents.item({ event_id: 'evt_AbC', type: 't', applied_at: 'a', expires_at: 123 }),
      {
        event_id: 'evt_AbC',
        type: 't',
        applied_at: 'a',
        expires_at_ttl: 123,
        pk: 'stripeevent#evt_abc',
        sk: 'stripeevent',
      },
    ],
  ])('%s', (_, item, expected) => {
    // Exactly these attributes: toStrictEqual, so nothing else (ElectroDB's bookkeeping, say) creeps in.
    expect(item).toStrictEqual(expected);
  });
});

/** The attributes of an item's key on the table or on an index. */
function keyOf(item: StoredItem, index?: Listing['index']) {
  return index
    ? { pk: item[`${index}pk`] as string, sk: item[`${index}sk`] as string }
    : { pk: item.pk as string, sk: item.sk as string };
}

/** Whether a listing's query reads the item. */
function lists(listing: Listing, item: StoredItem): boolean {
  const { pk, sk } = keyOf(item, listing.index);
  if (pk === undefined || pk !== listing.partition) return false;
  if (listing.sortPrefix !== undefined && !sk.startsWith(listing.sortPrefix)) return false;
  if (listing.sortBetween && !(sk >= listing.sortBetween[0] && sk <= listing.sortBetween[1])) return false;
  return true;
}

describe('keys and listings', () => {
  it.each([
    ['an organisation', organizations.key('O1'), organizations.item(organization)],
    ['a user profile', userProfiles.key('01HZXAMPLEORG', 'Sub-ABC'), userProfiles.item(profile)],
    [
      'a subscription',
      subscriptions.key('O1'),
      subscriptions.item({ organization_id: 'O1', status: 'trial', updated_at: 'u' }),
    ],
    ['a hardware asset', hardwareAssets.key('01HZXAMPLEORG', '01HZXAMPLEASSET'), hardwareAssets.item(asset)],
    [
      'a serial number claim',
      hardwareIdentifiers.key('O1', { kind: 'serial_number', value: 'sn-1' }),
      hardwareIdentifiers.item(claim),
    ],
    ['a disposal item', disposalItems.key('01HZXAMPLEORG', '01HZXAMPLEDISP'), disposalItems.item(disposal)],
    ['an API key', apiKeys.key('O1', 'K1'), apiKeys.item(apiKey)],
    ['an API key lookup', apiKeyLookups.key('AbC'), apiKeyLookups.item(lookup)],
    ['a machine', agentMachines.key('01HZXAMPLEORG', 'Machine-GUID-1'), agentMachines.item(machine)],
    ['a section part', agentSections.key(sectionPart), agentSections.item(sectionPart)],
    ['an invitation', invitations.key('01HZXAMPLEORG', '01HZXAMPLEINV'), invitations.item(invitation)],
    ['an invitation token', invitationTokens.key('AbC'), invitationTokens.item(invitationToken)],
    [
      'a pending invitation',
      pendingInvitations.key('O1', 'Bob@Example.com'),
      pendingInvitations.item(pending),
    ],
    ['a plan', subscriptionPlans.key('price_AbC'), subscriptionPlans.item(plan)],
    ['a Stripe customer', stripeCustomers.key('cus_AbC'), stripeCustomers.item(customer)],
  ])('%s is read and changed by the key it is written under', (_, key, item) => {
    expect(key).toStrictEqual(keyOf(item));
  });

  it.each([
    ['every organisation', organizations.all(), organizations.item(organization)],
    ['an organisation’s profiles', userProfiles.ofOrganization('01HZXAMPLEORG'), userProfiles.item(profile)],
    ['a user’s profile', userProfiles.ofUser('Sub-ABC'), userProfiles.item(profile)],
    ['every profile', userProfiles.everyone(), userProfiles.item(profile)],
    ['an organisation’s assets', hardwareAssets.ofOrganization('01HZXAMPLEORG'), hardwareAssets.item(asset)],
    [
      'the assets of a status',
      hardwareAssets.withStatus('01HZXAMPLEORG', 'Disposal Pending'),
      hardwareAssets.item(asset),
    ],
    [
      'warranties ending in a range',
      hardwareAssets.warrantyBetween('01HZXAMPLEORG', '2030-01-01', '2030-02-01'),
      hardwareAssets.item(asset),
    ],
    ['the disposal list', disposalItems.ofOrganization('01HZXAMPLEORG'), disposalItems.item(disposal)],
    [
      'the disposal items of a status',
      disposalItems.withStatus('01HZXAMPLEORG', 'Pending'),
      disposalItems.item(disposal),
    ],
    [
      'disposals in a range of dates',
      disposalItems.disposedBetween('01HZXAMPLEORG', '2026-02-01', '2026-02-28~'),
      disposalItems.item(disposal),
    ],
    ['the audit trail', auditLogs.ofOrganization('O1'), auditLogs.item(auditEntry)],
    ['an organisation’s API keys', apiKeys.ofOrganization('O1'), apiKeys.item(apiKey)],
    ['the fleet', agentMachines.ofOrganization('01HZXAMPLEORG'), agentMachines.item(machine)],
    ['a machine’s section parts', agentSections.ofMachine('O1', 'M-1'), agentSections.item(sectionPart)],
    [
      'an organisation’s invitations',
      invitations.ofOrganization('01HZXAMPLEORG'),
      invitations.item(invitation),
    ],
    [
      'the invitations of a status',
      invitations.withStatus('01HZXAMPLEORG', 'pending'),
      invitations.item(invitation),
    ],
    [
      'every organisation’s invitations of a status',
      invitations.withStatusEverywhere('pending'),
      invitations.item(invitation),
    ],
    ['the plans', subscriptionPlans.all(), subscriptionPlans.item(plan)],
    ['an organisation’s payments', payments.ofOrganization('O1'), payments.item(payment)],
  ])('%s: the listing reads its items', (_, listing, item) => {
    expect(lists(listing, item)).toBe(true);
  });

  it('pins the listings’ partitions and sort-key ranges', () => {
    expect(organizations.all()).toStrictEqual({ index: 'gsi2', partition: 'orgs', sortPrefix: 'org#' });
    expect(userProfiles.ofOrganization('O1')).toStrictEqual({ partition: 'org#o1', sortPrefix: 'user#' });
    expect(userProfiles.ofUser('Sub-ABC')).toStrictEqual({
      index: 'gsi1',
      partition: 'user#sub-abc',
      sortPrefix: 'profile',
    });
    expect(userProfiles.everyone()).toStrictEqual({ index: 'gsi2', partition: 'profiles' });
    expect(hardwareAssets.ofOrganization('O1')).toStrictEqual({ partition: 'org#o1', sortPrefix: 'hw#' });
    expect(hardwareAssets.withStatus('O1', 'In Repair')).toStrictEqual({
      index: 'gsi1',
      partition: 'org#o1#hwstatus#in repair',
      sortPrefix: 'hw#',
    });
    expect(hardwareAssets.warrantyBetween('O1', '2030-01-01', '2030-03-31~')).toStrictEqual({
      index: 'gsi2',
      partition: 'org#o1#warranty',
      sortBetween: ['2030-01-01', '2030-03-31~'],
    });
    expect(disposalItems.ofOrganization('O1')).toStrictEqual({ partition: 'org#o1', sortPrefix: 'disp#' });
    expect(disposalItems.withStatus('O1', 'Completed')).toStrictEqual({
      index: 'gsi1',
      partition: 'org#o1#dispstatus#completed',
      sortPrefix: 'disp#',
    });
    expect(disposalItems.disposedBetween('O1', '2026-02-01', '2026-02-28~')).toStrictEqual({
      index: 'gsi2',
      partition: 'org#o1#dispdate',
      sortBetween: ['2026-02-01', '2026-02-28~'],
    });
    expect(auditLogs.ofOrganization('O1')).toStrictEqual({ partition: 'org#o1', sortPrefix: 'audit#' });
    expect(apiKeys.ofOrganization('O1')).toStrictEqual({ partition: 'org#o1', sortPrefix: 'apikey#' });
    expect(agentMachines.partition('O1')).toBe('org#o1#agents');
    expect(agentMachines.ofOrganization('O1')).toStrictEqual({
      partition: 'org#o1#agents',
      sortPrefix: 'agent#',
    });
    expect(agentSections.ofMachine('O1', 'M-1')).toStrictEqual({
      partition: 'org#o1#agents',
      sortPrefix: 'agentsec#m-1#',
    });
    expect(invitations.ofOrganization('O1')).toStrictEqual({ partition: 'org#o1', sortPrefix: 'invite#' });
    expect(invitations.withStatus('O1', 'cancelled')).toStrictEqual({
      index: 'gsi1',
      partition: 'org#o1#invitestatus#cancelled',
      sortPrefix: 'invite#',
    });
    expect(invitations.withStatusEverywhere('accepted')).toStrictEqual({
      index: 'gsi2',
      partition: 'invitestatus#accepted',
      sortPrefix: 'invite#',
    });
    expect(subscriptionPlans.all()).toStrictEqual({ partition: 'plans', sortPrefix: 'plan#' });
    expect(payments.ofOrganization('O1')).toStrictEqual({ partition: 'org#o1', sortPrefix: 'payment#' });
  });

  // Nothing on an item names its kind: a listing keeps to its kind by its sort-key prefix alone.
  it.each([
    ['assets', hardwareAssets.ofOrganization('O1'), hardwareIdentifiers.item(claim)],
    ['invitations', invitations.ofOrganization('O1'), pendingInvitations.item(pending)],
    [
      'the fleet',
      agentMachines.ofOrganization('O1'),
      agentSections.item({ ...sectionPart, machine_id: 'M-1' }),
    ],
    [
      'a machine’s section parts',
      agentSections.ofMachine('O1', 'M-1'),
      agentSections.item({ ...sectionPart, machine_id: 'M-10' }),
    ],
  ])('%s: the listing leaves out the other kinds of its partition', (_, listing, other) => {
    expect(lists(listing, other)).toBe(false);
  });
});

describe('moves between index partitions', () => {
  it('an asset or disposal item changing status moves to that status’s partition', () => {
    const repaired = { ...asset, status: 'In Repair' as const };
    expect(hardwareAssets.statusKey(repaired)).toStrictEqual({
      gsi1pk: 'org#01hzxampleorg#hwstatus#in repair',
      gsi1sk: 'hw#01hzxampleasset',
    });
    const repairedItem = hardwareAssets.item(repaired);
    expect(hardwareAssets.statusKey(repaired)).toStrictEqual({
      gsi1pk: repairedItem.gsi1pk,
      gsi1sk: repairedItem.gsi1sk,
    });
    const completed = { ...disposal, status: 'Completed' as const };
    expect(disposalItems.statusKey(completed)).toStrictEqual({
      gsi1pk: 'org#01hzxampleorg#dispstatus#completed',
      gsi1sk: 'disp#01hzxampledisp',
    });
    const completedItem = disposalItems.item(completed);
    expect(disposalItems.statusKey(completed)).toStrictEqual({
      gsi1pk: completedItem.gsi1pk,
      gsi1sk: completedItem.gsi1sk,
    });
  });

  it('an invitation moved to another status', () => {
    expect(invitations.statusPartitions('O1', 'cancelled')).toStrictEqual({
      gsi1pk: 'org#o1#invitestatus#cancelled',
      gsi2pk: 'invitestatus#cancelled',
    });
    const cancelled = invitations.item({ ...invitation, organization_id: 'O1', status: 'cancelled' });
    expect(invitations.statusPartitions('O1', 'cancelled')).toStrictEqual({
      gsi1pk: cancelled.gsi1pk,
      gsi2pk: cancelled.gsi2pk,
    });
  });
});

describe('a counter shard', () => {
  it('is keyed by its organisation and number, and an upsert of it sets only those', () => {
    expect(counterShards.key('O1', 3)).toStrictEqual({ pk: 'org#o1', sk: 'counters#3' });
    expect(counterShards.identity('O1', 3)).toStrictEqual({ organization_id: 'O1', shard: 3 });
  });
});

describe('items as read', () => {
  it('leave out the keys, and the bookkeeping attributes of items ElectroDB wrote', () => {
    expect(fromStored(hardwareAssets.item(asset))).toStrictEqual(asset);
    const writtenByElectroDB = { ...hardwareAssets.item(asset), __edb_e__: 'hardwareAsset', __edb_v__: '1' };
    expect(fromStored(writtenByElectroDB)).toStrictEqual(asset);
  });
});
