/**
 * Agent reports through the real local stack (gateway, handlers and DynamoDB Local in this
 * process): throughput against raw PutItem (agent-throughput.ts), the capacity units a report
 * consumes and the bytes a machine keeps (agent-capacity.ts), the handler's time and the log bytes
 * it writes (agent-handler.ts). What it measures is what test/bench/cost.ts prices.
 */
import { createApiKey, gatewaySender, typicalReport } from './agent-fleet';
import {
  installCapacityMeter,
  metered,
  removeCapacityMeter,
  storageOfMachine,
  writeUnits,
  type Capacity,
} from './agent-capacity';
import { platformLogLines, reportSettings, timeHandler } from './agent-handler';
import { measureThroughput, PARALLEL, rate } from './agent-throughput';
import type { BenchStack, Company } from './local-stack';
import { median } from './measures';
import type { Figure } from './report';

const SECTION = 'Agent reports';
/** Distinct machines the throughput phases cycle through. */
const MACHINES = 40;
/** A typical office PC's installed programs; the informational figure uses 1,000. */
const TYPICAL_PROGRAMS = 150;
const LARGE_PROGRAMS = 1_000;
const HANDLER_RUNS = 60;

/** What one report costs in each billed dimension, measured here; cost.ts turns it into dollars. */
export interface ReportInputs {
  /** The realistic report's JSON body (data in to Lambda is free). */
  requestBytes: number;
  /** The 202 answer's body and headers as sent back. */
  responseBytes: number;
  /** A steady-state report (same programs, disk usage moved), DynamoDB write units. */
  writeUnitsPerReport: number;
  readUnitsPerReport: number;
  /** Median time of the handler, on this machine, for a steady-state report. */
  handlerMs: number;
  /** The reporting function's memory (infra/function-settings.ts). */
  memoryMb: number;
  /** Lines the handler logs per report at the production level (INFO), EMF metrics included. */
  handlerLogBytes: number;
  handlerLogEvents: number;
  /**
   * Lambda's own START/END/REPORT lines (text format, with the X-Ray part when traced); none when
   * the function's platform log level is WARN (infra/function-settings.ts).
   */
  platformLogBytes: number;
  platformLogEvents: number;
  /** DynamoDB bytes one machine keeps (items, the index copy, per-item overhead). */
  storageBytesPerDevice: number;
  /** Active tracing on the reporting function (infra/function-settings.ts): reports offered to X-Ray. */
  tracingActive: boolean;
}

/**
 * Measures a company's fleet of MACHINES through the gateway. The capacity meter observes the
 * handlers' DynamoDB calls only while this runs.
 */
export async function measureAgentReports(
  stack: BenchStack,
  company: Company,
): Promise<{ figures: Figure[]; inputs: ReportInputs }> {
  installCapacityMeter();
  try {
    return await measureFleet(stack, company);
  } finally {
    removeCapacityMeter();
  }
}

