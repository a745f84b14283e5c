import { recordAgentReport } from '../../functions/agent-reports/service';
import { enrolDevice } from '../../functions/agent-reports/enrolment';
import { findDevice } from '../../functions/lib/agent-caller';
import { agentReportSchema, type AgentReport } from '../../shared/agent-data';
import { typicalReport } from './agent-fleet';
import { metered, type Capacity } from './agent-capacity';

/**
 * An unchanged report at the agent's pace (one every 30 minutes), recorded by the report service in
 * this process on a clock of its own: the report within the hour the machine was last seen, and the
 * one an hour that moves the machine's entry in the fleet's last-seen index (items/agents.ts).
 */

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** Hours metered: each one report that moves the hour and one within it. */
export const METERED_HOURS = 3;

export interface HourlyReports {
  /** Reports at :35, in the hour their machine was last seen. */
  sameHour: Capacity;
  sameHourReports: number;
  /** Every report of METERED_HOURS whole hours, at :05 (the hour moves) and :35. */
  hours: Capacity;
  hoursReports: number;
  /** A report, within its hour, that installed two programs, removed two and updated one (issue 27). */
  fiveSoftwareChanges: Capacity;
}

/** The typical report's programs with 5 changes: 2 installed, 2 removed, 1 on a new version. */
function withFiveSoftwareChanges(report: AgentReport): AgentReport {
  // The first program is updated, the next two removed.
  const [updated, , , ...kept] = report.installed_software ?? [];
  return {
    ...report,
    installed_software: [
      ...kept,
      { name: updated!.name, version: `${updated!.version ?? '0'}.1` },
      { name: 'Contoso Newly Installed Viewer', version: '2.0.1' },
      { name: 'Contoso Newly Installed Agent', version: '7.4.0' },
    ],
  };
}

export async function measureUnchangedReports(
  organizationId: string,
  machine: number,
): Promise<HourlyReports> {
  const sent = typicalReport(machine, 150, 200);
  const { device_token } = await enrolDevice(
    { organizationId, apiKeyId: 'bench', subscription: null },
    { machine_id: sent.machine_id, hostname: sent.hostname },
    new Date(),
  );
  const device = await findDevice(`Bearer ${device_token}`);
  if (!device) throw new Error('The device just enrolled is not found by its token');
  const report = agentReportSchema.parse(sent);
  // Hours after the real clock's, so that no report of the bench's own is newer.
  const firstHour = (Math.floor(Date.now() / HOUR_MS) + 2) * HOUR_MS;
  const at = (hour: number, minute: number) => new Date(firstHour + hour * HOUR_MS + minute * MINUTE_MS);
  await recordAgentReport(device, report, at(0, 5));
  const sameHour = await metered(() => recordAgentReport(device, report, at(0, 35)));
  const hours = await metered(async () => {
    for (let hour = 1; hour <= METERED_HOURS; hour++) {
      await recordAgentReport(device, report, at(hour, 5));
      await recordAgentReport(device, report, at(hour, 35));
    }
  });
  const changed = await metered(() =>
    recordAgentReport(device, withFiveSoftwareChanges(report), at(METERED_HOURS, 50)),
  );
  return {
    sameHour: sameHour.measured,
    sameHourReports: 1,
    hours: hours.measured,
    hoursReports: 2 * METERED_HOURS,
    fiveSoftwareChanges: changed.measured,
  };
}
