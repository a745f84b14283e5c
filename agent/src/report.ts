import * as z from 'zod';
import {
  AGENT_REPORT_MAX_BYTES,
  AGENT_SECTION_FIELDS,
  agentReportSchema,
  type AgentReport,
  type CollectionError,
} from '../../shared/agent-data';
import type { MachineFacts } from './collectors/common';

/** A report as the collectors assemble it, before it is fitted and validated. */
export type DraftReport = MachineFacts & { agent_version: string; collection_errors?: CollectionError[] };

/**
 * The longest text and list agentReportSchema accepts for each field. A machine can hold values
 * longer than that (a 600-character DisplayName in the registry): they are shortened here, with a
 * note in the log, rather than having the whole report refused. report.test.ts checks these
 * against the schema.
 */
export const REPORT_LIMITS = {
  machine_id: 200,
  hostname: 255,
  os_type: 100,
  os_version: 200,
  service_tag: 200,
  logged_in_user: 300,
  manufacturer: 200,
  model: 200,
  bios_version: 200,
  os_build: 100,
  domain: 255,
  agent_version: 50,
  processor: 300,
  architecture: 50,
  device: 300,
  mountpoint: 500,
  folderName: 300,
  folderPath: 1000,
  printerName: 300,
  driver: 300,
  softwareName: 500,
  softwareVersion: 200,
  storageItems: 500,
  folderItems: 5_000,
  printerItems: 1_000,
  softwareItems: 20_000,
  addressItems: 64,
} as const;

function clip(value: string, max: number): string;
function clip(value: string | null, max: number): string | null;
function clip(value: string | null, max: number): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed.length <= max ? trimmed : `${trimmed.slice(0, max - 1).trimEnd()}…`;
}

function cap<T>(items: T[], max: number, what: string, notes: string[]): T[] {
  if (items.length <= max) return items;
  notes.push(`${what}: ${items.length} found, only the first ${max} are reported`);
  return items.slice(0, max);
}

/** Shortens over-long texts and lists to what the schema accepts; notes say what was cut. */
export function fitReport(draft: DraftReport): { report: DraftReport; notes: string[] } {
  const L = REPORT_LIMITS;
  const notes: string[] = [];
  const report: DraftReport = {
    ...draft,
    machine_id: clip(draft.machine_id, L.machine_id),
    hostname: clip(draft.hostname, L.hostname),
    os_type: clip(draft.os_type, L.os_type),
    os_version: clip(draft.os_version, L.os_version),
    service_tag: clip(draft.service_tag, L.service_tag),
    logged_in_user: clip(draft.logged_in_user, L.logged_in_user),
    manufacturer: clip(draft.manufacturer, L.manufacturer),
    model: clip(draft.model, L.model),
    bios_version: clip(draft.bios_version, L.bios_version),
    os_build: clip(draft.os_build, L.os_build),
    domain: clip(draft.domain, L.domain),
    ipv4_addresses: cap(draft.ipv4_addresses, L.addressItems, 'IPv4 addresses', notes),
    mac_addresses: cap(draft.mac_addresses, L.addressItems, 'MAC addresses', notes),
    agent_version: clip(draft.agent_version, L.agent_version),
    cpu_info: draft.cpu_info && {
      ...draft.cpu_info,
      processor: clip(draft.cpu_info.processor, L.processor),
      architecture: clip(draft.cpu_info.architecture, L.architecture),
    },
    storage_info: cap(draft.storage_info, L.storageItems, 'storage devices', notes).map((d) => ({
      ...d,
      device: clip(d.device, L.device),
      mountpoint: clip(d.mountpoint, L.mountpoint),
    })),
    shared_folders: cap(draft.shared_folders, L.folderItems, 'shared folders', notes).map((f) => ({
      name: clip(f.name, L.folderName),
      path: clip(f.path, L.folderPath),
    })),
    printers: cap(draft.printers, L.printerItems, 'printers', notes).map((p) => ({
      ...p,
      name: clip(p.name, L.printerName),
      driver: clip(p.driver, L.driver),
    })),
    installed_software: cap(draft.installed_software, L.softwareItems, 'installed software', notes).map(
      (s) => ({
        name: clip(s.name, L.softwareName),
        version: clip(s.version, L.softwareVersion),
      }),
    ),
  };
  return { report, notes };
}

/** A report the server would refuse: a bug in a collector, to be shown clearly, never sent. */
export class InvalidReportError extends Error {
  constructor(readonly detail: string) {
    super(`The collected report does not match the agent_data schema (a collector bug):\n${detail}`);
    this.name = 'InvalidReportError';
  }
}

/** Validates with the server's own schema and returns the normalised report. */
export function validateReport(candidate: unknown): AgentReport {
  const result = agentReportSchema.safeParse(candidate);
  if (!result.success) throw new InvalidReportError(z.prettifyError(result.error));
  return result.data;
}

export class ReportTooLargeError extends Error {
  constructor(readonly bytes: number) {
    super(`The report is ${bytes} bytes, over the server's limit of ${AGENT_REPORT_MAX_BYTES} bytes`);
    this.name = 'ReportTooLargeError';
  }
}

/**
 * What is sent: the report without the sections named in collection_errors (an empty list would
 * tell the server the machine has none, and it would keep that), and without update_available,
 * which the server works out from agent_version.
 */
export function outgoingReport(report: AgentReport): Record<string, unknown> {
  const left = new Set<string>(['update_available']);
  for (const { section } of report.collection_errors) {
    for (const field of AGENT_SECTION_FIELDS[section]) left.add(field);
  }
  if (report.collection_errors.length === 0) left.add('collection_errors');
  return Object.fromEntries(Object.entries(report).filter(([field]) => !left.has(field)));
}

/** The request body; refuses locally what the server would answer with 413. */
export function serializeReport(report: AgentReport): string {
  const body = JSON.stringify(outgoingReport(report));
  const bytes = Buffer.byteLength(body, 'utf8');
  if (bytes > AGENT_REPORT_MAX_BYTES) throw new ReportTooLargeError(bytes);
  return body;
}
