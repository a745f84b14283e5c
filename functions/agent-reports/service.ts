import type { AgentReport, AgentReportSection } from '../../shared/agent-data';
import { DEVICE_TOKEN_MESSAGE, type DeviceCaller } from '../lib/agent-caller';
import { TooManyRequests, Unauthorized } from '../lib/errors';
import { countAssets, underPlanLimitGuard } from '../lib/plan-limits';
import type { LeaseTerms } from '../lib/table/lease';
import { counterUpdate } from '../lib/table/counters';
import { AGENTS_COUNTER, seenHourMove } from '../inventory/counts';
import {
  agentMachineItemSchema,
  agentMachines,
  fleetIndexAttributes,
  seenHour,
  type AgentMachineItem,
  type AgentSectionName,
  type SectionState,
} from '../lib/table/items/agents';
import { agentSections } from '../lib/table/items/agent-sections';
import { devices } from '../lib/table/items/devices';
import { isConditionFailure, send, write, type Built, type TableWrite } from '../lib/table/transaction';
import { inventoryWrites, readMachineContext, reportChanges, type InventoryWrites } from './inventory';
import { factsHash, programSet } from '../inventory/machine-changes';
import { countSupersededReport, newReportWindow, nextReportWindow } from './report-window';
import { bootNotBackBelow, cloneReport } from './clones';
import { moveSoftwareIndex } from '../inventory/software-index';
import {
  checkWriteSize,
  collectedSections,
  fitReport,
  heavySections,
  lightFields,
  splitSection,
  staleMarks,
  type FittedReport,
  type HeavySections,
} from './sections';

export { splitSection } from './sections';

/**
 * Monitoring agents' reports. A report rewrites the machine's small item (the heartbeat); its heavy
 * sections are written only when their content hash changes, split into parts well under
 * DynamoDB's 400 KB item limit. A section the report did not collect (absent, or named in its
 * collection_errors) keeps its stored value and is marked stale on the machine item.
 */

type WithoutNull<T> = { [K in keyof T]: Exclude<T[K], null> };

/** DynamoDB items leave unknown fields out; the API shows them as null. */
function withoutNulls<T extends Record<string, unknown>>(value: T): WithoutNull<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null)) as WithoutNull<T>;
}

async function getMachineItem(organizationId: string, machineId: string): Promise<AgentMachineItem | null> {
  return agentMachines.get(organizationId, machineId, { consistent: true });
}

const REPORT_ATTEMPTS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A report as the machine item takes it: what it collected, and what it sets on the item. */
interface ReportWrite {
  collected: Set<AgentReportSection>;
  heavy: HeavySections;
  /** Fields every report rewrites; null clears one. Sections not collected are not among them. */
  fields: Record<string, unknown>;
  /** The last boot it reports (epoch seconds); undefined when its system section was not collected. */
  boot: number | null | undefined;
}

function reportWrite(report: FittedReport, now: Date): ReportWrite {
  const collected = collectedSections(report);
  const heavy = heavySections(report, collected);
  const stale = staleMarks(report, now);
  const light = lightFields(report, collected);
  const fields = {
    hostname: report.hostname,
    os_type: report.os_type,
    agent_version: report.agent_version,
    ...light,
    facts: factsHash(report, collected),
    ...(heavy.inlineStorage && { storage_info: heavy.inlineStorage }),
    stale_sections: Object.keys(stale).length > 0 ? stale : null,
    last_seen: now.toISOString(),
  };
  // The fleet indexes' attributes, set to the values they hold, write no index. A search text
  // made without the system section would forget its fields: it waits for a report that has them.
  const { search_text, ...indexKeys } = fleetIndexAttributes(fields);
  return {
    collected,
    heavy,
    fields: { ...fields, ...indexKeys, ...(collected.has('system') && { search_text }) },
    boot: light.last_boot,
  };
}

