/**
 * What agent reports cost in AWS per month: a pure model (monthlyCost) of list prices times the
 * inputs test/bench/agents.ts measures through the local stack. Run it directly to measure and
 * print: `npx tsx test/bench/cost.ts [devices…]` (default 1,000 and 100,000); it exits 1 when a
 * budget is broken. docs/cost.md explains the method and the figures.
 */
import { pathToFileURL } from 'node:url';
import { GLOBAL_INDEXES } from '../../functions/lib/table/definition';
import { featuresInUse } from '../../functions/routes';
import { AGENT_REPORT_INTERVAL_MINUTES } from '../../shared/agent-data';
import type { ReportInputs } from './agents';
import { reportTable, withinBudget, type Figure } from './report';

// ---- List prices, US East (N. Virginia), on-demand; checked 2026-11-23. Free tiers: only CloudWatch's (below) ----

const PER_MILLION = 1 / 1_000_000;
const GB = 1024 ** 3;

/** https://aws.amazon.com/lambda/pricing/ — Arm, first 7.5 billion GB-seconds a month. */
export const LAMBDA_ARM_GB_SECOND_USD = 0.0000133334;
/** https://aws.amazon.com/lambda/pricing/ — $0.20 per 1M requests. */
export const LAMBDA_REQUEST_USD = 0.2 * PER_MILLION;
/** https://aws.amazon.com/dynamodb/pricing/on-demand/ — $0.625 per million WRU since the 1 Nov 2024 cut (was $1.25). */
export const DYNAMODB_WRU_USD = 0.625 * PER_MILLION;
/** https://aws.amazon.com/dynamodb/pricing/on-demand/ — $0.125 per million RRU since the 1 Nov 2024 cut (was $0.25). */
export const DYNAMODB_RRU_USD = 0.125 * PER_MILLION;
/** https://aws.amazon.com/dynamodb/pricing/on-demand/ — Standard table class, per GB-month (first 25 GB free, not counted). */
export const DYNAMODB_STORAGE_GB_MONTH_USD = 0.25;
/** https://aws.amazon.com/cloudwatch/pricing/ — Logs, Standard ingestion (Lambda's vended tier starts at the same $0.50). */
export const LOGS_INGESTED_GB_USD = 0.5;
/** https://aws.amazon.com/cloudwatch/pricing/ — Logs storage (archival), per GB-month. */
export const LOGS_STORED_GB_MONTH_USD = 0.03;
/** https://aws.amazon.com/cloudwatch/pricing/ — standard-resolution alarm, per metric it evaluates. */
export const ALARM_METRIC_MONTH_USD = 0.1;
/** https://aws.amazon.com/cloudwatch/pricing/ — dashboard per month (beyond the account's first 3). */
export const DASHBOARD_MONTH_USD = 3.0;
/**
 * https://aws.amazon.com/cloudwatch/pricing/ — CloudWatch's always-free tier, every month: 10
 * standard-resolution alarm metrics, and 3 dashboards of up to 50 metrics each. The only free tier
 * the model counts: it covers the one cost a stage pays whatever its fleet, and the monitoring stack
 * is sized to fit it (test/infra/monitoring-stack.test.ts); usage stays at list price.
 */
export const FREE_ALARM_METRICS = 10;
export const FREE_DASHBOARDS = 3;
export const FREE_DASHBOARD_METRICS = 50;
/** https://aws.amazon.com/xray/pricing/ — traces recorded, $5.00 per million (first 100,000 a month free, not counted). */
export const XRAY_TRACE_RECORDED_USD = 5.0 * PER_MILLION;
/**
 * https://aws.amazon.com/lambda/pricing/ — data out of a function is charged at EC2's rates:
 * https://aws.amazon.com/ec2/pricing/on-demand/ — to the internet, first 10 TB a month (the
 * account's first 100 GB free, not counted). Data in is free.
 */
export const DATA_OUT_TO_INTERNET_GB_USD = 0.09;
/**
 * https://aws.amazon.com/lambda/pricing/ — a function URL has no charge of its own: its requests
 * are the function's invocations. Agents post there (infra/aws/api-stack.ts), not through
 * CloudFront ($0.0100 per 10,000 HTTPS requests) and the HTTP API ($1.00 per million), which
 * together were half of a report's price.
 */
export const FUNCTION_URL_REQUEST_USD = 0;

/**
 * Lambda's active tracing samples the first request each second and 5% of the others, and that
 * rate cannot be configured for a function (Lambda developer guide, "Visualize Lambda function
 * invocations using AWS X-Ray": https://docs.aws.amazon.com/lambda/latest/dg/services-xray.html).
 */