async function measureFleet(
  stack: BenchStack,
  company: Company,
): Promise<{ figures: Figure[]; inputs: ReportInputs }> {
  const { organizationId } = company;
  const key = await createApiKey(stack, company);
  const gateway = gatewaySender(stack, key);
  // Disk usage moves by 0.1 GB on every report, within 180-280 GB of the 475.8 GB disk.
  let reports = 0;
  const report = (machine: number, programs = TYPICAL_PROGRAMS) =>
    typicalReport(machine, programs, 180 + (reports++ % 1_000) / 10);

  // First reports of the fleet: each creates its machine.
  const first = await metered(async () => {
    for (let machine = 0; machine < MACHINES; machine++) await gateway.send(report(machine));
  });

  // Steady state, metered: every machine once more, its disk usage moved.
  let responseBytes = 0;
  const steady = await metered(async () => {
    for (let machine = 0; machine < MACHINES; machine++) {
      responseBytes = await gateway.send(report(machine));
    }
  });

  const { sequential, rawSequential, parallel, rawParallel } = await measureThroughput(
    MACHINES,
    (index) => gateway.send(report(index % MACHINES)),
    (index) => report(index % MACHINES),
  );

  // An unchanged report: the same machine sending exactly what it sent last.
  const same = report(0);
  await gateway.send(same);
  const unchanged = await metered(async () => {
    for (let run = 0; run < 5; run++) await gateway.send(same);
  });

  // A first report of a machine with 1,000 programs.
  const large = await metered(() => gateway.send(report(MACHINES + 1, LARGE_PROGRAMS)));

  // The handler alone, invoked as the gateway invokes it, at the production log level.
  const handlerRuns = await timeHandler(key, HANDLER_RUNS, (run) => JSON.stringify(report(run % MACHINES)));

  const storage = await storageOfMachine(organizationId, report(0).machine_id);
  const storageBytesPerDevice = storage.bytes;
  const storageLarge = (await storageOfMachine(organizationId, report(MACHINES + 1).machine_id)).bytes;

  const steadyReports = MACHINES;
  const firstWru = writeUnits(first.measured) / MACHINES;
  const steadyWru = writeUnits(steady.measured) / steadyReports;
  const steadyRru = steady.measured.read / steadyReports;
  const unchangedWru = writeUnits(unchanged.measured) / 5;
  const unchangedRru = unchanged.measured.read / 5;
  const perReport = (value: number, reports: number) => (value / reports).toFixed(1);
  const breakdown = (measured: Capacity, reports: number) =>
    `table ${perReport(measured.tableWrite, reports)} + gsi ${perReport(measured.indexWrite, reports)} + refused condition ${perReport(measured.failedConditionalWrites, reports)}`;
  const platformLines =
    reportSettings.platformLogLevel === 'INFO' ? platformLogLines(reportSettings.tracing === 'Active') : [];
  const handlerMs = median(handlerRuns.times);

  const inputs: ReportInputs = {
    requestBytes: Buffer.byteLength(JSON.stringify(report(0))),
    responseBytes,
    writeUnitsPerReport: steadyWru,
    readUnitsPerReport: steadyRru,
    handlerMs,
    memoryMb: reportSettings.memoryMb,
    handlerLogBytes: handlerRuns.logBytes / HANDLER_RUNS,
    handlerLogEvents: handlerRuns.logLines / HANDLER_RUNS,
    platformLogBytes: platformLines.reduce((sum, line) => sum + Buffer.byteLength(line), 0),
    platformLogEvents: platformLines.length,
    storageBytesPerDevice,
    tracingActive: reportSettings.tracing === 'Active',
  };

  const ratioSequential = rate(sequential) / rate(rawSequential);
  const ratioParallel = rate(parallel) / rate(rawParallel);
  const figures: Figure[] = [
    {
      section: SECTION,
      name: `reports/s through the gateway ÷ raw PutItem/s (${PARALLEL} at a time)`,
      value: ratioParallel,
      unit: '×',
      budget: { op: '>=', limit: 0.5 },
      detail: `${rate(parallel).toFixed(1)} reports/s vs ${rate(rawParallel).toFixed(1)} PutItem/s of the same ${inputs.requestBytes}-byte body, ${MACHINES} machines`,
    },
    {
      section: SECTION,
      name: 'reports/s through the gateway ÷ raw PutItem/s (one at a time)',
      value: ratioSequential,
      unit: '×',
      detail: `${rate(sequential).toFixed(1)} reports/s vs ${rate(rawSequential).toFixed(1)} PutItem/s`,
    },
    {
      section: SECTION,
      name: 'write units of an unchanged report',
      value: unchangedWru,
      unit: 'WRU',
      budget: { op: '<=', limit: 2 },
      detail: `DynamoDB Local's ConsumedCapacity: ${breakdown(unchanged.measured, 5)}; the machine item is ${storage.machineItemBytes} B`,
    },
    {
      section: SECTION,
      name: 'read units of an unchanged report',
      value: unchangedRru,
      unit: 'RRU',
      detail: `${unchanged.measured.calls.GetItemCommand ?? 0} GetItem and ${unchanged.measured.calls.BatchGetItemCommand ?? 0} BatchGetItem for 5 reports`,
    },
    {
      section: SECTION,
      name: `write units of a steady-state report (${TYPICAL_PROGRAMS} programs, disk usage moved)`,
      value: steadyWru,
      unit: 'WRU',
      detail: breakdown(steady.measured, steadyReports),
    },
    {
      section: SECTION,
      name: 'read units of a steady-state report',
      value: steadyRru,
      unit: 'RRU',
    },
    {
      section: SECTION,
      name: `write units of a first report (${TYPICAL_PROGRAMS} programs)`,
      value: firstWru,
      unit: 'WRU',
      detail: breakdown(first.measured, MACHINES),
    },
    {
      section: SECTION,
      name: `write units of a first report (${LARGE_PROGRAMS.toLocaleString('en-GB')} programs)`,
      value: writeUnits(large.measured),
      unit: 'WRU',
      detail: `${breakdown(large.measured, 1)}; the machine keeps ${(storageLarge / 1024).toFixed(0)} KB`,
    },
    {
      section: SECTION,
      name: 'handler time per report (median)',
      value: handlerMs,
      unit: 'ms',
      detail: `${HANDLER_RUNS} steady-state reports, the agent-reports handler invoked directly as its function URL would, DynamoDB Local on loopback`,
    },
    {
      section: SECTION,
      name: 'log bytes the handler writes per report (LOG_LEVEL INFO)',
      value: inputs.handlerLogBytes,
      unit: 'bytes',
      detail: `plus, modelled: Lambda START/END/REPORT ${inputs.platformLogBytes} B (platform log level ${reportSettings.platformLogLevel})`,
    },
    {
      section: SECTION,
      name: 'DynamoDB storage per machine',
      value: storageBytesPerDevice / 1024,
      unit: 'KB',
      detail: `${TYPICAL_PROGRAMS} programs: items + index copy + 100 B per item`,
    },
  ];
  return { figures, inputs };
}
