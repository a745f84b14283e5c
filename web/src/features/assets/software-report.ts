import type { SoftwareMachine, SoftwareProgram } from '@shared/inventory';
import { csvCell, csvLocalDate, csvReport, localIsoDate } from '../../components/csv-report';

/** The software inventory's exports, with the safe CSV rules of every report (components/csv-report.ts). */

export const SOFTWARE_REPORT_COLUMNS = ['Program', 'Machines', 'Versions'] as const;
export const SOFTWARE_MACHINES_REPORT_COLUMNS = [
  'Hostname',
  'Machine ID',
  'Version',
  'Since',
  'Last Seen',
] as const;

/** A version as people read it: '' is a program installed without one. */
export function versionLabel(version: string): string {
  return version === '' ? 'No version' : version;
}

/** "120.0.1 (2); 119.0.5 (1)": each version with how many machines have it. */
function versionsCell(program: SoftwareProgram): string {
  return csvCell(
    program.versions.map(({ version, machines }) => `${versionLabel(version)} (${machines})`).join('; '),
  );
}

export function softwareReportCsv(programs: readonly SoftwareProgram[]): string {
  return csvReport(
    SOFTWARE_REPORT_COLUMNS,
    programs.map((program) => [csvCell(program.name), String(program.machines), versionsCell(program)]),
  );
}

export function softwareMachinesReportCsv(machines: readonly SoftwareMachine[]): string {
  return csvReport(
    SOFTWARE_MACHINES_REPORT_COLUMNS,
    machines.map((machine) => [
      csvCell(machine.hostname),
      csvCell(machine.machine_id),
      csvCell(machine.versions.map(versionLabel).join(', ')),
      csvLocalDate(machine.since),
      csvLocalDate(machine.last_seen),
    ]),
  );
}

export function softwareReportFileName(today: Date): string {
  return `software-${localIsoDate(today)}.csv`;
}

/** "software-google-chrome-2026-11-26.csv": the program's name, made safe for a file name. */
export function softwareMachinesReportFileName(program: string, today: Date): string {
  const slug = program
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `software-${slug || 'program'}-${localIsoDate(today)}.csv`;
}
