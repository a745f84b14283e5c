import { ulid } from 'ulid';
import type { MachineIdentity } from '../../shared/agent-data';
import type { HardwareAsset, HardwareAssetType } from '../../shared/hardware';
import {
  AGENT_FILLED_FIELDS,
  type AgentFilledField,
  type AgentLiveFacts,
  type FactDifference,
} from '../../shared/inventory';
import { auditEntry, type Actor } from '../lib/audit-trail';
import type { TableWrite } from '../lib/table/transaction';
import type { CounterDeltas } from '../lib/table/counters';
import { LINKED_MACHINES_COUNTER } from './counts';
import type { AgentMachineItem } from '../lib/table/items/agents';
import { machineLinks, type MachineLinkItem } from '../lib/table/items/inventory';
import { addAssetDeltas, assetChangeItems, hardwareChanges, hardwareLabel } from './assets';

/**
 * One record per device (issue 27): the writes that link a monitored machine to its hardware asset,
 * unlink it, or make it an asset. Each is a list of transaction items for the caller's transaction
 * (a report's, or a person's request) with the counter moves it adds: a transaction may touch a
 * counter shard once, so the caller merges them into its own.
 */

export interface LinkWrites {
  writes: TableWrite[];
  counters: CounterDeltas;
  /** The asset as the writes leave it. */
  asset: HardwareAsset;
}

/** The agent's facts in the record's terms. */
export function liveFacts(machine: AgentMachineItem, identity: MachineIdentity | null): AgentLiveFacts {
  const disks = machine.storage_info ?? [];
  const diskTotal = disks.reduce((sum, disk) => sum + (disk.total_gb ?? 0), 0);
  return {
    machine_id: machine.machine_id,
    hostname: machine.hostname,
    last_seen: machine.last_seen,
    logged_in_user: machine.logged_in_user ?? null,
    serial_number: machine.service_tag ?? null,
    manufacturer: identity?.manufacturer ?? null,
    model: identity?.model ?? null,
    os: machine.os_version ?? machine.os_type ?? null,
    cpu: machine.cpu_info?.processor ?? null,
    ram_gb: machine.memory_total_gb === undefined ? null : Math.round(machine.memory_total_gb),
    storage_gb: diskTotal > 0 ? Math.round(diskTotal) : null,
    disks: disks.map((disk) => ({
      device: disk.device,
      mountpoint: disk.mountpoint ?? null,
      used_gb: disk.used_gb ?? null,
      total_gb: disk.total_gb ?? null,
      percent: disk.percent ?? null,
    })),
  };
}

const isEmpty = (value: string | number | null) => value === null || value === '' || value === 0;

/** The record's empty fields the agent knows: what a link fills, never overwriting a person's entry. */
export function agentFill(
  asset: HardwareAsset,
  facts: AgentLiveFacts,
): Partial<Pick<HardwareAsset, AgentFilledField>> {
  const fill: Partial<Pick<HardwareAsset, AgentFilledField>> = {};
  for (const field of AGENT_FILLED_FIELDS) {
    const known = facts[field];
    if (known === null || isEmpty(known) || !isEmpty(asset[field])) continue;
    Object.assign(fill, { [field]: known });
  }
  return fill;
}

/**
 * Text as a person and a firmware write the same thing: case, punctuation and a company's legal
 * suffix aside ("Dell Inc." is the record's "Dell", "LENOVO" its "Lenovo").
 */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(inc|corp|corporation|co|ltd|llc|gmbh|limited)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where the record says something else than the agent: shown with Accept, never applied unasked. */
export function factDifferences(asset: HardwareAsset, facts: AgentLiveFacts): FactDifference[] {
  return AGENT_FILLED_FIELDS.flatMap((field) => {
    const agent = facts[field];
    const record = asset[field];
    if (agent === null || isEmpty(agent)) return [];
    const same =
      typeof agent === 'string' && typeof record === 'string'
        ? comparable(agent) === comparable(record)
        : agent === record;
    return same ? [] : [{ field, agent, record: isEmpty(record) ? null : record }];
  });
}

/** The machine's link item naming its asset, guarded as the caller read it. */
function linkItemWrite(
  organizationId: string,
  link: MachineLinkItem | null,
  to: { machineId: string; assetId: string; how: NonNullable<MachineLinkItem['linked_by']>; now: Date },
): TableWrite {
  return machineLinks.putIfAsRead(
    organizationId,
    {
      machine_id: to.machineId,
      hardware_asset_id: to.assetId,
      linked_at: to.now.toISOString(),
      linked_by: to.how,
      auto_link: true,
    },
    link,
  );
}

