import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { loadAgentCaller, loadDeviceCaller } from '../../functions/lib/agent-caller';
import type { HttpEvent } from '../../functions/lib/http';
import { observeTableCalls } from '../../functions/lib/table/client';
import { findRoute } from '../../functions/routes';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { getAgentMachine } from '../../functions/agents/service';
import { countAgents } from '../../functions/hardware/dashboard-counts';
import { createApiKey } from '../../functions/api-keys/service';
import { touchApiKey } from '../../functions/lib/agent-caller';
import { agentReportSchema } from '../../shared/agent-data';
import { signUpCompany, useFunctionEnv } from '../support/api';
import { createKey, deviceHeaders, enrolInProcess, enrollDevice, machine } from '../support/agents';

/**
 * What an agent's report costs in DynamoDB: the requests that check its key, and the commands and
 * write units of recording it (issue 4).
 */
describe('the cost of a report', () => {
  useFunctionEnv();

  interface Consumed {
    CapacityUnits?: number;
    GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number }>;
  }

  /** The commands sent while `run` runs, with the write units DynamoDB says each consumed. */
  async function metered(
    run: () => Promise<void>,
  ): Promise<{ commands: string[]; writeUnits: number; indexWriteUnits: number }> {
    const commands: string[] = [];
    let writeUnits = 0;
    let indexWriteUnits = 0;
    const stopObserving = observeTableCalls(async (operation, input, send) => {
      commands.push(operation);
      const output = await send({ ...input, ReturnConsumedCapacity: 'INDEXES' });
      const consumed = output.ConsumedCapacity as Consumed | Consumed[] | undefined;
      for (const each of [consumed ?? []].flat()) {
        if (/Get|Query|Scan/.test(operation)) continue;
        writeUnits += each.CapacityUnits ?? 0;
        for (const index of Object.values(each.GlobalSecondaryIndexes ?? {})) {
          indexWriteUnits += index.CapacityUnits ?? 0;
        }
      }
      return output;
    });
    try {
      await run();
    } finally {
      stopObserving();
    }
    return { commands, writeUnits, indexWriteUnits };
  }

  it('checks the key, then the organisation with its subscription in one request', async () => {
    const { key } = await createKey(await signUpCompany());
    const event = { headers: { 'x-api-key': key } } as unknown as HttpEvent;
    const route = findRoute('POST /api/agent/enroll')!;
    const first = await metered(() => loadAgentCaller(event, route, new Date()).then(() => undefined));
    // The first use of a key also notes when it was last used.
    expect(first.commands).toEqual(['GetItem', 'BatchGetItem', 'UpdateItem']);
    const next = await metered(() => loadAgentCaller(event, route, new Date()).then(() => undefined));
    expect(next.commands).toEqual(['GetItem', 'BatchGetItem']);
  });

  it("checks a device's token, its organisation and the subscription in one request", async () => {
    const { key } = await createKey(await signUpCompany());
    const token = await enrollDevice(key);
    const event = { headers: deviceHeaders(token) } as unknown as HttpEvent;
    const route = findRoute('POST /api/agent/report')!;
    const checked = await metered(() => loadDeviceCaller(event, route, new Date()).then(() => undefined));
    expect(checked.commands).toEqual(['BatchGetItem']);
    // A token of the right shape that was never issued is looked up once more, consistently.
    const unknown = { headers: deviceHeaders(`dt_01HZXAMPLEORG.${'A'.repeat(43)}`) } as unknown as HttpEvent;
    const refusedUnknown = await metered(() =>
      loadDeviceCaller(unknown, route, new Date()).then(
        () => undefined,
        () => undefined,
      ),
    );
    expect(refusedUnknown.commands).toEqual(['BatchGetItem', 'GetItem']);
    // A malformed token costs nothing at all.
    const malformed = { headers: deviceHeaders('dt_short') } as unknown as HttpEvent;
    const refused = await metered(() =>
      loadDeviceCaller(malformed, route, new Date()).then(
        () => undefined,
        () => undefined,
      ),
    );
    expect(refused.commands).toEqual([]);
  });

  it('is one write unit when nothing but the heartbeat changed (issue 4: at most 2)', async () => {
    const organizationId = ulid();
    const device = await enrolInProcess(organizationId);
    const programs = Array.from({ length: 150 }, (_, index) => ({
      name: `Program ${index}`,
      version: '1.0',
    }));
    const report = agentReportSchema.parse(machine({ installed_software: programs }));
    await recordAgentReport(device, report, new Date('2026-11-23T10:00:00Z'));

    const again = await metered(() => recordAgentReport(device, report, new Date('2026-11-23T10:30:00Z')));
    // Not even a read: the update's condition holds the section hashes and the report time.
    expect(again.commands).toEqual(['UpdateItem']);
    expect(again.writeUnits).toBe(1);

    // Disks fill a little between reports: that is still one small write.
    const fuller = agentReportSchema.parse(
      machine({
        installed_software: programs,
        storage_info: [{ device: 'C:', mountpoint: 'C:\\', used_gb: 180.4, total_gb: 475, percent: 38 }],
      }),
    );
    const disks = await metered(() => recordAgentReport(device, fuller, new Date('2026-11-23T10:45:00Z')));
    expect(disks.commands).toEqual(['UpdateItem']);
    expect(disks.writeUnits).toBe(1);

    const changed = agentReportSchema.parse(machine({ installed_software: programs.slice(1) }));
    const rewrite = await metered(() => recordAgentReport(device, changed, new Date('2026-11-23T11:00:00Z')));
    // The heartbeat's condition fails on the changed section; the machine is read (with its link,
    // identity and programs), the software inventory moves (issue 27), and the machine is rewritten
    // with its change events. It is also the machine's first report in the 11:00 hour: it moves
    // into that hour's count.
    expect(rewrite.commands).toEqual([
      'UpdateItem',
      'GetItem',
      'BatchGetItem',
      'TransactWriteItems',
      'TransactWriteItems',
      'UpdateItem',
    ]);
    const fleet = await getAgentMachine(organizationId, report.machine_id);
    expect(fleet.last_seen).toBe('2026-11-23T11:00:00.000Z');

    // A report older than the one recorded (an agent's late retry) changes nothing but the
    // device's report count: it was sent, so it counts toward the rate.
    const late = await metered(() =>
      recordAgentReport(
        device,
        agentReportSchema.parse(machine({ installed_software: programs.slice(1), hostname: 'LATE' })),
        new Date('2026-11-23T10:59:00Z'),
      ),
    );
    expect(late.commands).toEqual(['UpdateItem', 'GetItem', 'UpdateItem']);
    const recorded = await getAgentMachine(organizationId, report.machine_id);
    expect(recorded).toMatchObject({ last_seen: '2026-11-23T11:00:00.000Z' });
    expect(recorded.hostname).not.toBe('LATE');
  });

  it("moves the fleet's index and hourly counts only when the hour last seen moves: 4 write units once an hour, 1 otherwise", async () => {
    const organizationId = ulid();
    const device = await enrolInProcess(organizationId);
    const report = agentReportSchema.parse(machine());
    await recordAgentReport(device, report, new Date('2026-11-23T10:05:00Z'));
    const sameHour = await metered(() => recordAgentReport(device, report, new Date('2026-11-23T10:35:00Z')));
    expect(sameHour).toMatchObject({ commands: ['UpdateItem'], writeUnits: 1, indexWriteUnits: 0 });
    // The next hour: the last-seen index's entry moves (a delete and a put of a small entry), and
    // the machine moves into the 11:00 hour's count, noted as come from the 10:00 one (one write).
    const nextHour = await metered(() => recordAgentReport(device, report, new Date('2026-11-23T11:05:00Z')));
    expect(nextHour).toMatchObject({
      commands: ['UpdateItem', 'UpdateItem'],
      indexWriteUnits: 2,
      writeUnits: 4,
    });
  });

  it('counts each machine once among the active agents as it moves from hour to hour', async () => {
    const organizationId = ulid();
    const a = await enrolInProcess(organizationId, { machine_id: 'A', hostname: 'A' });
    const b = await enrolInProcess(organizationId, { machine_id: 'B', hostname: 'B' });
    const send = (device: typeof a, at: string) =>
      recordAgentReport(
        device,
        agentReportSchema.parse(machine({ machine_id: device.machineId })),
        new Date(at),
      );
    const active = async (at: string) => (await countAgents(organizationId, new Date(at))).active;
    await send(a, '2026-11-23T09:50:00Z');
    await send(b, '2026-11-23T09:55:00Z');
    expect(await active('2026-11-23T10:00:00Z')).toBe(2);
    // A moves into 10:00 (from the hour just before); B stays in 9:00.
    await send(a, '2026-11-23T10:20:00Z');
    expect(await active('2026-11-23T10:30:00Z')).toBe(2);
    // A moves on into 11:00; B skips an hour into 11:00 too.
    await send(a, '2026-11-23T11:05:00Z');
    await send(b, '2026-11-23T11:10:00Z');
    expect(await active('2026-11-23T11:30:00Z')).toBe(2);
    // Past the window, nobody reported: none active.
    expect(await active('2026-11-23T13:30:00Z')).toBe(0);
  });

  it('is still one write when a collector failed or a section is absent, and keeps what it had', async () => {
    const organizationId = ulid();
    const device = await enrolInProcess(organizationId);
    const programs = Array.from({ length: 150 }, (_, index) => ({ name: `Program ${index}`, version: '1' }));
    await recordAgentReport(
      device,
      agentReportSchema.parse(machine({ installed_software: programs })),
      new Date('2026-11-23T10:00:00Z'),
    );
    const timedOut = await metered(() =>
      recordAgentReport(
        device,
        agentReportSchema.parse(
          machine({
            installed_software: [],
            printers: undefined,
            collection_errors: [{ section: 'installed_software', message: 'PowerShell timed out' }],
          }),
        ),
        new Date('2026-11-23T10:30:00Z'),
      ),
    );
    expect(timedOut.commands).toEqual(['UpdateItem']);
    // One write still; the stale marks carry the machine item past 1 KB, hence 2 units (budget 2).
    expect(timedOut.writeUnits).toBeLessThanOrEqual(2);
    const detail = await getAgentMachine(organizationId, 'MACHINE-GUID-1');
    expect(detail.installed_software).toEqual(programs);
    expect(detail.printers).toHaveLength(1);
    expect(Object.keys(detail.stale_sections).sort()).toEqual(['installed_software', 'printers']);
  });

  it('clears a field the machine no longer reports, reading the machine first since its timeline compares it', async () => {
    const organizationId = ulid();
    const device = await enrolInProcess(organizationId);
    await recordAgentReport(device, agentReportSchema.parse(machine()), new Date('2026-11-23T10:00:00Z'));
    const withoutTag = await metered(() =>
      recordAgentReport(
        device,
        agentReportSchema.parse(machine({ service_tag: null, logged_in_user: null })),
        new Date('2026-11-23T10:30:00Z'),
      ),
    );
    // The serial and the user are what the timeline and the inventory link read (issue 27): the
    // heartbeat's condition on the facts' hash fails, and the machine is read and written.
    expect(withoutTag.commands).toEqual(['UpdateItem', 'GetItem', 'BatchGetItem', 'PutItem']);
    // One unit of the machine item, and one for each fleet index: the search text lost the user.
    expect(withoutTag).toMatchObject({ writeUnits: 3, indexWriteUnits: 2 });
    const summary = await getAgentMachine(organizationId, 'MACHINE-GUID-1');
    expect(summary).toMatchObject({
      service_tag: null,
      logged_in_user: null,
      first_seen: '2026-11-23T10:00:00.000Z',
      last_seen: '2026-11-23T10:30:00.000Z',
    });
  });

  it("notes the key's use once per few minutes without even a refused write in between", async () => {
    const organizationId = ulid();
    const { id } = await createApiKey(organizationId, 'Agents', new Date('2026-11-23T10:00:00Z'));
    const owner = { organizationId, apiKeyId: id };
    const touch = (at: string) => metered(() => touchApiKey(owner, new Date(at)));
    expect((await touch('2026-11-23T10:00:00Z')).commands).toEqual(['UpdateItem']);
    expect((await touch('2026-11-23T10:04:59Z')).commands).toEqual([]);
    expect((await touch('2026-11-23T10:05:00Z')).commands).toEqual(['UpdateItem']);
  });
});
