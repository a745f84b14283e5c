import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { agentMachineItemSchema, agentMachines } from './agents';
import { agentSectionItemSchema, agentSections } from './agent-sections';
import { apiKeyItemSchema, apiKeyLookupItemSchema, apiKeyLookups, apiKeys } from './api-keys';
import { auditLogItemSchema, auditLogs } from './audit';
import {
  paymentItemSchema,
  payments,
  stripeCustomerItemSchema,
  stripeCustomers,
  stripeEvents,
  subscriptionPlanItemSchema,
  subscriptionPlans,
} from './billing';
import { disposalItems, disposalRecordSchema } from './disposal';
import {
  hardwareAssetItemSchema,
  hardwareAssets,
  hardwareIdentifierItemSchema,
  hardwareIdentifiers,
} from './hardware';
import {
  invitationItemSchema,
  invitations,
  invitationTokenItemSchema,
  invitationTokens,
  pendingInvitationItemSchema,
  pendingInvitations,
} from './invitations';
import {
  organizationItemSchema,
  organizations,
  subscriptionItemSchema,
  subscriptions,
  userProfileItemSchema,
  userProfiles,
} from './organizations';
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
import { fromStored } from './stored';

/**
 * The stored layout, key string by key string: the items the data layer writes are the ones
 * ElectroDB wrote, so existing tables read unchanged, and a change to a key here is a change to
 * every table in production. Mixed-case ids show the lower-casing of keys. Items carry only their
 * attributes and keys: no kind, no version.
 */

/** A section part is stored with its entries gzipped (items/agents.ts). */
function withoutEntries<T extends { entries: unknown }>({ entries: _entries, ...rest }: T) {
  return rest;
}

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
        // The list's orders (issue 34): the column's sortable text, \u0001, the id; "b" when empty.
        gsi5sk: 'adell\u0001laptop\u000101hzxampleasset',
        gsi6sk: 'asn-11\u000101hzxampleasset',
        gsi7sk: 'b\u000101hzxampleasset',
        gsi8sk: 'b\u000101hzxampleasset',
        gsi9sk: 'b\u000101hzxampleasset',
      },
    ],
    [
      'a hardware asset without a warranty, after every date, in a location',
      hardwareAssets.item({ ...asset, warranty_expiry: '', location: ' Floor  12 ', assigned_to: 'Jane' }),
      {
        ...asset,
        warranty_expiry: '',
        location: ' Floor  12 ',
        assigned_to: 'Jane',
        pk: 'org#01hzxampleorg',
        sk: 'hw#01hzxampleasset',
        gsi1pk: 'org#01hzxampleorg#hwstatus#disposal pending',
        gsi1sk: 'hw#01hzxampleasset',
        gsi2pk: 'org#01hzxampleorg#warranty',
        gsi2sk: '~#01hzxampleasset',
        gsi5sk: 'adell\u0001laptop\u000101hzxampleasset',
        gsi6sk: 'asn-11\u000101hzxampleasset',
        gsi7sk: 'b\u000101hzxampleasset',
        gsi8sk: 'ajane\u000101hzxampleasset',
        gsi9sk: 'afloor 212\u000101hzxampleasset',
        location_key: 'floor 12',
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
      agentMachines.item('01HZXAMPLEORG', machine),
      {
        ...machine,
        pk: 'org#01hzxampleorg#agents',
        sk: 'agent#machine-guid-1',
        // The fleet's indexes: the hour last seen, the hostname lower-cased, what a search reads.
        gsi3sk: '2026-01-01T00',
        gsi4sk: 'host',
        search_text: 'host',
      },
    ],
    [
      'a section part',
      agentSections.item(sectionPart),
      {
        ...withoutEntries(sectionPart),
        entries_gz: gzipSync(JSON.stringify(sectionPart.entries)),
        pk: 'org#o1#agents',
        sk: 'agentsec#m-1#installed_software#2',
      },
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

describe('items as read', () => {
  it('leave out the keys, and the bookkeeping attributes of items ElectroDB wrote', () => {
    expect(fromStored(hardwareAssetItemSchema, hardwareAssets.item(asset))).toStrictEqual(asset);
    const writtenByElectroDB = { ...hardwareAssets.item(asset), __edb_e__: 'hardwareAsset', __edb_v__: '1' };
    expect(fromStored(hardwareAssetItemSchema, writtenByElectroDB)).toStrictEqual(asset);
  });

  it.each([
    ['an organisation', organizationItemSchema, organizations.item(organization), organization],
    ['a user profile', userProfileItemSchema, userProfiles.item(profile), profile],
    [
      'a subscription',
      subscriptionItemSchema,
      subscriptions.item({ organization_id: 'O1', status: 'trial', updated_at: 'u' }),
      { organization_id: 'O1', status: 'trial', cancel_at_period_end: false, updated_at: 'u' },
    ],
    ['a hardware asset', hardwareAssetItemSchema, hardwareAssets.item(asset), asset],
    ['a serial number claim', hardwareIdentifierItemSchema, hardwareIdentifiers.item(claim), claim],
    ['a disposal item', disposalRecordSchema, disposalItems.item(disposal), disposal],
    ['an audit entry', auditLogItemSchema, auditLogs.item(auditEntry), auditEntry],
    ['an API key', apiKeyItemSchema, apiKeys.item(apiKey), apiKey],
    ['an API key lookup', apiKeyLookupItemSchema, apiKeyLookups.item(lookup), lookup],
    ['a machine', agentMachineItemSchema, agentMachines.item('01HZXAMPLEORG', machine), machine],
    ['a section part', agentSectionItemSchema, agentSections.item(sectionPart), sectionPart],
    ['an invitation', invitationItemSchema, invitations.item(invitation), invitation],
    [
      'an invitation token',
      invitationTokenItemSchema,
      invitationTokens.item(invitationToken),
      invitationToken,
    ],
    ['a pending invitation', pendingInvitationItemSchema, pendingInvitations.item(pending), pending],
    ['a plan', subscriptionPlanItemSchema, subscriptionPlans.item(plan), plan],
    ['a payment', paymentItemSchema, payments.item(payment), payment],
    ['a Stripe customer', stripeCustomerItemSchema, stripeCustomers.item(customer), customer],
  ] as const)('%s is read back as it was written, by its kind’s schema', (_, schema, stored, written) => {
    expect(fromStored(schema, stored)).toStrictEqual(written);
  });

  it('read an attribute stored as null as absent, and leave out attributes their kind does not have', () => {
    const read = fromStored(hardwareAssetItemSchema, {
      ...hardwareAssets.item(asset),
      model: null,
      colour: 'red',
    });
    expect(read.model).toBeUndefined();
    expect(read).not.toHaveProperty('colour');
  });

  it('refuse an item that is not of its kind, naming it', () => {
    const stored = hardwareAssets.item({ ...asset, status: 'Misplaced' as never });
    expect(() => fromStored(hardwareAssetItemSchema, stored)).toThrow(
      /org#01hzxampleorg hw#01hzxampleasset is not of its kind[\s\S]*status/,
    );
    expect(() => fromStored(disposalRecordSchema, hardwareAssets.item(asset))).toThrow(/not of its kind/);
  });
});
