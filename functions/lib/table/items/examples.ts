import type { AgentMachineItem } from './agents';
import type { AgentSectionItem } from './agent-sections';
import type { ApiKeyItem } from './api-keys';
import type { AuditLogItem } from './audit';
import type { PaymentItem, SubscriptionPlanItem } from './billing';
import type { DisposalRecord } from './disposal';
import type { HardwareAssetItem } from './hardware';
import type { InvitationItem } from './invitations';
import type { OrganizationItem, UserProfileItem } from './organizations';

/**
 * One item of each kind, for the items' tests. Mixed-case ids show the lower-casing of keys.
 */

export const organization: OrganizationItem = { id: 'O1', name: 'Acme', owner_id: 'U', created_at: 'c' };

export const profile: UserProfileItem = {
  id: 'Sub-ABC',
  organization_id: '01HZXAMPLEORG',
  email: 'Ann@Example.com',
  full_name: 'Ann',
  role: 'admin',
  created_at: '2026-01-01T00:00:00.000Z',
};

export const asset: HardwareAssetItem = {
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

export const claim = { organization_id: 'O1', kind: 'serial_number', value: 'sn-1', asset_id: 'A' } as const;

export const disposal: DisposalRecord = {
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

export const auditEntry: AuditLogItem = {
  id: 'A1',
  organization_id: 'O1',
  timestamp: 't',
  entity_type: 'hardware_asset',
  entity_label: 'l',
  action: 'updated',
  changed_by: 'c',
  changes: { status: { old: 'Active', new: 'Disposed' } },
};

export const apiKey: ApiKeyItem = {
  id: 'K1',
  organization_id: 'O1',
  name: 'n',
  prefix: 'sk_ab',
  key_hash: 'H',
  created_at: 'c',
};

export const lookup = { key_hash: 'AbC', organization_id: 'O1', api_key_id: 'K1' };

export const machine: AgentMachineItem = {
  machine_id: 'Machine-GUID-1',
  hostname: 'host',
  update_available: false,
  cpu_info: { processor: 'x', architecture: null, cores_physical: 4, cores_logical: 8 },
  sections: {
    shared_folders: { hash: 'f', parts: 1 },
    printers: { hash: 'h', parts: 1 },
    installed_software: { hash: 's', parts: 2 },
  },
  first_seen: '2026-01-01T00:00:00.000Z',
  last_seen: '2026-01-01T00:00:00.000Z',
};

export const sectionPart: AgentSectionItem = {
  organization_id: 'O1',
  machine_id: 'M-1',
  section: 'installed_software',
  part: 2,
  entries: [{ name: 'x' }],
  written_at: 'w',
};

export const invitation: InvitationItem = {
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

export const invitationToken = { token_hash: 'AbC', organization_id: 'O1', invitation_id: 'I1' };

export const pending = { organization_id: 'O1', email: 'Bob@Example.com', invitation_id: 'I1' };

export const plan: SubscriptionPlanItem = {
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

export const payment: PaymentItem = {
  organization_id: 'O1',
  id: 'in_AbC:invoice.paid',
  timestamp: '2026-01-01T00:00:00.000Z',
  event_type: 'invoice.paid',
  amount: 1000,
  currency: 'gbp',
  status: 'paid',
};

export const customer = { customer_id: 'cus_AbC', organization_id: 'O1' };
