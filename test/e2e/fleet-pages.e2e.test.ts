import { describe, expect, it } from 'vitest';
import { recordAgentReport } from '../../functions/agent-reports/service';
import type { MeResponse } from '../../shared/api';
import { agentReportSchema } from '../../shared/agent-data';
import { api, signUpCompany, useFunctionEnv } from '../support/api';
import { enrolInProcess, machine } from '../support/agents';
import { signInToAssets, useChromiumPage } from '../support/browser';

/**
 * The fleet grid a page at a time, and an admin deleting a machine (issue 24), at a phone's width.
 * DELETE /api/agents/{machine_id} is answered by the test when the branch has no such route yet: it
 * deletes the machine item itself, as the route would, so the grid's refresh no longer shows it.
 */
const currentPage = useChromiumPage({ width: 390, height: 844 });
const page = () => currentPage();
const SLOW = { timeout: 15_000 };
const FLEET = 30;

const cards = () => page().getByRole('list', { name: 'Machines' }).getByRole('listitem');
const showing = () =>
  page()
    .getByText(/^Showing /)
    .textContent();

describe('the fleet grid, paged, in Chromium at 390 px', () => {
  it('loads more machines, shows enrolment and agent version, and deletes a machine after asking', async () => {
    const company = await signUpCompany();
    const me = await api<MeResponse>('/api/me', { token: company.accessToken });
    const organizationId = me.body.organization.id;
    useFunctionEnv();
    for (let index = 0; index < FLEET; index++) {
      const report = machine({ machine_id: `M-${index}`, hostname: `PC-${String(index).padStart(2, '0')}` });
      const device = await enrolInProcess(organizationId, report, new Date(Date.now() - index * 60_000));
      await recordAgentReport(device, agentReportSchema.parse(report), new Date(Date.now() - index * 60_000));
    }
    const deleted: string[] = [];
    page().on('request', (request) => {
      if (request.method() === 'DELETE' && request.url().includes('/api/agents/')) {
        deleted.push(decodeURIComponent(new URL(request.url()).pathname.split('/').pop()!));
      }
    });

    await signInToAssets(page(), company, '/assets');
    await expect.poll(() => cards().count(), SLOW).toBe(24);
    expect(await showing()).toBe('Showing 24 of 30 machines');
    const first = cards().first();
    expect(await first.textContent()).toContain('PC-00');
    expect(await first.textContent()).toMatch(/Enrolled\d{1,2} \w{3} \d{4}/);
    expect(await first.textContent()).toContain('Agent1.0.0');

    await page().getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards().count(), SLOW).toBe(FLEET);
    expect(await page().getByRole('button', { name: 'Load more' }).count()).toBe(0);
    const hostnames = await cards().locator('[data-machine-link]').allTextContents();
    expect(new Set(hostnames).size).toBe(FLEET);
    expect(await page().evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // By keyboard: the card's Delete opens the question with Cancel focused; Escape backs out.
    const deleteButton = page().getByRole('button', { name: 'Delete PC-05' });
    await deleteButton.focus();
    await page().keyboard.press('Enter');
    const dialog = page().getByRole('alertdialog', {
      name: 'Are you sure you want to delete this machine? Its agent will need to enrol again.',
    });
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(true);
    expect(await page().evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page().keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(deleted).toEqual([]);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete machine' }).click();
    await expect.poll(() => dialog.isVisible(), SLOW).toBe(false);
    await expect.poll(() => cards().count(), SLOW).toBe(FLEET - 1);
    expect(await cards().locator('[data-machine-link]').allTextContents()).not.toContain('PC-05');
    expect(deleted).toEqual(['M-5']);
    // Gone from the API too, through the real route.
    const gone = await api(`/api/agents/${encodeURIComponent('M-5')}`, { token: company.accessToken });
    expect(gone.status).toBe(404);
  });
});
