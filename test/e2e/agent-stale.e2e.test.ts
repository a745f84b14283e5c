import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { agentReportSchema, type AgentReportInput } from '../../shared/agent-data';
import { recordAgentReport } from '../../functions/agent-reports/service';
import { api, signUpCompany, useFunctionEnv, type TestCompany } from '../support/api';
import { enrolInProcess, machine } from '../support/agents';
import { openAndSignIn, useChromiumPage } from '../support/browser';

/**
 * A machine whose latest report could not collect some sections (issue 24): the machine view says
 * so above each, and still shows what the last good report had.
 */
const currentPage = useChromiumPage();
const page = () => currentPage();
const SLOW = { timeout: 15_000 };

/** A report recorded at a set time, through the data layer, as the route would have. */
async function reportedAt(company: TestCompany, at: string, body: AgentReportInput) {
  const me = await api<MeResponse>('/api/me', { token: company.accessToken });
  useFunctionEnv();
  const device = await enrolInProcess(me.body.organization.id, body, new Date(at));
  await recordAgentReport(device, agentReportSchema.parse(body), new Date(at));
}

const section = (name: RegExp) => page().getByRole('region', { name });

describe('a machine with stale sections in Chromium', () => {
  it('says which sections could not be collected, when and why, above their last data', async () => {
    const company = await signUpCompany();
    const programs = [
      { name: '7-Zip', version: '23.01' },
      { name: 'Notepad++', version: '8.6.2' },
    ];
    await reportedAt(company, '2026-11-24T12:00:00.000Z', machine({ installed_software: programs }));
    // Without any field of the system section (SPEC's three and issue 27's identity).
    const {
      os_version: _v,
      service_tag: _t,
      logged_in_user: _u,
      manufacturer: _m,
      model: _mo,
      bios_version: _b,
      os_build: _ob,
      domain: _d,
      last_boot: _l,
      ...withoutSystem
    } = machine({
      installed_software: [],
      collection_errors: [{ section: 'installed_software', message: 'PowerShell timed out' }],
    });
    await reportedAt(company, '2026-11-25T12:00:00.000Z', withoutSystem);

    await openAndSignIn(page(), '/assets?machine=MACHINE-GUID-1', company);
    const software = section(/^Installed software/);
    const notice = software.getByRole('note');
    await expect
      .poll(() => notice.textContent(), SLOW)
      .toBe('Installed software could not be collected on 25 Nov 2026: PowerShell timed out');
    // The programs of the last report that listed them, below the notice.
    expect(await software.getByRole('heading').textContent()).toBe('Installed software (2)');
    expect(await software.getByRole('row').filter({ hasText: 'Notepad++' }).count()).toBe(1);

    const overview = section(/^Overview/);
    expect(await overview.getByRole('note').textContent()).toBe(
      'System could not be collected on 25 Nov 2026: Not included in the report',
    );
    expect(await overview.textContent()).toContain('5CG1234XYZ');
    // Sections the report collected say nothing.
    for (const name of [/^CPU & Memory/, /^Storage/, /^Printers/, /^Shared folders/]) {
      expect(await section(name).getByRole('note').count()).toBe(0);
    }
  }, 60_000);
});
