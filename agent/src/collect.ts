import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { AGENT_REPORT_SECTIONS, type AgentReport, type CollectionError } from '../../shared/agent-data';
import { collectLinux } from './collectors/linux';
import { readMachineId } from './collectors/machine-id';
import { collectMac } from './collectors/macos';
import type { CollectedFacts, SectionErrors } from './collectors/sections';
import { collectWindows } from './collectors/windows';
import type { Logger } from './logger';
import { fitReport, validateReport, type DraftReport } from './report';
import { AGENT_VERSION } from './version';

export const FALLBACK_ID_FILE = 'agent-machine-id';

export interface CollectOptions {
  platform?: NodeJS.Platform;
  /** Where a generated machine id is kept when the system offers none (beside the config). */
  stateDir?: string | null;
  log?: Logger;
  /** The collector to use instead of the operating system's (tests). */
  collector?: () => Promise<CollectedFacts>;
}

/**
 * Last resort for a machine without MachineGuid, /etc/machine-id or IOPlatformUUID (some
 * containers): a random id kept in a file, stable as long as that file is.
 */
async function fallbackMachineId(stateDir: string | null | undefined, log?: Logger): Promise<string> {
  if (!stateDir) {
    log?.warn('No machine id found on this system; using a random one for this run only');
    return randomUUID();
  }
  const file = path.join(stateDir, FALLBACK_ID_FILE);
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored) return stored;
  } catch {
    // not created yet
  }
  const id = randomUUID();
  log?.warn(`No machine id found on this system; generated ${id}, kept in ${file}`);
  try {
    await fs.writeFile(file, `${id}\n`);
  } catch (error) {
    log?.warn(`Cannot keep the generated machine id in ${file}: ${String(error)}`);
  }
  return id;
}

/** The operating system's collector. */
function collectorFor(platform: NodeJS.Platform): () => Promise<CollectedFacts> {
  if (platform === 'win32') return collectWindows;
  if (platform === 'darwin') return collectMac;
  return collectLinux;
}

/** The sections a collector could not collect, in the order of AGENT_REPORT_SECTIONS. */
export function collectionErrors(errors: SectionErrors): CollectionError[] {
  return AGENT_REPORT_SECTIONS.flatMap((section) => {
    const message = errors[section]?.trim();
    return message
      ? [{ section, message: message.length <= 500 ? message : `${message.slice(0, 499)}…` }]
      : [];
  });
}

/**
 * Collects this machine's report with the collector of its operating system and validates it with
 * agentReportSchema, so a collector bug fails here with a readable InvalidReportError. A section
 * the collector could not collect is named in collection_errors (and left out when sent).
 */
export async function collectReport(options: CollectOptions = {}): Promise<AgentReport> {
  const platform = options.platform ?? process.platform;
  const { facts, errors } = await (options.collector ?? collectorFor(platform))();
  const { hardware_uuid, ...machine } = facts;
  const machine_id =
    (await readMachineId(platform)) ??
    hardware_uuid ??
    (await fallbackMachineId(options.stateDir, options.log));
  const draft: DraftReport = {
    ...machine,
    machine_id,
    agent_version: AGENT_VERSION,
    collection_errors: collectionErrors(errors),
  };
  const { report, notes } = fitReport(draft);
  for (const note of notes) options.log?.warn(note);
  return validateReport(report);
}
