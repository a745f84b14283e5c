import * as z from 'zod';
import {
  installedSoftwareSchema,
  machineIdentitySchema,
  type AgentReport,
  type AgentReportSection,
  type MachineIdentity,
} from '../../shared/agent-data';
import { CHANGE_RETENTION_DAYS } from '../../shared/inventory';
import {
  addToInventoryWrites,
  agentActor,
  linkWrites,
  liveFacts,
  type LinkWrites,
} from '../inventory/machine-links';
import { handsOverBySerial } from '../../shared/machine-duplicates';
import type { HardwareAsset } from '../../shared/hardware';
import { markDuplicateWrites } from '../inventory/duplicates';
import { readHardwareAsset, readSerialClaim } from '../inventory/assets';
import type { DeviceCaller } from '../lib/agent-caller';
import { auditEntry } from '../lib/audit-trail';
import { countAssets } from '../lib/plan-limits';
import { TTL_ATTRIBUTE } from '../lib/table/definition';
import { batchRead } from '../lib/table/batch-read';
import { agentMachines, type AgentMachineItem } from '../lib/table/items/agents';
import { agentSections } from '../lib/table/items/agent-sections';
import {
  machineChangeSets,
  machineLinks,
  machineSerials,
  type MachineLinkItem,
} from '../lib/table/items/inventory';
import { send, type TableWrite } from '../lib/table/transaction';
import {
  factChanges,
  programSet,
  reportedFacts,
  reportedIdentity,
  softwareChanges,
  storedFacts,
  type Change,
  type ProgramSet,
} from '../inventory/machine-changes';
import { splitSection } from './sections';

/**
 * What a report that changed something does to the inventory (issue 27), besides the machine's own
 * items: its change events and their audit entries, the machine's identity part, the serial lookup,
 * and the link to its hardware asset by serial number (or a new asset, when the organisation adds
 * machines automatically). Everything here goes into the report's transaction, except the software
 * inventory's moves (../inventory/software-index.ts).
 */

/** What the report's writes need to know of the machine beyond its item. */
export interface MachineContext {
  link: MachineLinkItem | null;
  identity: MachineIdentity | null;
  /** Its programs before this report; null when its software was never collected. */
  software: ProgramSet | null;
}

const softwareEntries = z.array(z.object(installedSoftwareSchema.shape));

/** One read of the machine's link, identity part and (when it changed) software parts. */
export async function readMachineContext(
  organizationId: string,
  current: AgentMachineItem | null,
  machineId: string,
  softwareChanged: boolean,
): Promise<MachineContext> {
  if (!current) return { link: await readLink(organizationId, machineId), identity: null, software: null };
  const softwareParts = softwareChanged ? (current.sections.installed_software?.parts ?? 0) : 0;
  const part = (section: 'identity' | 'installed_software', index: number) =>
    agentSections.read({ organization_id: organizationId, machine_id: machineId, section, part: index });
  const batch = batchRead({ consistent: true });
  const linkRead = batch.add(machineLinks.read(organizationId, machineId));
  const readIdentity = batch.add(part('identity', 0));
  const readSoftware = Array.from({ length: softwareParts }, (_, index) =>
    batch.add(part('installed_software', index)),
  );
  await batch.run();
  const identityPart = readIdentity();
  return {
    link: linkRead(),
    identity: identityPart ? (z.array(machineIdentitySchema).parse(identityPart.entries)[0] ?? null) : null,
    software:
      current.sections.installed_software && softwareChanged
        ? programSet(
            readSoftware.flatMap((read) => {
              const item = read();
              return item ? softwareEntries.parse(item.entries) : [];
            }),
          )
        : null,
  };
}

async function readLink(organizationId: string, machineId: string): Promise<MachineLinkItem | null> {
  return machineLinks.get(organizationId, machineId, { consistent: true });
}

/** Change sets past this size are split, never cut (an item holds 400 KB). */
const CHANGE_SET_PART_BYTES = 300_000;
/** Programs an audit entry names in its label; its changes list them all. */
const LABEL_PROGRAMS = 3;

function changeSetWrites(
  organizationId: string,
  machineId: string,
  changes: Change[],
  now: Date,
): TableWrite[] {
  const at = now.toISOString();
  const expires = Math.floor(now.getTime() / 1000) + CHANGE_RETENTION_DAYS * 86_400;
  return splitSection(changes, CHANGE_SET_PART_BYTES).map((part, index) =>
    machineChangeSets.put(organizationId, {
      machine_id: machineId,
      at,
      part: index,
      changes: part,
      [TTL_ATTRIBUTE]: expires,
    }),
  );
}

