/**
 * Agent reports through the real local stack (gateway, handlers and DynamoDB Local in this
 * process): throughput against raw PutItem, the capacity units a report consumes, the handler's
 * time and the log bytes it writes. What it measures is what test/bench/cost.ts prices.
 */
import { DynamoDBClient, PutItemCommand, QueryCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context } from 'aws-lambda';
import type { AgentReportInput } from '../../shared/agent-data';
import { API_KEY_HEADER } from '../../shared/agent-data';
import type { CreatedApiKey } from '../../shared/api-keys';
import { functionSettings } from '../../infra/function-settings';
import { handler as reportsHandler } from '../../functions/agent-reports/index';
import { FUNCTION_URL_ROUTE_KEY } from '../../functions/lib/feature';
import type { HttpEvent } from '../../functions/lib/http';
import { logger } from '../../functions/lib/logger';
import { observeTableCalls } from '../../functions/lib/table/client';
import { api, expectStatus, type BenchStack, type Company } from './local-stack';
import type { Figure } from './report';

const SECTION = 'Agent reports';
const REPORT_PATH = '/api/agent/report';
/** The function that takes reports, in AWS behind its own function URL. */
const reportSettings = functionSettings('agent-reports');
/** Distinct machines the throughput phases cycle through. */
const MACHINES = 40;
/** Each timed phase stops at whichever comes first, so the whole bench stays well under a minute. */
const PHASE_REPORTS = 1_000;
const PHASE_MS = 8_000;
/**
 * Untimed reports down each path first. DynamoDB Local's JVM compiles each operation's code as it
 * runs it: a report's GetItem, BatchGetItem and conditional UpdateItem ran at about half their
 * steady speed over the first 2,000 reports, the raw PutItem's one operation much less so.
 */
const WARM_UP_REPORTS = 2_000;
const PARALLEL = 4;
/** A typical office PC's installed programs; the informational figure uses 1,000. */
const TYPICAL_PROGRAMS = 150;
const LARGE_PROGRAMS = 1_000;
const HANDLER_WARM_UP = 10;
const HANDLER_RUNS = 60;
/** DynamoDB storage is billed per item with 100 bytes of overhead (table and each index). */
const ITEM_OVERHEAD_BYTES = 100;

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

// ---- Reports ----

function typicalReport(machine: number, programs: number, usedGb: number): AgentReportInput {
  const name = `BENCH-PC-${String(machine).padStart(4, '0')}`;
  return {
    machine_id: `5c0f3f8e-bench-4a61-9d7e-${String(machine).padStart(12, '0')}`,
    hostname: name,
    os_type: 'Windows',
    os_version: 'Microsoft Windows 11 Pro 10.0.22631',
    service_tag: `8H${String(machine).padStart(5, '0')}`,
    logged_in_user: `CONTOSO\\user${machine}`,
    agent_version: '1.0.0',
    update_available: false,
    memory_total_gb: 15.7,
    cpu_info: {
      processor: '13th Gen Intel(R) Core(TM) i7-1365U',
      architecture: 'AMD64',
      cores_physical: 10,
      cores_logical: 12,
    },
    storage_info: [
      { device: 'C:', mountpoint: 'C:\\', used_gb: usedGb, total_gb: 475.8, percent: (usedGb / 475.8) * 100 },
      { device: 'D:', mountpoint: 'D:\\', used_gb: 112.4, total_gb: 931.5, percent: 12.1 },
    ],
    shared_folders: [
      { name: 'Scans', path: 'D:\\Scans' },
      { name: 'Users', path: 'C:\\Users' },
    ],
    printers: [
      { name: 'HP LaserJet Pro M404', driver: 'HP Universal Printing PCL 6', network: true, shared: false },
      { name: 'Microsoft Print to PDF', driver: 'Microsoft Print To PDF', network: false, shared: false },
    ],
    installed_software: Array.from({ length: programs }, (_, index) => ({
      name: `Contoso ${['Office', 'Runtime', 'Driver', 'Tools', 'Viewer'][index % 5]} Component ${index}`,
      version: `${(index % 9) + 1}.${index % 13}.${1000 + index}`,
    })),
  };
}

// ---- Capacity, summed by a middleware on the product's DynamoDB client ----

interface Capacity {
  read: number;
  tableWrite: number;
  indexWrite: number;
  /**
   * Writes refused by their condition. DynamoDB charges them (1 WRU for an item up to 1 KB) but
   * returns no ConsumedCapacity with the error, in AWS as in DynamoDB Local.
   */
  failedConditionalWrites: number;
  calls: Record<string, number>;
}

