import { describe, expect, it } from 'vitest';
import type { ReportInputs } from './agents';
import { monitoringCost, monthlyCost, tracesPerSecond } from './cost';

/** Round numbers, so that each line can be worked out by hand. */
const inputs: ReportInputs = {
  requestBytes: 10_000,
  responseBytes: 50,
  writeUnitsPerReport: 2,
  changedReportExtraWriteUnits: 25,
  readUnitsPerReport: 3,
  handlerMs: 49.2, // billed as 50 ms
  memoryMb: 512,
  handlerLogBytes: 0,
  handlerLogEvents: 0,
  platformLogBytes: 300,
  platformLogEvents: 3,
  storageBytesPerDevice: 10_000,
  tracingActive: false,
};
const monitoring = { alarmMetrics: 10, dashboards: 1, dashboardMetrics: 40 };
const GB = 1024 ** 3;

const line = (breakdown: ReturnType<typeof monthlyCost>, service: string, item: string) => {
  const found = breakdown.lines.find(
    (candidate) => candidate.service === service && candidate.item.startsWith(item),
  );
  if (!found) throw new Error(`No line ${service}: ${item}`);
  return found.usd;
};

describe('monthlyCost', () => {
  it('prices 1,000 devices line by line', () => {
    const cost = monthlyCost(1_000, inputs, { monitoring, cloudWatchFreeTier: false });
    // 1,000 devices × 48 reports a day × 30.4 days.
    const reports = 1_459_200;
    expect(cost.reportsPerMonth).toBeCloseTo(reports, 6);
    // Agents post to the function's URL: no CloudFront or API Gateway request charge.
    expect(cost.lines.map((each) => each.service)).not.toContain('CloudFront');
    expect(cost.lines.map((each) => each.service)).not.toContain('API Gateway');
    expect(line(cost, 'Lambda', 'function URL requests')).toBe(0);
    expect(line(cost, 'Lambda', 'answers out')).toBeCloseTo(((reports * 50) / GB) * 0.09, 6);
    expect(line(cost, 'Lambda', 'requests')).toBeCloseTo(0.29184, 6);
    // 0.5 GB × 0.050 s × $0.0000133334 per GB-second.
    expect(line(cost, 'Lambda', 'duration')).toBeCloseTo(reports * 0.5 * 0.05 * 0.0000133334, 6);
    expect(line(cost, 'DynamoDB', 'writes (')).toBeCloseTo(1.824, 6);
    // 2% of the reports carry a change, each 25 write units more: 1,459,200 × 0.02 × 25 × $0.625 / 1M.
    expect(line(cost, 'DynamoDB', 'writes of changes')).toBeCloseTo(0.456, 6);
    expect(line(cost, 'DynamoDB', 'reads')).toBeCloseTo(0.5472, 6);
    expect(line(cost, 'DynamoDB', 'storage')).toBeCloseTo(((1_000 * 10_000) / GB) * 0.25, 6);
    // 300 bytes and 26 bytes for each of 3 events.
    const logGb = (reports * 378) / GB;
    expect(line(cost, 'CloudWatch Logs', 'ingestion')).toBeCloseTo(logGb * 0.5, 6);
    expect(line(cost, 'CloudWatch Logs', 'storage')).toBeCloseTo(logGb * 0.03, 6);
    expect(line(cost, 'X-Ray', 'traces')).toBe(0);
    expect(line(cost, 'CloudWatch', 'alarms')).toBeCloseTo(10 * 0.1 + 3, 6);
    expect(cost.total).toBeCloseTo(
      cost.lines.reduce((sum, each) => sum + each.usd, 0),
      9,
    );
    // 0 + 0.006 + 0.292 + 0.486 + 1.824 + 0.456 + 0.547 + 0.002 + 0.257 + 0.015 + 0 + 4.
    expect(cost.total).toBeCloseTo(7.886, 2);
  });

  it('grows linearly with the fleet, apart from the fixed monitoring', () => {
    const variable = (devices: number) =>
      monthlyCost(devices, inputs, { monitoring }).total - monthlyCost(0, inputs, { monitoring }).total;
    expect(variable(100_000)).toBeCloseTo(100 * variable(1_000), 6);
    expect(variable(2_000)).toBeCloseTo(2 * variable(1_000), 9);
  });

  it('costs only storage and the fixed monitoring when idle', () => {
    const none = monthlyCost(0, inputs, { monitoring, cloudWatchFreeTier: false });
    expect(none.total).toBeCloseTo(4, 9);
    // Within CloudWatch's always-free tier, an idle stage costs its storage alone.
    expect(monthlyCost(0, inputs, { monitoring }).total).toBe(0);
    const idle = monthlyCost(1_000, inputs, {
      monitoring,
      cloudWatchFreeTier: false,
      reportsPerDevicePerDay: 0,
    });
    expect(idle.total - none.total).toBeCloseTo(line(idle, 'DynamoDB', 'storage'), 9);
    expect(line(idle, 'DynamoDB', 'storage')).toBeGreaterThan(0);
  });

  it('records a trace for about every report of a small traced fleet, and 5% of a large one', () => {
    expect(tracesPerSecond(0)).toBe(0);
    // 1,000 devices: 0.56 reports a second, most seconds hold at most one.
    const small = (1_000 * 48) / 86_400;
    expect(tracesPerSecond(small) / small).toBeGreaterThan(0.75);
    const large = (100_000 * 48) / 86_400;
    expect(tracesPerSecond(large)).toBeCloseTo(1 + 0.05 * (large - 1), 6);
    const traced = monthlyCost(1_000, { ...inputs, tracingActive: true }, { monitoring });
    expect(line(traced, 'X-Ray', 'traces')).toBeCloseTo(tracesPerSecond(small) * 30.4 * 86_400 * 5e-6, 6);
  });
});

describe('monitoringCost', () => {
  it('charges alarm metrics beyond the free 10, and no dashboard while it has at most 50 metrics', () => {
    expect(monitoringCost({ alarmMetrics: 12, dashboards: 1, dashboardMetrics: 50 }, true)).toBeCloseTo(
      0.2,
      9,
    );
    expect(monitoringCost({ alarmMetrics: 8, dashboards: 1, dashboardMetrics: 50 }, true)).toBe(0);
    expect(monitoringCost({ alarmMetrics: 12, dashboards: 1, dashboardMetrics: 51 }, true)).toBeCloseTo(
      3.2,
      9,
    );
  });

  it('charges everything at list price when the free tier is used elsewhere', () => {
    expect(monitoringCost({ alarmMetrics: 12, dashboards: 1, dashboardMetrics: 46 }, false)).toBeCloseTo(
      4.2,
      9,
    );
  });
});