/**
 * The usual report, a heartbeat whose heavy sections are unchanged, written without reading the
 * machine first: one update of the machine item, on condition that it exists with the same section
 * hashes and that no report as new is recorded. False when that is not so (a first report, a
 * changed section, a newer report): the caller then reads the machine and writes what changed.
 */
async function recordHeartbeat(
  organizationId: string,
  report: FittedReport,
  now: Date,
): Promise<{ previousSeen: string | undefined } | null> {
  const { heavy, fields, boot } = reportWrite(report, now);
  const entries = Object.entries(fields);
  const window = newReportWindow(now);
  const bootBelow = bootNotBackBelow(boot);
  const heartbeat = agentMachines.updateHeartbeat(
    organizationId,
    report.machine_id,
    {
      set: { ...Object.fromEntries(entries.filter(([, value]) => value !== null)), ...window.fields },
      // The API shows a field the machine no longer reports as null; the item leaves it out. Items
      // written before the organisation was left to the key carry a copy of it, which goes.
      remove: [...entries.filter(([, value]) => value === null).map(([name]) => name), 'organization_id'],
    },
    {
      // Nothing the timeline, the identity or the inventory link reads has changed.
      facts: fields.facts,
      sectionHashes: [...heavy.parted].map(([section, { hash }]) => [section, hash]),
      storageInline: heavy.inlineStorage !== undefined,
      seenBefore: now.toISOString(),
      ...(bootBelow === undefined ? {} : { bootBelow }),
      windowBefore: window.startedBefore,
    },
  );
  return heartbeat.then(
    (previous) => ({ previousSeen: previous.last_seen }),
    (error: unknown) => {
      if (isConditionFailure(error)) return null;
      throw error;
    },
  );
}

/**
 * A report that starts a new clock hour for its machine moves it into that hour's count, which the
 * dashboard's active agents read (once an hour a machine, one write unit).
 */
async function moveSeenHour(organizationId: string, previousSeen: string | undefined, now: Date) {
  const from = previousSeen === undefined ? undefined : seenHour(previousSeen);
  const to = seenHour(now.toISOString());
  if (from === to) return;
  await send(seenHourMove(organizationId, from, to));
}

/**
 * One report's writes. A report whose heavy sections are all unchanged (the usual heartbeat) is a
 * single conditional put of the machine item rather than a transaction, which costs twice the
 * write units. Either way the machine item is guarded by the report it replaces: a concurrent
 * report of the same machine makes the caller start over. Returns false when that happened.
 */