export const XRAY_RESERVOIR_PER_SECOND = 1;
export const XRAY_FIXED_RATE = 0.05;

/**
 * CloudWatch Logs counts 26 bytes per event on top of its message (PutLogEvents' batch size); the
 * model charges them as ingested data, which errs on the side of cost.
 */
export const LOG_EVENT_OVERHEAD_BYTES = 26;

export const DAYS_PER_MONTH = 30.4;
const SECONDS_PER_MONTH = DAYS_PER_MONTH * 86_400;
export const REPORTS_PER_DEVICE_PER_DAY = (24 * 60) / AGENT_REPORT_INTERVAL_MINUTES;

/**
 * Throttle metrics of the table and of each index that copies whole items, reads and writes apart
 * (the fleet's indexes are not alarmed apart: infra/aws/monitoring-stack.ts).
 */
const TABLE_THROTTLE_METRICS = 2 * (1 + GLOBAL_INDEXES.filter((index) => !index.include).length);

/**
 * CloudWatch resources that cost the same whatever the fleet (infra/aws/monitoring-stack.ts; its
 * test checks these counts against the synthesised stack).
 */
export const MONITORING: Monitoring = {
  // The API 5xx rate (5xx and requests), Lambda's account-wide errors and throttles, ServerErrors
  // of all features, Stripe webhook failures, the table's throttles.
  alarmMetrics: 2 + 2 + 1 + 1 + TABLE_THROTTLE_METRICS,
  dashboards: 1,
  // API requests, 4xx, 5xx and two latencies; per function its invocations and duration; Lambda's
  // errors and throttles, ServerErrors, webhook failures; the table's read and write units and throttles.
  dashboardMetrics: 5 + 2 * featuresInUse().length + 4 + 2 + TABLE_THROTTLE_METRICS,
};

export interface Monitoring {
  alarmMetrics: number;
  dashboards: number;
  /** Metrics on each dashboard: above 50, a dashboard is no longer in the free tier. */
  dashboardMetrics: number;
}

/**
 * The fixed monitoring's price a month: at list price when the account has used its free
 * CloudWatch allowance elsewhere, otherwise what is beyond it.
 */
export function monitoringCost(monitoring: Monitoring, freeTier: boolean): number {
  const freeAlarmMetrics = freeTier ? FREE_ALARM_METRICS : 0;
  const freeDashboards =
    freeTier && monitoring.dashboardMetrics <= FREE_DASHBOARD_METRICS ? FREE_DASHBOARDS : 0;
  return (
    Math.max(0, monitoring.alarmMetrics - freeAlarmMetrics) * ALARM_METRIC_MONTH_USD +
    Math.max(0, monitoring.dashboards - freeDashboards) * DASHBOARD_MONTH_USD
  );
}

export interface CostLine {
  service: string;
  item: string;
  usd: number;
}

export interface CostBreakdown {
  devices: number;
  reportsPerMonth: number;
  lines: CostLine[];
  total: number;
}

/**
 * X-Ray traces a Lambda records per second when requests arrive at random (Poisson) at `perSecond`:
 * the reservoir's one if any came, and 5% of the rest.
 */
export function tracesPerSecond(perSecond: number): number {
  const reservoir = XRAY_RESERVOIR_PER_SECOND * (1 - Math.exp(-perSecond / XRAY_RESERVOIR_PER_SECOND));
  return reservoir + XRAY_FIXED_RATE * (perSecond - reservoir);
}

/** The share of reports that carry a change (issue 27's cost model): priced at the measured changed report. */
export const CHANGED_REPORT_SHARE = 0.02;

export interface CostOptions {
  /** 48 (every 30 minutes) unless told; 0 prices an idle fleet: its data, no traffic. */
  reportsPerDevicePerDay?: number;
  monitoring?: Monitoring;
  /**
   * Whether CloudWatch's always-free allowance is left for the monitoring: true (the default) for a
   * stage in an AWS account of its own, as AWS's multi-account guidance has it.
   */
  cloudWatchFreeTier?: boolean;
}

