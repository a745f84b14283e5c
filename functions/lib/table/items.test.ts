import { describe, expect, it } from 'vitest';
import { agentMachineEntity, agentSectionEntity } from './agent-machine';
import { apiKeyEntity, apiKeyLookupEntity } from './api-key';
import { auditLogEntity } from './audit-log';
import {
  paymentEntity,
  stripeCustomerEntity,
  stripeEventEntity,
  subscriptionPlanEntity,
} from './billing-entities';
import { disposalItemEntity } from './disposal-item';
import { hardwareAssetEntity, hardwareIdentifierEntity } from './hardware-asset';
import { invitationEntity, invitationTokenEntity, pendingInvitationEntity } from './invitation';
import {
  agentMachines,
  agentSections,
  apiKeyLookups,
  apiKeys,
  auditLogs,
  counterShards,
  disposalItems,
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
  type DisposalRecord,
  type HardwareAssetItem,
  type InvitationItem,
  type UserProfileItem,
} from './items';
import { organizationEntity } from './organization';
import { organizationCountersEntity } from './organization-counters';
import { subscriptionEntity } from './subscription';
import { userProfileEntity } from './user-profile';

/**
 * The items the data layer writes are the ones ElectroDB wrote, key for key and attribute for
 * attribute: existing tables, and the ElectroDB models the tests still use, read them unchanged.
 * Mixed-case ids show the lower-casing of keys.
 */
const table = { table: 'itam' };

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