/** The asset's audit entry of a link change: its fields that moved, and its monitored machine. */
function linkAudit(
  organizationId: string,
  audit: { actor: Actor; now: Date },
  before: HardwareAsset | null,
  after: HardwareAsset,
  monitoredMachine: { old: string | null; new: string | null },
): TableWrite {
  return auditEntry({
    organizationId,
    ...audit,
    entityType: 'hardware_asset',
    action: before ? 'updated' : 'created',
    entityId: after.id,
    entityLabel: hardwareLabel(after),
    changes: { ...hardwareChanges(before, after), monitored_machine: monitoredMachine },
  });
}

const machineName = (hostname: string, machineId: string) => `${hostname} (${machineId})`;

interface LinkInput {
  organizationId: string;
  machineId: string;
  hostname: string;
  /** The asset as read: its version guards the write. */
  asset: HardwareAsset;
  /** The agent's facts, to fill the record's empty fields. */
  facts: AgentLiveFacts | null;
  how: NonNullable<MachineLinkItem['linked_by']>;
  actor: Actor;
  now: Date;
  /** The machine's link item as read (null when it has none). */
  link: MachineLinkItem | null;
  /** The asset's machine until now, whose link item gives the asset up (a reinstalled computer). */
  previousMachine: { machineId: string; link: MachineLinkItem | null } | null;
}

/** Links a machine that is in no asset to `asset`, filling the asset's empty fields from the agent. */
export function linkWrites(input: LinkInput): LinkWrites {
  const { organizationId, asset: before, now } = input;
  const after: HardwareAsset = {
    ...before,
    ...(input.facts ? agentFill(before, input.facts) : {}),
    machine_id: input.machineId,
    updated_at: now.toISOString(),
    version: before.version + 1,
  };
  const writes = assetChangeItems(organizationId, { before, after }, null).items;
  writes.push(
    linkItemWrite(organizationId, input.link, {
      machineId: input.machineId,
      assetId: before.id,
      how: input.how,
      now,
    }),
  );
  const previous = input.previousMachine;
  if (previous && previous.machineId !== input.machineId) {
    writes.push(
      machineLinks.putIfAsRead(
        organizationId,
        {
          machine_id: previous.machineId,
          auto_link: previous.link?.auto_link ?? true,
          ...(input.how === 'serial' && { replaced_by: input.machineId }),
        },
        previous.link,
      ),
    );
  }
  writes.push(
    linkAudit(organizationId, input, before, after, {
      old: before.machine_id,
      new: machineName(input.hostname, input.machineId),
    }),
  );
  const counters: CounterDeltas = new Map(previous ? [] : [[LINKED_MACHINES_COUNTER, 1]]);
  return { writes, counters, asset: after };
}

interface UnlinkInput {
  organizationId: string;
  machineId: string;
  asset: HardwareAsset;
  link: MachineLinkItem | null;
  actor: Actor;
  now: Date;
  /** Machine gone (deleted): no link item is left for it. */
  machineRemoved?: boolean;
}

/**
 * Unlinks a machine from its asset. The machine is not linked again by serial afterwards: a person
 * who unlinked it knows better than the serial.
 */
export function unlinkWrites(input: UnlinkInput): LinkWrites {
  const { organizationId, asset: before, now } = input;
  const after: HardwareAsset = {
    ...before,
    machine_id: null,
    updated_at: now.toISOString(),
    version: before.version + 1,
  };
  const writes = assetChangeItems(organizationId, { before, after }, null).items;
  if (!input.machineRemoved) {
    writes.push(
      machineLinks.putIfAsRead(organizationId, { machine_id: input.machineId, auto_link: false }, input.link),
    );
  }
  writes.push(linkAudit(organizationId, input, before, after, { old: before.machine_id, new: null }));
  return { writes, counters: new Map([[LINKED_MACHINES_COUNTER, -1]]), asset: after };
}

const LAPTOP_MODELS =
  /book|laptop|latitude|thinkpad|elitebook|probook|zbook|surface (laptop|pro|go)|yoga|xps 1[3-7]/i;

/** What kind of asset a machine is, from what its agent knows. */
export function assetTypeOf(facts: AgentLiveFacts): HardwareAssetType {
  if (/server/i.test(facts.os ?? '')) return 'Server';
  if (LAPTOP_MODELS.test(`${facts.model ?? ''} ${facts.manufacturer ?? ''}`)) return 'Laptop';
  return 'Desktop';
}

interface AddInput {
  organizationId: string;
  facts: AgentLiveFacts;
  how: 'person' | 'auto_add';
  actor: Actor;
  now: Date;
  link: MachineLinkItem | null;
  /** Left out of the asset when another asset already has it (the claim would refuse the write). */
  serialTaken?: boolean;
}

