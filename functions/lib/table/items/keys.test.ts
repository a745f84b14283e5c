import { describe, expect, it } from 'vitest';
import type { Listing } from '../commands';
import { agentMachines } from './agents';
import { agentSections } from './agent-sections';
import { apiKeyLookups, apiKeys } from './api-keys';
import { auditLogs } from './audit';
import { payments, stripeCustomers, subscriptionPlans } from './billing';
import { disposalItems } from './disposal';
import { hardwareAssets, hardwareIdentifiers } from './hardware';
import { invitations, invitationTokens, pendingInvitations } from './invitations';
import { limitGuards, organizations, subscriptions, userProfiles } from './organizations';
import {
  apiKey,
  asset,
  auditEntry,
  claim,
  customer,
  disposal,
  invitation,
  invitationToken,
  lookup,
  machine,
  organization,
  payment,
  pending,
  plan,
  profile,
  sectionPart,
} from './examples';
import type { StoredItem } from './stored';

/** Each kind is read and changed by the key it is written under, and each listing reads its kind only. */

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
    [
      'a machine',
      agentMachines.key('01HZXAMPLEORG', 'Machine-GUID-1'),
      agentMachines.item('01HZXAMPLEORG', machine),
    ],
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
    [
      'the fleet',
      agentMachines.ofOrganization('01HZXAMPLEORG'),
      agentMachines.item('01HZXAMPLEORG', machine),
    ],
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
    expect(hardwareAssets.byWarranty('O1')).toStrictEqual({ index: 'gsi2', partition: 'org#o1#warranty' });
    expect(hardwareAssets.byColumn('O1', 'asset_tag')).toStrictEqual({ index: 'gsi7', partition: 'org#o1' });
    // A location's assets, however it is spelt: its sortable text, the separator, then any id.
    expect(hardwareAssets.byColumn('O1', 'location', ' London   OFFICE 2')).toStrictEqual({
      index: 'gsi9',
      partition: 'org#o1',
      sortBetween: ['alondon office 12\u0001', 'alondon office 12\u0001\uffff'],
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

describe('a plan limit’s guard', () => {
  it('is keyed by its organisation and resource as it has always been written, not lower-cased', () => {
    expect(limitGuards.key('01HZXAMPLEORG', 'assets')).toStrictEqual({
      pk: 'ORG#01HZXAMPLEORG',
      sk: 'LIMITGUARD#assets',
    });
  });
});