const profile: UserProfileItem = {
  id: 'Sub-ABC',
  organization_id: '01HZXAMPLEORG',
  email: 'Ann@Example.com',
  full_name: 'Ann',
  role: 'admin',
  created_at: '2026-01-01T00:00:00.000Z',
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

describe('items as ElectroDB wrote them', () => {
  it.each([
    [
      'an organisation',
      organizations.item({ id: 'O1', name: 'Acme', owner_id: 'U', created_at: 'c' }),
      organizationEntity.create({ id: 'O1', name: 'Acme', owner_id: 'U', created_at: 'c' }),
    ],
    ['a user profile', userProfiles.item(profile), userProfileEntity.create(profile)],
    [
      'a subscription',
      subscriptions.item({ organization_id: 'O1', status: 'trial', updated_at: 'u' }),
      subscriptionEntity.create({ organization_id: 'O1', status: 'trial', updated_at: 'u' }),
    ],
    ['a hardware asset with a warranty', hardwareAssets.item(asset), hardwareAssetEntity.create(asset)],
    [
      'a hardware asset without one',
      hardwareAssets.item({ ...asset, warranty_expiry: '' }),
      hardwareAssetEntity.create({ ...asset, warranty_expiry: '' }),
    ],
    [
      'a serial number claim',
      hardwareIdentifiers.item({
        organization_id: 'O1',
        kind: 'serial_number',
        value: 'sn-1',
        asset_id: 'A',
      }),
      hardwareIdentifierEntity.create({
        organization_id: 'O1',
        kind: 'serial_number',
        value: 'sn-1',
        asset_id: 'A',
      }),
    ],
    ['a disposal item', disposalItems.item(disposal), disposalItemEntity.create(disposal)],
    [
      'an audit entry',
      auditLogs.item({
        id: 'A1',
        organization_id: 'O1',
        timestamp: 't',
        entity_type: 'hardware_asset',
        entity_label: 'l',
        action: 'updated',
        changed_by: 'c',
        changes: { status: { old: 'Active', new: 'Disposed' } },
      }),
      auditLogEntity.create({
        id: 'A1',
        organization_id: 'O1',
        timestamp: 't',
        entity_type: 'hardware_asset',
        entity_label: 'l',
        action: 'updated',
        changed_by: 'c',
        changes: { status: { old: 'Active', new: 'Disposed' } },
      }),
    ],
    [
      'an API key',
      apiKeys.item({
        id: 'K1',
        organization_id: 'O1',
        name: 'n',
        prefix: 'sk_ab',
        key_hash: 'H',
        created_at: 'c',
      }),
      apiKeyEntity.create({
        id: 'K1',
        organization_id: 'O1',
        name: 'n',
        prefix: 'sk_ab',
        key_hash: 'H',
        created_at: 'c',
      }),
    ],
    [
      'an API key lookup',
      apiKeyLookups.item({ key_hash: 'AbC', organization_id: 'O1', api_key_id: 'K1' }),
      apiKeyLookupEntity.create({ key_hash: 'AbC', organization_id: 'O1', api_key_id: 'K1' }),
    ],
    ['a machine', agentMachines.item(machine), agentMachineEntity.create(machine)],
    [
      'a section part',
      agentSections.item({
        organization_id: 'O1',
        machine_id: 'M-1',
        section: 'installed_software',
        part: 2,
        entries: [{ name: 'x' }],
        written_at: 'w',
      }),
      agentSectionEntity.create({
        organization_id: 'O1',
        machine_id: 'M-1',
        section: 'installed_software',
        part: 2,
        entries: [{ name: 'x' }],
        written_at: 'w',
      }),
    ],
    ['an invitation', invitations.item(invitation), invitationEntity.create(invitation)],
    [
      'an invitation token',
      invitationTokens.item({ token_hash: 'AbC', organization_id: 'O1', invitation_id: 'I1' }),
      invitationTokenEntity.create({ token_hash: 'AbC', organization_id: 'O1', invitation_id: 'I1' }),
    ],
    [
      'a pending invitation',
      pendingInvitations.item({ organization_id: 'O1', email: 'Bob@Example.com', invitation_id: 'I1' }),
      pendingInvitationEntity.create({
        organization_id: 'O1',
        email: 'Bob@Example.com',
        invitation_id: 'I1',
      }),
    ],
    [
      'a plan',
      subscriptionPlans.item({
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
      }),
      subscriptionPlanEntity.create({
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
      }),
    ],
    [
      'a payment',
      payments.item({
        organization_id: 'O1',
        id: 'in_AbC:invoice.paid',
        timestamp: '2026-01-01T00:00:00.000Z',
        event_type: 'invoice.paid',
        amount: 1000,
        currency: 'gbp',
        status: 'paid',
      }),
      paymentEntity.create({
        organization_id: 'O1',
        id: 'in_AbC:invoice.paid',
        timestamp: '2026-01-01T00:00:00.000Z',
        event_type: 'invoice.paid',
        amount: 1000,
        currency: 'gbp',
        status: 'paid',
      }),
    ],
    [
      'a Stripe customer',
      stripeCustomers.item({ customer_id: 'cus_AbC', organization_id: 'O1' }),
      stripeCustomerEntity.create({ customer_id: 'cus_AbC', organization_id: 'O1' }),
    ],
    [
      'an applied Stripe event',
      stripeEvents.item({ event_id: 'evt_AbC', type: 't', applied_at: 'a', expires_at: 123 }),
      stripeEventEntity.create({ event_id: 'evt_AbC', type: 't', applied_at: 'a', expires_at: 123 }),
    ],
  ])('%s', (_, ours, theirs) => {
    expect(ours).toEqual(theirs.params(table).Item);
  });

  it('a counter shard', () => {
    const theirs = organizationCountersEntity
      .update({ organization_id: 'O1', shard: 3 })
      .add({ agents: 1 })
      .params(table);
    expect(counterShards.key('O1', 3)).toEqual(theirs.Key);
    const set = Object.fromEntries(
      Object.entries(counterShards.identity('O1', 3)).map(([name, value]) => [name, value]),
    );
    for (const [name, value] of Object.entries(set)) {
      const placeholder = Object.entries(theirs.ExpressionAttributeNames).find(
        ([, field]) => field === name,
      )?.[0];
      expect(placeholder, name).toBeDefined();
      const valuePlaceholder = new RegExp(`${placeholder} = (:[\\w]+)`).exec(theirs.UpdateExpression)?.[1];
      expect(theirs.ExpressionAttributeValues[valuePlaceholder!], name).toEqual(value);
    }
  });

  it('an invitation moved to another status', () => {
    const theirs = invitationEntity
      .patch({ organization_id: 'O1', id: 'I1' })
      .set({ status: 'cancelled' })
      .params(table);
    expect(theirs.Key).toEqual(invitations.key('O1', 'I1'));
    const values = Object.values(theirs.ExpressionAttributeValues);
    for (const partition of Object.values(invitations.statusPartitions('O1', 'cancelled'))) {
      expect(values).toContain(partition);
    }
  });
});