const SOFTWARE_AUDIT = [
  { kind: 'software_installed', verb: 'installed', field: 'installed' },
  { kind: 'software_removed', verb: 'removed', field: 'removed' },
  { kind: 'software_changed', verb: 'updated', field: 'updated' },
] as const;

const programText = (name: string, version: string | null) => (version ? `${name} ${version}` : name);

/**
 * Programs an audit entry lists by name: an entry is one item (400 KB), and a reinstalled machine's
 * thousands of programs are in its timeline and the software inventory; the rest are counted.
 */
const AUDIT_PROGRAMS = 200;
const listed = (programs: string[]) =>
  programs.length > AUDIT_PROGRAMS
    ? [...programs.slice(0, AUDIT_PROGRAMS), `and ${programs.length - AUDIT_PROGRAMS} more`]
    : programs;

/**
 * Software installs, removals and updates in the audit trail: one entry a report (its action
 * created when it only installed, deleted when it only removed, else updated), which names the
 * first programs of each and lists them all in its changes. One entry, not one per program or
 * action: each is two write units of the report's transaction (docs/cost.md).
 */
function softwareAuditWrites(
  organizationId: string,
  hostname: string,
  changes: Change[],
  now: Date,
): TableWrite[] {
  const groups = SOFTWARE_AUDIT.map((group) => ({
    ...group,
    details: changes.filter((change) => change.kind === group.kind).map((change) => change.detail),
  })).filter((group) => group.details.length > 0);
  if (groups.length === 0) return [];
  const action =
    groups.length > 1
      ? 'updated'
      : groups[0]!.field === 'installed'
        ? 'created'
        : groups[0]!.field === 'removed'
          ? 'deleted'
          : 'updated';
  const sentences = groups.map(({ verb, details }) => {
    const named = details
      .slice(0, LABEL_PROGRAMS)
      .map((detail) => programText(detail.subject, detail.to ?? detail.from));
    const more = details.length > LABEL_PROGRAMS ? ` and ${details.length - LABEL_PROGRAMS} more` : '';
    return `${verb} ${named.join(', ')}${more}`;
  });
  return [
    auditEntry({
      organizationId,
      actor: agentActor(hostname),
      now,
      entityType: 'software_installation',
      action,
      entityId: null,
      entityLabel: `Software on ${hostname}: ${sentences.join('; ')}`,
      changes: Object.fromEntries(
        groups.map(({ field, details }) => [
          field,
          {
            old:
              field === 'installed'
                ? null
                : listed(details.map((detail) => programText(detail.subject, detail.from))),
            new:
              field === 'removed'
                ? null
                : listed(details.map((detail) => programText(detail.subject, detail.to))),
          },
        ]),
      ),
    }),
  ];
}

/** The report's changes: none for a machine's first report, which has nothing to compare with. */
export function reportChanges(
  report: AgentReport,
  collected: Set<AgentReportSection>,
  current: AgentMachineItem | null,
  context: MachineContext,
  software: ProgramSet | null,
): Change[] {
  if (!current) return [];
  return [
    ...factChanges(storedFacts(current, context.identity), reportedFacts(report, collected)),
    ...(context.software && software ? softwareChanges(context.software, software) : []),
  ];
}

export interface InventoryWrites {
  writes: TableWrite[];
  counters: LinkWrites['counters'];
  /**
   * A new machine made an asset (the organisation adds machines automatically): kept apart from
   * `writes`, since the report writes it only under the plan's asset guard, with room counted
   * there (./service.ts); without it the report is the same as one that adds nothing.
   */
  autoAdd: Omit<LinkWrites, 'asset'> | null;
}

/**
 * Change sets past this size are written just before the report's transaction rather than in it,
 * which holds at most 4 MB with the report's own parts (a reinstalled machine's thousands of
 * programs). Their keys are the report's time, so a retry of the report writes the same items.
 */
const CHANGE_SETS_IN_TRANSACTION_BYTES = 300_000;

