import { describe, expect, it } from 'vitest';
import { cutMessage } from '../../functions/agent-reports/sections';
import { agentMachineSchema, agentReportSchema } from '../../shared/agent-data';
import { api, signUpUnlimitedCompany } from '../support/api';
import { createKey, machine, sendReport } from '../support/agents';
import { callHandler } from '../support/handlers';

/**
 * Issue 35: a schema-valid report of 20,000 programs (3.9 MB) was refused with 413 on every try, so
 * that machine never reported software. Now it is accepted on the first try, its list stored cut
 * to what one report can store and marked stale saying so; the next report that fits clears it.
 */
const programs = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `Program ${index} ${'x'.repeat(150)}`,
    version: `${index}.0.0`,
  }));

describe('a report larger than one report can store', () => {
  it('is accepted on the first try, its list stored cut and marked stale', async () => {
    const company = await signUpUnlimitedCompany('Big Report Co');
    const { key } = await createKey(company);
    const body = machine({ machine_id: 'BIG-PC', hostname: 'BIG-PC', installed_software: programs(20_000) });
    expect(agentReportSchema.safeParse(body).success).toBe(true);
    const bytes = Buffer.byteLength(JSON.stringify(body));
    expect(bytes).toBeGreaterThan(3_800_000);

    // In process (the real handler on DynamoDB Local): a first report of 17,000 new programs takes
    // over 20 s on this busy 2-core machine, near the local gateway's 29 s function timeout.
    const answer = await sendReport(key, body, callHandler);
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(202);
    const stored = agentMachineSchema.parse(
      (await api('/api/agents/BIG-PC', { token: company.accessToken })).body,
    );
    const kept = stored.installed_software.length;
    expect(kept).toBeGreaterThan(10_000);
    expect(kept).toBeLessThan(20_000);
    // The first entries, as reported: a cut, not a sample.
    expect(stored.installed_software[kept - 1]?.name).toBe(body.installed_software![kept - 1]!.name);
    expect(stored.stale_sections.installed_software?.error).toBe(cutMessage(kept, 20_000));
    console.log(
      `[integration] a ${(bytes / 1_000_000).toFixed(1)} MB report of 20,000 programs: 202, ${kept} stored, marked stale`,
    );

    // The same report again is a heartbeat that keeps the mark; one that fits clears it.
    expect((await sendReport(key, body, callHandler)).status).toBe(202);
    const again = agentMachineSchema.parse(
      (await api('/api/agents/BIG-PC', { token: company.accessToken })).body,
    );
    expect(again.stale_sections.installed_software?.error).toBe(cutMessage(kept, 20_000));
    const fits = machine({ machine_id: 'BIG-PC', hostname: 'BIG-PC', installed_software: programs(1_000) });
    expect((await sendReport(key, fits, callHandler)).status).toBe(202);
    const after = agentMachineSchema.parse(
      (await api('/api/agents/BIG-PC', { token: company.accessToken })).body,
    );
    expect(after.installed_software).toHaveLength(1_000);
    expect(after.stale_sections.installed_software).toBeUndefined();
  }, 120_000);
});
