import { describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES, DIGEST_SENDS_PER_HOUR } from '../../shared/alerts';
import type { AgentReportInput } from '../../shared/agent-data';
import {
  addMember,
  api,
  apiWithHeaders,
  createHardwareAsset,
  signUpCompany,
  useFunctionEnv,
  type TestCompany,
} from '../support/api';
import { createKey, machine, sendReport } from '../support/agents';
import { digestsSentTo, sendDigestNow, setAlertSettings } from '../support/alerts';
import { dateIn } from '../support/dates';
import { callHandler, useHandlerClock } from '../support/handlers';

/**
 * The daily alert digest (issue 27) against the local stack: machines reported through the report
 * handler on the handlers' clock (so a machine can have been seen 30 hours ago), assets through the
 * API, the digest sent by POST /api/alerts/digest and by the scheduled run, read in the outbox.
 */
const clock = useHandlerClock();
const HOUR = 3_600_000;

/** The machine's report as of `hoursAgo` hours ago, through the real report route. */
async function reportedAgo(key: string, hoursAgo: number, report: Partial<AgentReportInput>) {
  clock.set(new Date(Date.now() - hoursAgo * HOUR).toISOString());
  const response = await sendReport(key, machine(report), callHandler);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  vi.useRealTimers();
}

const disk = (device: string, percent: number) => ({
  device,
  mountpoint: `${device}\\`,
  used_gb: percent,
  total_gb: 100,
  percent,
});

/** The lines of the digest email's section whose title starts so (up to the next blank line). */
const sectionOf = (body: string, title: string) =>
  body.split('\n\n').find((section) => section.startsWith(title)) ?? '';

async function fleetOf(company: TestCompany, prefix: string) {
  const { key } = await createKey(company);
  await reportedAgo(key, 30, {
    machine_id: `${prefix}-silent`,
    hostname: `${prefix}-SILENT-PC`,
    logged_in_user: 'ACME\\sam',
    storage_info: [disk('C:', 50)],
  });
  await reportedAgo(key, 5, {
    machine_id: `${prefix}-quiet`,
    hostname: `${prefix}-QUIET-PC`,
    storage_info: [disk('C:', 95)],
  });
  await reportedAgo(key, 0, {
    machine_id: `${prefix}-busy`,
    hostname: `${prefix}-BUSY-PC`,
    storage_info: [disk('C:', 80)],
  });
  // Sixty disks do not fit the machine item: its storage is stored in parts.
  await reportedAgo(key, 0, {
    machine_id: `${prefix}-nas`,
    hostname: `${prefix}-NAS`,
    storage_info: Array.from({ length: 60 }, (_, index) => disk(`/dev/sd${index}`, index === 42 ? 97 : 10)),
  });
  await createHardwareAsset(company, {
    manufacturer: 'Dell',
    model: `${prefix} Soon`,
    warranty_expiry: dateIn(20),
  });
  await createHardwareAsset(company, {
    manufacturer: 'Dell',
    model: `${prefix} Later`,
    warranty_expiry: dateIn(40),
  });
  await createHardwareAsset(company, {
    manufacturer: 'Dell',
    model: `${prefix} Gone`,
    warranty_expiry: dateIn(10),
    status: 'Disposed',
    disposal_reason: 'End of Life',
  });
}