/** Everything of a changed report for the inventory, to go into its transaction. */
export async function inventoryWrites(
  device: DeviceCaller,
  report: AgentReport,
  collected: Set<AgentReportSection>,
  current: AgentMachineItem | null,
  machine: AgentMachineItem,
  context: MachineContext,
  changes: Change[],
  now: Date,
): Promise<InventoryWrites> {
  const { organizationId } = device;
  const writes: TableWrite[] = [];
  if (changes.length > 0) {
    const sets = changeSetWrites(organizationId, machine.machine_id, changes, now);
    if (Buffer.byteLength(JSON.stringify(changes)) <= CHANGE_SETS_IN_TRANSACTION_BYTES) writes.push(...sets);
    else for (const set of sets) await send(set);
    writes.push(...softwareAuditWrites(organizationId, machine.hostname, changes, now));
  }
  const identity = reportedIdentity(report, collected);
  if (identity && JSON.stringify(identity) !== JSON.stringify(context.identity)) {
    writes.push(
      agentSections.put({
        organization_id: organizationId,
        machine_id: machine.machine_id,
        section: 'identity',
        part: 0,
        entries: [identity],
        written_at: now.toISOString(),
      }),
    );
  }
  const serial = collected.has('system') ? (report.service_tag ?? null) : undefined;
  const serialIsNew = serial !== undefined && serial !== null && serial !== (current?.service_tag ?? null);
  const link = await linkByReport(
    device,
    machine,
    context,
    identity ?? context.identity,
    serialIsNew ? serial : null,
    !current,
    now,
  );
  // A possible duplicate does not become the machine an asset created later finds by that serial.
  if (serialIsNew && !link?.duplicate) {
    writes.push(
      machineSerials.put(organizationId, { serial_number: serial, machine_id: machine.machine_id }),
    );
  }
  if (link?.autoAdd) return { writes, counters: new Map(), autoAdd: link };
  return {
    writes: [...writes, ...(link?.writes ?? [])],
    counters: link?.counters ?? new Map(),
    autoAdd: null,
  };
}

/**
 * Issue 35: a serial number is only a claim (any holder of the enrolment key can report one). When
 * the asset's machine is another one still reporting, both are marked a possible duplicate and the
 * link stays; it moves by serial alone only from a machine silent for DUPLICATE_SILENCE_DAYS.
 */
async function duplicateOf(
  organizationId: string,
  machine: AgentMachineItem,
  link: MachineLinkItem | null,
  asset: HardwareAsset,
  serial: string,
  now: Date,
): Promise<{ writes: TableWrite[] } | { previousLink: MachineLinkItem | null } | null> {
  const previous = asset.machine_id;
  if (!previous || previous === machine.machine_id) return null;
  const [linked, previousLink] = await Promise.all([
    agentMachines.get(organizationId, previous, { consistent: true }),
    readLink(organizationId, previous),
  ]);
  if (handsOverBySerial(linked?.last_seen ?? null, now)) return { previousLink };
  return {
    writes: markDuplicateWrites({
      organizationId,
      newcomer: { machineId: machine.machine_id, hostname: machine.hostname, link },
      linked: { machineId: previous, hostname: linked?.hostname ?? null, link: previousLink },
      asset,
      serial,
      actor: agentActor(machine.hostname),
      now,
    }),
  };
}

/**
 * One record per device: a machine not in the inventory whose report first carries a serial number
 * is linked to the asset with that serial (a reinstalled computer takes its asset over from the
 * machine it was); a new machine that matches none becomes an asset when the organisation says so.
 * A machine a person unlinked is left alone.
 */
async function linkByReport(
  device: DeviceCaller,
  machine: AgentMachineItem,
  context: MachineContext,
  identity: MachineIdentity | null,
  newSerial: string | null,
  firstReport: boolean,
  now: Date,
): Promise<(Omit<LinkWrites, 'asset'> & { duplicate?: true; autoAdd?: true }) | null> {
  const { organizationId } = device;
  const { link } = context;
  // A possible duplicate waits for an admin's decision: its reports link nothing meanwhile.
  if (link?.hardware_asset_id || link?.auto_link === false || link?.duplicate_of) return null;
  const facts = liveFacts(machine, identity);
  const actor = agentActor(machine.hostname);
  if (newSerial) {
    const claim = await readSerialClaim(organizationId, newSerial);
    const asset = claim && (await readHardwareAsset(organizationId, claim.asset_id));
    if (asset) {
      const previous = asset.machine_id;
      const duplicate = await duplicateOf(organizationId, machine, link, asset, newSerial, now);
      if (duplicate && 'writes' in duplicate) {
        return { writes: duplicate.writes, counters: new Map(), duplicate: true };
      }
      return linkWrites({
        organizationId,
        machineId: machine.machine_id,
        hostname: machine.hostname,
        asset,
        facts,
        how: 'serial',
        actor,
        now,
        link,
        previousMachine: previous ? { machineId: previous, link: duplicate?.previousLink ?? null } : null,
      });
    }
  }
  if (!firstReport || !device.autoAddMachines) return null;
  // A first look, outside the guard: an organisation already at its limit never takes it. The
  // count that decides is taken again under the guard, right before the report's transaction.
  if ((await countAssets(organizationId)) >= device.assetLimit) return null;
  return {
    ...addToInventoryWrites({ organizationId, facts, how: 'auto_add', actor, now, link }),
    autoAdd: true,
  };
}