const emptyCapacity = (): Capacity => ({
  read: 0,
  tableWrite: 0,
  indexWrite: 0,
  failedConditionalWrites: 0,
  calls: {},
});

interface ConsumedCapacityShape {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
  Table?: { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };
  GlobalSecondaryIndexes?: Record<string, { CapacityUnits?: number; WriteCapacityUnits?: number }>;
}

const READ_OPERATIONS = new Set(['GetItem', 'Query', 'BatchGetItem', 'Scan']);

let capacity = emptyCapacity();
let stopMetering: (() => void) | null = null;
/** Only metered phases ask for ConsumedCapacity: it is more work for DynamoDB Local, which the raw PutItem does not ask. */
let metering = false;

/**
 * Asks DynamoDB for the capacity of every command the handlers send (INDEXES: table and index
 * apart) and adds it up. DynamoDB Local answers with the same ConsumedCapacity shape as AWS; it
 * already counts transactional writes twice (a transaction's table units are 2× a plain put's).
 */
function installCapacityMeter(): void {
  if (stopMetering) return;
  stopMetering = observeTableCalls(async (operation, input, send) => {
    if (!metering) return send(input);
    const command = `${operation}Command`;
    capacity.calls[command] = (capacity.calls[command] ?? 0) + 1;
    try {
      const output = await send({ ...input, ReturnConsumedCapacity: 'INDEXES' });
      const consumed = output.ConsumedCapacity as ConsumedCapacityShape | ConsumedCapacityShape[] | undefined;
      for (const entry of consumed === undefined ? [] : Array.isArray(consumed) ? consumed : [consumed]) {
        if (READ_OPERATIONS.has(operation)) {
          capacity.read += entry.CapacityUnits ?? 0;
          continue;
        }
        const indexes = Object.values(entry.GlobalSecondaryIndexes ?? {}).reduce(
          (sum, index) => sum + (index.WriteCapacityUnits ?? index.CapacityUnits ?? 0),
          0,
        );
        const table = entry.Table?.WriteCapacityUnits ?? entry.Table?.CapacityUnits;
        capacity.tableWrite += table ?? (entry.CapacityUnits ?? 0) - indexes;
        capacity.indexWrite += indexes;
      }
      return output;
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
        capacity.failedConditionalWrites++;
      }
      throw error;
    }
  });
}

/** Leaves the handlers' DynamoDB calls as they were, for the figures measured after these. */
export function removeCapacityMeter(): void {
  stopMetering?.();
  stopMetering = null;
}

function writeUnits(measured: Capacity): number {
  return measured.tableWrite + measured.indexWrite + measured.failedConditionalWrites;
}

async function metered<T>(run: () => Promise<T>): Promise<{ result: T; measured: Capacity }> {
  capacity = emptyCapacity();
  metering = true;
  try {
    const result = await run();
    return { result, measured: capacity };
  } finally {
    metering = false;
    capacity = emptyCapacity();
  }
}

// ---- Sending ----

interface Sender {
  send(report: AgentReportInput): Promise<number>;
}

function gatewaySender(stack: BenchStack, key: string): Sender {
  return {
    async send(report) {
      const response = await fetch(`${stack.baseUrl}${REPORT_PATH}`, {
        method: 'POST',
        headers: { [API_KEY_HEADER]: key, 'content-type': 'application/json' },
        body: JSON.stringify(report),
      });
      const text = await response.text();
      if (response.status !== 202) {
        throw new Error(`Report of ${report.machine_id}: expected HTTP 202, got ${response.status}: ${text}`);
      }
      return text.length;
    },
  };
}

interface Run {
  done: number;
  ms: number;
}

/** Runs `task(i)` for i = 0, 1, … `parallel` at a time, until `count` done or `ms` passed. */
async function timed(
  count: number,
  ms: number,
  parallel: number,
  task: (index: number) => Promise<unknown>,
): Promise<Run> {
  const started = performance.now();
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count && performance.now() - started < ms) {
        await task(next++);
        done++;
      }
    }),
  );
  return { done, ms: performance.now() - started };
}

const rate = (run: Run) => run.done / (run.ms / 1000);

// ---- The handler, invoked directly ----