describe('the alert digest', () => {
  it('tells each admin who opted in, by their own hours, and only about their organisation', async () => {
    const company = await signUpCompany('Digest Co');
    const other = await signUpCompany('Other Digest Co');
    await fleetOf(company, 'OWN');
    await fleetOf(other, 'FOREIGN');
    const watcher = await addMember(company, 'admin');
    const quiet = await addMember(company, 'admin');

    await setAlertSettings(company.accessToken, { alert_digest: true });
    expect(await setAlertSettings(watcher.token, { alert_digest: true, offline_hours: 4 })).toEqual({
      alert_digest: true,
      offline_hours: 4,
    });
    await setAlertSettings(other.accessToken, { alert_digest: true });

    const answer = await sendDigestNow(quiet.token);
    expect(answer.recipients.sort()).toEqual([company.email, watcher.email].sort());
    expect(answer).toMatchObject({
      sent: 2,
      // The asker's own hours (24): the machine silent for 30 hours.
      summary: { offline_machines: 1, expiring_warranties: 1, full_disks: 2 },
    });

    const [owners] = await digestsSentTo(company.email);
    expect(owners?.subject).toBe(
      'IT Asset Auditor: 1 machine offline, 1 warranty ending, 2 disks almost full',
    );
    const ownersBody = owners?.body ?? '';
    const offline = sectionOf(ownersBody, 'Machines offline for more than 24 hours: 1');
    expect(offline).toContain('OWN-SILENT-PC');
    expect(offline).toContain('ACME\\sam');
    expect(offline).not.toContain('OWN-QUIET-PC');
    const warranties = sectionOf(ownersBody, 'Warranties ending within 30 days: 1');
    expect(warranties).toContain('Dell OWN Soon');
    expect(warranties).not.toContain('OWN Later');
    expect(warranties).not.toContain('OWN Gone');
    const disks = sectionOf(ownersBody, 'Disks more than 90% full: 2');
    expect(disks).toMatch(/OWN-NAS \| \/dev\/sd42 .*\| 97%/);
    expect(disks).toMatch(/OWN-QUIET-PC \| C: \(C:\\\) \| 95%/);
    expect(disks).not.toContain('OWN-BUSY-PC');
    expect(ownersBody).not.toContain('FOREIGN');

    // 4 hours: the machine silent for 5 hours is offline too.
    const [watchers] = await digestsSentTo(watcher.email);
    expect(watchers?.subject).toBe(
      'IT Asset Auditor: 2 machines offline, 1 warranty ending, 2 disks almost full',
    );
    const watchersOffline = sectionOf(watchers?.body ?? '', 'Machines offline for more than 4 hours: 2');
    expect(watchersOffline).toContain('OWN-QUIET-PC');
    expect(watchersOffline).toContain('OWN-SILENT-PC');
    expect(watchersOffline).not.toContain('OWN-BUSY-PC');
    expect(watchers?.body).not.toContain('FOREIGN');

    expect(await digestsSentTo(quiet.email)).toEqual([]);
    expect(await digestsSentTo(other.email)).toEqual([]);
  });

  it('sends nothing when nobody opted in or there is nothing to say, and says so', async () => {
    const company = await signUpCompany('Silent Co');
    expect(await sendDigestNow(company.accessToken)).toEqual({
      sent: 0,
      recipients: [],
      summary: { offline_machines: 0, expiring_warranties: 0, full_disks: 0 },
      message: ALERT_MESSAGES.nobodyOptedIn,
    });
    await setAlertSettings(company.accessToken, { alert_digest: true });
    const { key } = await createKey(company);
    await reportedAgo(key, 0, { machine_id: 'fine', hostname: 'FINE-PC', storage_info: [disk('C:', 40)] });
    expect(await sendDigestNow(company.accessToken)).toMatchObject({
      sent: 0,
      message: ALERT_MESSAGES.nothingToReport,
    });
    expect(await digestsSentTo(company.email)).toEqual([]);
  });

  it(`sends at most ${DIGEST_SENDS_PER_HOUR} digests an hour per admin, whatever address it calls from`, async () => {
    const company = await signUpCompany('Chatty Co');
    const other = await addMember(company, 'admin');
    await setAlertSettings(company.accessToken, { alert_digest: true });
    const { key } = await createKey(company);
    await reportedAgo(key, 30, { machine_id: 'gone', hostname: 'GONE-PC' });
    // Each call comes from a new client address (api() makes one up): the limit is the admin's.
    for (let call = 0; call < DIGEST_SENDS_PER_HOUR; call++)
      expect((await sendDigestNow(company.accessToken)).sent).toBe(1);
    const refused = await apiWithHeaders('/api/alerts/digest', {
      method: 'POST',
      token: company.accessToken,
    });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: { message: ALERT_MESSAGES.tooManySends } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await digestsSentTo(company.email)).toHaveLength(DIGEST_SENDS_PER_HOUR);
    // Another admin of the organisation has a count of their own.
    expect((await sendDigestNow(other.token)).sent).toBe(1);
  });

  it('keeps the settings and the sending to admins', async () => {
    const company = await signUpCompany('Roles Co');
    const member = await addMember(company, 'user');
    for (const [method, path, body] of [
      ['GET', '/api/me/alerts', undefined],
      ['PATCH', '/api/me/alerts', { alert_digest: true }],
      ['POST', '/api/alerts/digest', undefined],
    ] as const) {
      const refused = await api(path, { method, token: member.token, ...(body ? { body } : {}) });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    expect((await api('/api/me/alerts', { token: company.accessToken })).body).toEqual({
      alert_digest: false,
      offline_hours: 24,
    });
    for (const offline_hours of [0, 721, 1.5, '24'])
      expect(
        (
          await api('/api/me/alerts', {
            method: 'PATCH',
            token: company.accessToken,
            body: { offline_hours },
          })
        ).status,
      ).toBe(400);
  });

  it('runs every organisation’s digest on schedule, once a day', async () => {
    const first = await signUpCompany('Scheduled One');
    const second = await signUpCompany('Scheduled Two');
    for (const company of [first, second]) {
      await setAlertSettings(company.accessToken, { alert_digest: true, offline_hours: 2 });
      const { key } = await createKey(company);
      await reportedAgo(key, 3, { machine_id: 'late', hostname: 'LATE-PC' });
    }
    useFunctionEnv();
    const { handler } = await import('../../functions/alerts/daily-digest');
    const outcome = await handler();
    expect(outcome.failed).toBe(0);
    for (const company of [first, second]) {
      const sent = await digestsSentTo(company.email);
      expect(sent.map((email) => email.subject)).toEqual(['IT Asset Auditor: 1 machine offline']);
    }
    // Run again the same day: each organisation already had its digest.
    await handler();
    for (const company of [first, second]) expect(await digestsSentTo(company.email)).toHaveLength(1);
  });
});
