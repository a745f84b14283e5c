import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { getAgentMachine } from '../../functions/agents/service';
import { observeTableCalls } from '../../functions/lib/table/client';
import { agentReportSchema } from '../../shared/agent-data';
import { CLONE_REVERSALS, CLONE_WINDOW_DAYS } from '../../shared/machine-clones';
import { useFunctionEnv } from '../support/api';
import { enrolInProcess, machine } from '../support/agents';

/**
 * Possible clones at the agents' real pace (one report each every 30 minutes, so each report is
 * the one-write heartbeat unless something changed): a cloned disk's two computers differ in their
 * last boot alone, which the heartbeat does not hash; its condition must let the boot going back
 * fall through to the read that counts it. The mark fades a window after the latest reversal.
 */
describe('a cloned machine at the agents’ pace', () => {
  useFunctionEnv();

  const original = agentReportSchema.parse(machine({ last_boot: '2026-11-30T07:58:12.000Z' }));
  const copy = agentReportSchema.parse(machine({ last_boot: '2026-11-30T09:41:03.000Z' }));
  const at = (minutes: number) => new Date(Date.parse('2026-11-30T10:00:00.000Z') + minutes * 60_000);

  it('counts each boot that goes back, marks the machine on the second, and lets the mark fade', async () => {
    const organizationId = ulid();
    const device = await enrolInProcess(organizationId);
    const page = (now: Date) => getAgentMachine(organizationId, device.machineId, now);
    await recordAgentReport(device, original, at(0));
    // The two computers, each every 30 minutes, a quarter of an hour apart.
    for (let index = 0; index < 2 * CLONE_REVERSALS; index++) {
      await recordAgentReport(device, index % 2 === 0 ? copy : original, at(15 * (index + 1)));
    }
    const marked = await page(at(60));
    expect(marked.possible_clone).toEqual({ since: at(30).toISOString(), reversals: CLONE_REVERSALS });

    // Once the copy is given a machine id of its own, the original's reports go on unmarked.
    await recordAgentReport(device, original, at(120));
    expect((await page(at(120))).possible_clone).not.toBeNull();
    const later = new Date(at(120).getTime() + CLONE_WINDOW_DAYS * 86_400_000);
    expect((await page(later)).possible_clone).toBeNull();
  });

  it('leaves one computer that reboots unmarked, each of its reports one update', async () => {
    const organizationId = ulid();
    const device = await enrolInProcess(organizationId);
    const commands: string[] = [];
    for (const [index, boot] of ['07:58:12', '07:57:40', '12:00:00', '12:01:30', '16:20:00'].entries()) {
      const report = agentReportSchema.parse(machine({ last_boot: `2026-11-30T${boot}.000Z` }));
      const stopObserving = observeTableCalls((operation, input, send) => {
        if (index > 0) commands.push(operation);
        return send(input);
      });
      await recordAgentReport(device, report, at(10 * index)).finally(stopObserving);
    }
    // Each report after the first (all in one hour) is one update: a boot within the tolerance or later asks no read.
    expect(commands).toEqual(Array(4).fill('UpdateItem'));
    expect((await getAgentMachine(organizationId, device.machineId, at(50))).possible_clone).toBeNull();
  });
});