/** A new asset made from the agent's facts, linked to its machine, with its audit entry. */
export function addToInventoryWrites(input: AddInput): LinkWrites {
  const { organizationId, facts, now } = input;
  const timestamp = now.toISOString();
  const asset: HardwareAsset = {
    id: ulid(now.getTime()),
    asset_type: assetTypeOf(facts),
    manufacturer: facts.manufacturer,
    model: facts.model,
    serial_number: input.serialTaken ? null : facts.serial_number,
    asset_tag: null,
    purchase_date: null,
    warranty_expiry: null,
    status: 'Active',
    location: null,
    assigned_to: facts.logged_in_user,
    cpu: facts.cpu,
    ram_gb: facts.ram_gb ?? 0,
    storage_gb: facts.storage_gb ?? 0,
    os: facts.os,
    notes: null,
    disposal_reason: null,
    disposal_date: null,
    disposal_item_id: null,
    machine_id: facts.machine_id,
    created_at: timestamp,
    updated_at: timestamp,
    version: 1,
  };
  const writes = assetChangeItems(organizationId, { before: null, after: asset }, null).items;
  writes.push(
    linkItemWrite(organizationId, input.link, {
      machineId: facts.machine_id,
      assetId: asset.id,
      how: input.how,
      now,
    }),
    linkAudit(organizationId, input, null, asset, {
      old: null,
      new: machineName(facts.hostname, facts.machine_id),
    }),
  );
  const counters: CounterDeltas = new Map([[LINKED_MACHINES_COUNTER, 1]]);
  addAssetDeltas(counters, { before: null, after: asset });
  return { writes, counters, asset };
}

/** Who an automatic change is recorded against in the audit trail. */
export function agentActor(hostname: string): Actor {
  return { email: `Monitoring agent (${hostname})` };
}

// ---- Links made or given up by a hardware asset's own write ----

/** Whether a machine may be linked by its serial number: in no asset, and not unlinked by a person. */
export function linkableBySerial(link: MachineLinkItem | null): boolean {
  return !link?.hardware_asset_id && link?.auto_link !== false;
}

interface LinkInAssetWriteInput {
  organizationId: string;
  /** The asset as its own write (a creation, a new serial number) leaves it, not yet linked. */
  asset: HardwareAsset;
  facts: AgentLiveFacts;
  link: MachineLinkItem | null;
  /** The audit entry of the link; null when the caller's own entry tells it (an import batch's). */
  audit: { actor: Actor; now: Date } | null;
  now: Date;
}

/**
 * Links a machine to an asset in the asset's own transaction (POST /api/hardware, a PUT changing the
 * serial number, the CSV import): the asset written is the returned one, with the machine's id and
 * the agent's facts in its empty fields. The writes hold the link item (guarded as read) and its audit
 * entry, not the asset.
 */
export function linkInAssetWrite(input: LinkInAssetWriteInput): LinkWrites {
  const { organizationId, asset: unlinked, facts, now } = input;
  const asset: HardwareAsset = { ...unlinked, ...agentFill(unlinked, facts), machine_id: facts.machine_id };
  const writes: TableWrite[] = [
    linkItemWrite(organizationId, input.link, {
      machineId: facts.machine_id,
      assetId: asset.id,
      how: 'serial',
      now,
    }),
  ];
  if (input.audit) {
    writes.push(
      linkAudit(organizationId, input.audit, unlinked, asset, {
        old: null,
        new: machineName(facts.hostname, facts.machine_id),
      }),
    );
  }
  return { writes, counters: new Map([[LINKED_MACHINES_COUNTER, 1]]), asset };
}

/**
 * The link an asset being deleted gives up, in the deletion's transaction: its machine is in no
 * asset any more, and may be linked by serial again (the person deleted the record, not the link).
 */
export function releaseLinkWrites(input: {
  organizationId: string;
  machineId: string;
  assetId: string;
  link: MachineLinkItem | null;
}): Omit<LinkWrites, 'asset'> {
  const { link } = input;
  // A link item naming another asset (or none) is not this asset's to give up.
  if (link?.hardware_asset_id !== input.assetId) return { writes: [], counters: new Map() };
  const writes = [
    machineLinks.putIfAsRead(
      input.organizationId,
      {
        machine_id: input.machineId,
        auto_link: link.auto_link,
        ...(link.replaced_by !== undefined && { replaced_by: link.replaced_by }),
      },
      link,
    ),
  ];
  return { writes, counters: new Map([[LINKED_MACHINES_COUNTER, -1]]) };
}
