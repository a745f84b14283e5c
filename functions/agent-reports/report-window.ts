import { REPORTS_PER_MINUTE } from '../../shared/agent-data';
import { TooManyRequests } from '../lib/errors';
import { agentMachines, type AgentMachineItem } from '../lib/table/items/agents';
import { isConditionFailure, send } from '../lib/table/transaction';
import { minuteWindow } from './enrolment';

/**
 * A device's report rate, kept on its machine item: the minute of its latest reports and how many
 * it sent in it. The usual report (one every 30 minutes) opens a new minute in the same update that
 * records it, so the limit costs no write of its own; a second report within a minute is counted
 * by the read-then-write the recording falls back to.
 */

const REPORT_RATE_MESSAGE = `This device sends more than ${REPORTS_PER_MINUTE} reports a minute; send the next one later`;

/**
 * The heartbeat's part: it opens the minute, so it applies only when the minute is a new one (the
 * recorded window started before it).
 */
export function newReportWindow(now: Date): { fields: Record<string, number>; startedBefore: number } {
  const { start } = minuteWindow(now);
  return { fields: { report_window_start: start, report_window_count: 1 }, startedBefore: start };
}

/** The window a report writes into a machine item read first; 429 when the device is past its rate. */
export function nextReportWindow(
  current: AgentMachineItem | null,
  now: Date,
): Pick<AgentMachineItem, 'report_window_start' | 'report_window_count'> {
  const { start, retryAfterSeconds } = minuteWindow(now);
  if (current?.report_window_start !== start) return { report_window_start: start, report_window_count: 1 };
  const count = current.report_window_count ?? 0;
  if (count >= REPORTS_PER_MINUTE) throw new TooManyRequests(REPORT_RATE_MESSAGE, retryAfterSeconds);
  return { report_window_start: start, report_window_count: count + 1 };
}

/**
 * A report that lost a race to a newer one of its machine is not written, but the device did send
 * it: it counts in the window the newer report opened (the same minute or a later one), and is
 * refused once that window has its fill, so racing reports cannot pass the rate.
 */
export async function countSupersededReport(organizationId: string, machineId: string, now: Date) {
  const { retryAfterSeconds } = minuteWindow(now);
  await send(agentMachines.countReportIfUnder(organizationId, machineId, REPORTS_PER_MINUTE)).catch(
    (error: unknown) => {
      if (isConditionFailure(error)) throw new TooManyRequests(REPORT_RATE_MESSAGE, retryAfterSeconds);
      throw error;
    },
  );
}
