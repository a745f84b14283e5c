import type { AgentReportSection } from '../../../shared/agent-data';
import type { CommandResult } from '../exec';
import type { MachineFacts } from './common';

/** Why each section that could not be collected is missing; a section without an entry was collected. */
export type SectionErrors = Partial<Record<AgentReportSection, string>>;

/** What an operating system's collector returns: the facts, and the sections it could not collect. */
export interface CollectedFacts {
  facts: Omit<MachineFacts, 'machine_id'> & { hardware_uuid: string | null };
  errors: SectionErrors;
}

/** A section that gets no answer within this long is given up (the slowest tool gets 4 minutes). */
export const SECTION_TIMEOUT_MS = 5 * 60_000;

/** A failure a collector names itself: its message is the collection error as written. */
export class SectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SectionError';
  }
}

/** Throws the command's failure as a SectionError naming the program ("PowerShell timed out after 60 s"). */
export function outputOf(result: CommandResult, program: string): string {
  if (result.ok) return result.stdout;
  throw new SectionError(`${program} ${result.reason}`);
}

/**
 * Collects one section: a throw, or no answer within timeoutMs, is recorded as that section's error
 * and `fallback` is returned, so one failing tool costs its own section and not the report.
 */
export async function collectSection<T>(
  errors: SectionErrors,
  section: AgentReportSection,
  fallback: T,
  work: () => Promise<T>,
  timeoutMs = SECTION_TIMEOUT_MS,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SectionError(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    return await Promise.race([work(), timeout]);
  } catch (error) {
    errors[section] =
      error instanceof SectionError
        ? error.message
        : `failed: ${error instanceof Error ? error.message : String(error)}`;
    return fallback;
  } finally {
    clearTimeout(timer);
  }
}