/** USD a month for `devices` reporting every 30 minutes, each line priced from `inputs`. */
export function monthlyCost(devices: number, inputs: ReportInputs, options: CostOptions = {}): CostBreakdown {
  const perDay = options.reportsPerDevicePerDay ?? REPORTS_PER_DEVICE_PER_DAY;
  const monitoring = options.monitoring ?? MONITORING;
  const freeTier = options.cloudWatchFreeTier ?? true;
  const reports = devices * perDay * DAYS_PER_MONTH;
  const billedSeconds = Math.ceil(inputs.handlerMs) / 1000;
  const logBytes =
    inputs.handlerLogBytes +
    inputs.platformLogBytes +
    LOG_EVENT_OVERHEAD_BYTES * (inputs.handlerLogEvents + inputs.platformLogEvents);
  const logGb = (reports * logBytes) / GB;
  const traces = inputs.tracingActive ? tracesPerSecond(reports / SECONDS_PER_MONTH) * SECONDS_PER_MONTH : 0;
  const lines: CostLine[] = [
    { service: 'Lambda', item: 'function URL requests', usd: reports * FUNCTION_URL_REQUEST_USD },
    {
      service: 'Lambda',
      item: 'answers out to the internet',
      usd: ((reports * inputs.responseBytes) / GB) * DATA_OUT_TO_INTERNET_GB_USD,
    },
    { service: 'Lambda', item: 'requests', usd: reports * LAMBDA_REQUEST_USD },
    {
      service: 'Lambda',
      item: `duration (${inputs.memoryMb} MB × ${Math.ceil(inputs.handlerMs)} ms, arm64)`,
      usd: reports * (inputs.memoryMb / 1024) * billedSeconds * LAMBDA_ARM_GB_SECOND_USD,
    },
    {
      service: 'DynamoDB',
      item: `writes (${inputs.writeUnitsPerReport.toFixed(1)} WRU a report)`,
      usd: reports * inputs.writeUnitsPerReport * DYNAMODB_WRU_USD,
    },
    {
      service: 'DynamoDB',
      item: `writes of changes (${CHANGED_REPORT_SHARE * 100}% of reports, ${inputs.changedReportExtraWriteUnits.toFixed(1)} WRU more each)`,
      usd: reports * CHANGED_REPORT_SHARE * inputs.changedReportExtraWriteUnits * DYNAMODB_WRU_USD,
    },
    {
      service: 'DynamoDB',
      item: `reads (${inputs.readUnitsPerReport.toFixed(1)} RRU a report)`,
      usd: reports * inputs.readUnitsPerReport * DYNAMODB_RRU_USD,
    },
    {
      service: 'DynamoDB',
      item: 'storage',
      usd: ((devices * inputs.storageBytesPerDevice) / GB) * DYNAMODB_STORAGE_GB_MONTH_USD,
    },
    {
      service: 'CloudWatch Logs',
      item: `ingestion (${Math.round(logBytes)} B a report)`,
      usd: logGb * LOGS_INGESTED_GB_USD,
    },
    // Log groups keep one month (infra/aws/function.ts): one month's logs are stored.
    {
      service: 'CloudWatch Logs',
      item: 'storage (1-month retention)',
      usd: logGb * LOGS_STORED_GB_MONTH_USD,
    },
    {
      service: 'X-Ray',
      item: inputs.tracingActive ? 'traces recorded (1/s + 5%)' : 'traces recorded (tracing off for reports)',
      usd: traces * XRAY_TRACE_RECORDED_USD,
    },
    {
      service: 'CloudWatch',
      item: `alarms (${monitoring.alarmMetrics} metrics) and dashboard (${monitoring.dashboardMetrics} metrics), fixed${freeTier ? ', beyond the free tier' : ''}`,
      usd: monitoringCost(monitoring, freeTier),
    },
  ];
  return { devices, reportsPerMonth: reports, lines, total: lines.reduce((sum, line) => sum + line.usd, 0) };
}

const usd = (value: number) => `$${value.toFixed(value < 10 ? 3 : 2)}`;

export function formatBreakdown(breakdown: CostBreakdown): string {
  const width = Math.max(...breakdown.lines.map((line) => `${line.service}: ${line.item}`.length));
  return [
    `${breakdown.devices.toLocaleString('en-GB')} devices, ${Math.round(breakdown.reportsPerMonth).toLocaleString('en-GB')} reports a month:`,
    ...breakdown.lines.map(
      (line) => `  ${`${line.service}: ${line.item}`.padEnd(width)}  ${usd(line.usd).padStart(9)}`,
    ),
    `  ${'total'.padEnd(width)}  ${usd(breakdown.total).padStart(9)}`,
  ].join('\n');
}

/** Budgets in USD a month: $4 per 1,000 devices, and an idle fleet near zero beyond its storage. */
const BUDGET_PER_1000_DEVICES = 4;
const IDLE_BUDGET_USD = 0.5;