async function writeReport(
  device: DeviceCaller,
  report: FittedReport,
  current: AgentMachineItem | null,
  now: Date,
  inventory: (machine: AgentMachineItem) => Promise<InventoryWrites & { indexed: boolean }>,
): Promise<boolean> {
  const { organizationId } = device;
  const { heavy, fields, boot } = reportWrite(report, now);
  const previous: SectionState = current?.sections ?? {};
  const sections: SectionState = { ...previous };
  const split = new Map<AgentSectionName, unknown[][]>();
  /** Sections whose stored parts past the given count go. */
  const shrunk = new Map<AgentSectionName, number>();
  for (const [section, { entries, hash }] of heavy.parted) {
    if (previous[section]?.hash === hash) continue;
    split.set(section, splitSection(entries));
    sections[section] = { hash, parts: split.get(section)!.length };
    shrunk.set(section, sections[section].parts);
  }
  // Storage small again rides in the machine item; its parts go.
  if (heavy.inlineStorage && previous.storage_info) {
    delete sections.storage_info;
    shrunk.set('storage_info', 0);
  }
  checkWriteSize(split);
  const clone = cloneReport(organizationId, current, boot, now);

  const { storage_info: inlineStorage, ...kept } = current ?? {};
  const machine: AgentMachineItem = agentMachineItemSchema.parse(
    withoutNulls({
      ...kept,
      // Storage stays in the item unless the report moved it into parts.
      ...(heavy.parted.has('storage_info') ? {} : { storage_info: inlineStorage }),
      machine_id: report.machine_id,
      ...fields,
      sections,
      first_seen: current?.first_seen ?? now.toISOString(),
      enrolled_at: device.enrolledAt,
      ...clone.evidence,
      ...nextReportWindow(current, now),
    }),
  );

  const extra = await inventory(machine);
  // Programs past one report's moves: no facts hash, so the next report reads and indexes again.
  if (!extra.indexed) delete machine.facts;
  const writes = [...extra.writes, ...clone.writes];
  if (current && shrunk.size === 0 && writes.length === 0 && extra.counters.size === 0 && !extra.autoAdd) {
    return send(agentMachines.replaceIfUnchanged(organizationId, machine, current)).then(
      () => true,
      (error: unknown) => {
        if (isConditionFailure(error)) return false;
        throw error;
      },
    );
  }

  const transaction = (autoAdd: InventoryWrites['autoAdd']) =>
    writeReportTransaction(device, machine, current, now, {
      split,
      shrunk,
      previous,
      writes: [...writes, ...(autoAdd?.writes ?? [])],
      counters: new Map([...extra.counters, ...(autoAdd?.counters ?? [])]),
    });
  if (!extra.autoAdd) return transaction(null);
  const autoAdd = extra.autoAdd;
  return underPlanLimitGuard(
    organizationId,
    'assets',
    device.assetLimit,
    async () => transaction((await countAssets(organizationId)) < device.assetLimit ? autoAdd : null),
    AUTO_ADD_GUARD_TERMS,
  ).catch((error: unknown) => {
    // The guard stayed busy (a long CSV import holds it): the report is recorded without the add.
    if (error instanceof AutoAddGuardBusy) return transaction(null);
    throw error;
  });
}

/**
 * The plan's asset guard as an agent's auto-add takes it (lib/plan-limits.ts). A report is not a
 * person's request: it waits briefly (2 s, well inside the report function's 10 s timeout, with
 * room for the report's own reads and writes), and when the guard stays busy (a CSV import holds it
 * for minutes) the machine is not added this time: the agent gets its usual answer, never a 409
 * or a timeout for a decision that is the organisation's, and a person can add it later.
 */
class AutoAddGuardBusy extends Error {}
const AUTO_ADD_GUARD_TERMS: LeaseTerms = {
  // As every holder's: longer than any function's timeout, so a crashed report frees the guard.
  leaseMs: 60_000,
  waitMs: 2_000,
  busy: () => new AutoAddGuardBusy('The asset guard is busy'),
};

async function writeReportTransaction(
  device: DeviceCaller,
  machine: AgentMachineItem,
  current: AgentMachineItem | null,
  now: Date,
  {
    split,
    shrunk,
    previous,
    writes,
    counters: extraCounters,
  }: {
    split: Map<AgentSectionName, unknown[][]>;
    shrunk: Map<AgentSectionName, number>;
    previous: SectionState;
    writes: TableWrite[];
    counters: InventoryWrites['counters'];
  },
): Promise<boolean> {
  const { organizationId } = device;
  type Part = 'machine' | 'device' | 'other';
  const outcome = await write<Part>(() => {
    const built: Built<Part> = { parts: [], items: [] };
    const add = (part: Part, item: TableWrite) => {
      built.parts.push(part);
      built.items.push(item);
    };
    for (const [section, count] of shrunk) {
      const keys = { organization_id: organizationId, machine_id: machine.machine_id, section };
      split
        .get(section)
        ?.forEach((entries, part) =>
          add('other', agentSections.put({ ...keys, part, entries, written_at: now.toISOString() })),
        );
      for (let part = count; part < (previous[section]?.parts ?? 0); part++) {
        add('other', agentSections.remove({ ...keys, part }));
      }
    }
    for (const item of writes) add('other', item);
    const counters = new Map(extraCounters);
    if (!current) {
      add('machine', agentMachines.create(organizationId, machine));
      // A machine deleted (or its device enrolled again) since the token was checked stays so.
      add('device', devices.checkIsDevice(organizationId, machine.machine_id, device.deviceId));
      counters.set(AGENTS_COUNTER, 1);
    } else {
      add('machine', agentMachines.replaceIfUnchanged(organizationId, machine, current));
    }
    for (const item of counterUpdate(organizationId, counters)) add('other', item);
    return built;
  });
  if (outcome.failed.includes('device')) throw new Unauthorized(DEVICE_TOKEN_MESSAGE, 'invalid_device_token');
  return outcome.ok;
}