function reportEvent(key: string, body: string): HttpEvent {
  const now = Date.now();
  return {
    version: '2.0',
    // Agents post to the function's URL, which passes every request as '$default'.
    routeKey: FUNCTION_URL_ROUTE_KEY,
    rawPath: REPORT_PATH,
    rawQueryString: '',
    headers: { [API_KEY_HEADER]: key, 'content-type': 'application/json' },
    body,
    isBase64Encoded: false,
    requestContext: {
      accountId: 'bench',
      apiId: 'bench',
      domainName: 'localhost',
      domainPrefix: 'bench',
      http: {
        method: 'POST',
        path: REPORT_PATH,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'bench',
      },
      requestId: `bench-${now}-${Math.random().toString(36).slice(2)}`,
      routeKey: FUNCTION_URL_ROUTE_KEY,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims: {}, scopes: [] } },
    },
  };
}

function lambdaContext(requestId: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'bench-agents',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:bench:000000000000:function:bench-agents',
    memoryLimitInMB: String(reportSettings.memoryMb),
    awsRequestId: requestId,
    logGroupName: '/aws/lambda/bench-agents',
    logStreamName: 'bench',
    getRemainingTimeInMillis: () => 10_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** Bytes and lines written to stdout and stderr while `run` runs. */
async function capturingOutput<T>(
  run: () => Promise<T>,
): Promise<{ result: T; bytes: number; lines: number }> {
  let bytes = 0;
  let lines = 0;
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write.bind(stream));
  streams.forEach((stream, index) => {
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      bytes += Buffer.byteLength(text);
      lines += text.split('\n').filter((line) => line.length > 0).length;
      return (originals[index] as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
  });
  try {
    return { result: await run(), bytes, lines };
  } finally {
    streams.forEach((stream, index) => {
      stream.write = originals[index] as typeof stream.write;
    });
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

// ---- Log lines AWS writes per report, from their documented formats ----

/** Lambda's text-format platform lines for one traced invocation, with realistic values. */
function platformLogLines(tracing: boolean): string[] {
  const requestId = '6bc28136-4f1a-4365-b021-0ce6b2e64ab0';
  return [
    `START RequestId: ${requestId} Version: $LATEST\n`,
    `END RequestId: ${requestId}\n`,
    `REPORT RequestId: ${requestId}\tDuration: 24.17 ms\tBilled Duration: 25 ms\tMemory Size: 512 MB\tMax Memory Used: 98 MB\t` +
      (tracing
        ? 'XRAY TraceId: 1-5e34a614-10bd1e52f1fb44f07bc535a1\tSegmentId: 07f5a2c52d1f6f85\tSampled: true\t'
        : '') +
      '\n',
  ];
}

// ---- Storage ----

/** An item's size as DynamoDB counts it: names and values, numbers by their digits. */
function attributeSize(value: AttributeValue): number {
  if (value.S !== undefined) return Buffer.byteLength(value.S);
  if (value.N !== undefined) return Math.ceil(value.N.replace(/^-|\.|^0+/g, '').length / 2) + 1;
  if (value.BOOL !== undefined || value.NULL !== undefined) return 1;
  if (value.L) return 3 + value.L.reduce((sum, entry) => sum + 1 + attributeSize(entry), 0);
  if (value.M) return 3 + itemSize(value.M);
  return 0;
}

function itemSize(item: Record<string, AttributeValue>): number {
  return Object.entries(item).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + attributeSize(value),
    0,
  );
}

async function storageOfMachine(
  organizationId: string,
  machineId: string,
): Promise<{ bytes: number; machineItemBytes: number }> {
  const raw = new DynamoDBClient({ region: process.env.AWS_REGION, endpoint: process.env.DYNAMODB_ENDPOINT });
  const items = (
    await raw.send(
      new QueryCommand({
        TableName: process.env.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': { S: `org#${organizationId.toLowerCase()}#agents` } },
      }),
    )
  ).Items?.filter((item) => (item.sk?.S ?? '').includes(`#${machineId.toLowerCase()}`));
  if (!items?.length) throw new Error(`No items of machine ${machineId} found in the table`);
  raw.destroy();
  // Items with an index key are kept a second time, whole (projection ALL), in that index.
  const bytes = items.reduce(
    (sum, item) => sum + (itemSize(item) + ITEM_OVERHEAD_BYTES) * (item.gsi1pk ? 2 : 1),
    0,
  );
  const machine = items.find((item) => item.sk?.S?.startsWith('agent#'));
  return { bytes, machineItemBytes: machine ? itemSize(machine) : 0 };
}

// ---- The measurement ----

async function createApiKey(stack: BenchStack, company: Company): Promise<string> {
  const created = expectStatus(
    await api<CreatedApiKey>(stack, '/api/api-keys', {
      method: 'POST',
      token: company.accessToken,
      json: { name: 'Agent API Key' },
    }),
    201,
    'Creating an API key',
  );
  return created.key;
}

export async function measureAgentReports(
  stack: BenchStack,
  company: Company,
): Promise<{ figures: Figure[]; inputs: ReportInputs }> {
  installCapacityMeter();
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

  // The same bodies written straight to DynamoDB Local as one item each, same size, same pacing.
  const raw = new DynamoDBClient({ region: process.env.AWS_REGION, endpoint: process.env.DYNAMODB_ENDPOINT });
  const putItem = (index: number) =>
    raw.send(
      new PutItemCommand({
        TableName: process.env.TABLE_NAME,
        Item: {
          pk: { S: 'bench#raw-put' },
          sk: { S: `machine#${index % MACHINES}` },
          report: { S: JSON.stringify(report(index % MACHINES)) },
        },
      }),
    );
  const sendReport = (index: number) => gateway.send(report(index % MACHINES));

  // Untimed: both paths once over first, so that neither is timed on a colder DynamoDB Local JVM.
  await timed(WARM_UP_REPORTS, 4 * PHASE_MS, PARALLEL, sendReport);
  await timed(WARM_UP_REPORTS, 4 * PHASE_MS, PARALLEL, putItem);

  // Timed, unmetered, in the order gateway, raw, raw, gateway: DynamoDB Local's JVM keeps speeding
  // up (and the machine's slow patches come and go), which would otherwise favour whichever path
  // runs later. Each path's rate is over its two phases together.
  const abba = async (parallel: number) => {
    const gateway1 = await timed(PHASE_REPORTS, PHASE_MS, parallel, sendReport);
    const raw1 = await timed(PHASE_REPORTS, PHASE_MS, parallel, putItem);
    const raw2 = await timed(PHASE_REPORTS, PHASE_MS, parallel, putItem);
    const gateway2 = await timed(PHASE_REPORTS, PHASE_MS, parallel, sendReport);
    const both = (a: Run, b: Run): Run => ({ done: a.done + b.done, ms: a.ms + b.ms });
    return { gateway: both(gateway1, gateway2), raw: both(raw1, raw2) };
  };
  const { gateway: sequential, raw: rawSequential } = await abba(1);
  const { gateway: parallel, raw: rawParallel } = await abba(PARALLEL);
  raw.destroy();

  // An unchanged report: the same machine sending exactly what it sent last.
  const same = report(0);
  await gateway.send(same);
  const unchanged = await metered(async () => {
    for (let run = 0; run < 5; run++) await gateway.send(same);
  });

  // A first report of a machine with 1,000 programs.
  const large = await metered(() => gateway.send(report(MACHINES + 1, LARGE_PROGRAMS)));

  // The handler alone, invoked as the gateway invokes it, at the production log level.
  const invoke = async (body: string) => {
    const event = reportEvent(key, body);
    const started = performance.now();
    const result = await reportsHandler(event, lambdaContext(event.requestContext.requestId));
    const ms = performance.now() - started;
    if (result.statusCode !== 202)
      throw new Error(`Handler answered ${result.statusCode}: ${result.body ?? ''}`);
    return ms;
  };
  for (let run = 0; run < HANDLER_WARM_UP; run++) await invoke(JSON.stringify(report(run % MACHINES)));
  const previousLevel = logger.getLevelName();
  logger.setLogLevel('INFO');
  const handlerRuns = await capturingOutput(async () => {
    const times: number[] = [];
    for (let run = 0; run < HANDLER_RUNS; run++)
      times.push(await invoke(JSON.stringify(report(run % MACHINES))));
    return times;
  }).finally(() => logger.setLogLevel(previousLevel));

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
  const handlerMs = median(handlerRuns.result);

  const inputs: ReportInputs = {
    requestBytes: Buffer.byteLength(JSON.stringify(report(0))),
    responseBytes,
    writeUnitsPerReport: steadyWru,
    readUnitsPerReport: steadyRru,
    handlerMs,
    memoryMb: reportSettings.memoryMb,
    handlerLogBytes: handlerRuns.bytes / HANDLER_RUNS,
    handlerLogEvents: handlerRuns.lines / HANDLER_RUNS,
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