export function costFigures(
  inputs: ReportInputs,
  deviceCounts: readonly number[] = [1_000, 100_000],
): Figure[] {
  const figures: Figure[] = deviceCounts.map((devices) => {
    const breakdown = monthlyCost(devices, inputs);
    const top = [...breakdown.lines].sort((a, b) => b.usd - a.usd).slice(0, 3);
    return {
      section: 'Cost',
      name: `agent reports, ${devices.toLocaleString('en-GB')} devices`,
      value: breakdown.total,
      unit: 'USD/month',
      budget: { op: '<=', limit: (BUDGET_PER_1000_DEVICES * devices) / 1000 },
      detail: `largest: ${top.map((line) => `${line.service} ${line.item.split(' (')[0]} ${usd(line.usd)}`).join(', ')}`,
    };
  });
  // What each further 1,000 devices add: the bill without the monitoring every stage pays anyway.
  const atScale = monthlyCost(100_000, inputs);
  const fixed = monthlyCost(0, inputs).total;
  figures.push({
    section: 'Cost',
    name: 'agent reports, per 1,000 devices beyond the fixed monitoring',
    value: (atScale.total - fixed) / 100,
    unit: 'USD/month',
    budget: { op: '<=', limit: BUDGET_PER_1000_DEVICES },
    detail: `(${usd(atScale.total)} for 100,000 devices − ${usd(fixed)} of alarms and dashboard) ÷ 100`,
  });
  const idle = monthlyCost(1_000, inputs, { reportsPerDevicePerDay: 0 });
  const isTableStorage = (line: CostLine) => line.service === 'DynamoDB' && line.item === 'storage';
  const idleStorage = idle.lines.filter(isTableStorage).reduce((sum, line) => sum + line.usd, 0);
  figures.push({
    section: 'Cost',
    name: 'idle beyond storage, 1,000 devices stored, no reports',
    value: idle.total - idleStorage,
    unit: 'USD/month',
    budget: { op: '<=', limit: IDLE_BUDGET_USD },
    detail: `${usd(idle.total)} in all, of which storage ${usd(idleStorage)}; ${
      idle.lines
        .filter((line) => line.usd > 0 && !isTableStorage(line))
        .map((line) => `${line.service} ${line.item.split(' (')[0]} ${usd(line.usd)}`)
        .join(', ') || 'nothing else'
    }`,
  });
  figures.push({
    section: 'Cost',
    name: "fixed monitoring at list price (the account's free CloudWatch tier used elsewhere)",
    value: monitoringCost(MONITORING, false),
    unit: 'USD/month',
    detail: `${MONITORING.alarmMetrics} alarm metrics × ${usd(ALARM_METRIC_MONTH_USD)} + ${MONITORING.dashboards} dashboard × ${usd(DASHBOARD_MONTH_USD)}; 1,000 devices would then cost ${usd(monthlyCost(1_000, inputs, { cloudWatchFreeTier: false }).total)}`,
  });
  return figures;
}

async function main(deviceCounts: number[]): Promise<number> {
  const { withBenchStack, signUpCompany } = await import('./local-stack');
  const { measureAgentReports } = await import('./agents');
  return withBenchStack(async (stack) => {
    const company = await signUpCompany(stack, 'Bench Agents Ltd');
    const { figures, inputs } = await measureAgentReports(stack, company);
    console.log('\nMeasured inputs:', JSON.stringify(inputs, null, 2));
    for (const devices of deviceCounts) console.log(`\n${formatBreakdown(monthlyCost(devices, inputs))}`);
    console.log(`\n${formatBreakdown(monthlyCost(1_000, inputs, { reportsPerDevicePerDay: 0 }))}  (idle)`);
    const all = [...figures, ...costFigures(inputs, deviceCounts)];
    console.log(`\n${reportTable(all)}`);
    console.log(`\n${all.map((figure) => `${figure.name}: ${figure.detail ?? ''}`).join('\n')}`);
    return all.some((figure) => withinBudget(figure) === false) ? 1 : 0;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const counts = process.argv.slice(2).map(Number);
  if (counts.some((count) => !Number.isFinite(count) || count < 0)) {
    console.error('Usage: npx tsx test/bench/cost.ts [devices…]');
    process.exit(2);
  }
  main(counts.length ? counts : [1_000, 100_000]).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('\nThe cost bench failed:', error);
      process.exit(1);
    },
  );
}