/**
 * What a report that is not a plain heartbeat does beyond the machine's items (issue 27): the software
 * inventory moves now (in transactions of its own, ../inventory/software-index.ts), and the rest
 * (change events, audit, identity, the link by serial) goes into the report's transaction once the
 * machine item is built. A machine written before facts were hashed is indexed from scratch once.
 */
async function prepareInventory(
  device: DeviceCaller,
  report: FittedReport,
  current: AgentMachineItem | null,
  now: Date,
): Promise<(machine: AgentMachineItem) => Promise<InventoryWrites & { indexed: boolean }>> {
  const { collected, heavy } = reportWrite(report, now);
  const reported = heavy.parted.get('installed_software');
  const fromScratch = current !== null && current.facts === undefined;
  const softwareChanged =
    reported !== undefined && (fromScratch || current?.sections.installed_software?.hash !== reported.hash);
  const context = await readMachineContext(
    device.organizationId,
    current,
    report.machine_id,
    softwareChanged,
  );
  const software =
    softwareChanged && report.installed_software ? programSet(report.installed_software) : null;
  const changes = reportChanges(report, collected, current, context, software);
  // Run once the report is known to fit one write (checkWriteSize): a refused report moves nothing.
  return async (machine) => {
    const before = fromScratch || !context.software ? new Map() : context.software;
    const indexed = software
      ? (await moveSoftwareIndex(device.organizationId, report.machine_id, before, software, now)).complete
      : true;
    return {
      ...(await inventoryWrites(device, report, collected, current, machine, context, changes, now)),
      indexed,
    };
  };
}

/**
 * Records a report for the device's machine, whatever machine_id the report names (issue 24: a
 * device cannot write another's machine); a machine's first report creates it and moves the
 * agents counter with it. A device past its report rate is refused (429) before anything is written.
 * Reports of one machine that race each other (an agent retrying while its last try still runs)
 * settle by report time: one that finds a report as new as itself already recorded is superseded,
 * since each report is the machine's whole state.
 */
export async function recordAgentReport(device: DeviceCaller, sent: AgentReport, now: Date): Promise<void> {
  const { organizationId } = device;
  // Lists past what one report can store are cut and marked stale rather than refused (sections.ts).
  const report = fitReport({ ...sent, machine_id: device.machineId });
  const heartbeat = await recordHeartbeat(organizationId, report, now);
  if (heartbeat) return moveSeenHour(organizationId, heartbeat.previousSeen, now);
  for (let attempt = 0; attempt < REPORT_ATTEMPTS; attempt++) {
    if (attempt > 0) await sleep(10 * 2 ** attempt * (0.5 + Math.random()));
    const current = await getMachineItem(organizationId, report.machine_id);
    if (current && current.last_seen >= now.toISOString())
      return countSupersededReport(organizationId, report.machine_id, now);
    const inventory = await prepareInventory(device, report, current, now);
    if (await writeReport(device, report, current, now, inventory)) {
      return moveSeenHour(organizationId, current?.last_seen, now);
    }
  }
  throw new TooManyRequests(
    `Reports of machine ${report.machine_id} are arriving faster than they can be recorded; send it again later`,
    1,
  );
}
