import { describe, expect, it } from 'vitest';
import { ENROLMENTS_PER_MINUTE, REPORTS_PER_MINUTE } from '../../shared/agent-data';
import { createKey, deviceHeaders, enrollDevice, machine } from '../support/agents';
import {
  callHandler,
  callHandlerWithHeaders,
  signUpCompanyInProcess as signUpCompany,
  useHandlerClock,
} from '../support/handlers';

/** The agent channel's rate limits on the handlers' clock (issue 24): fixed one-minute windows. */
const clock = useHandlerClock();

describe('rate limits', () => {
  it(`refuses a device's report past ${REPORTS_PER_MINUTE} a minute with 429 and Retry-After`, async () => {
    clock.set('2026-05-04T10:00:15.000Z');
    const { key } = await createKey(await signUpCompany(), callHandler);
    const token = await enrollDevice(key, machine(), callHandler);
    const report = () =>
      callHandlerWithHeaders('/api/agent/report', {
        method: 'POST',
        headers: deviceHeaders(token),
        body: machine(),
      });
    for (let sent = 0; sent < REPORTS_PER_MINUTE; sent++) {
      clock.set(`2026-05-04T10:00:${String(15 + sent).padStart(2, '0')}.000Z`);
      expect((await report()).status, `report ${sent + 1}`).toBe(202);
    }
    clock.set('2026-05-04T10:00:30.000Z');
    const refused = await report();
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'too_many_requests' } } });
    expect(refused.headers['retry-after']).toBe('30');
    clock.set('2026-05-04T10:01:00.000Z');
    expect((await report()).status).toBe(202);
  });

  it(`refuses an organisation's enrolment past ${ENROLMENTS_PER_MINUTE} a minute with 429 and Retry-After`, async () => {
    clock.set('2026-05-04T11:00:00.000Z');
    const { key } = await createKey(await signUpCompany(), callHandler);
    const enrol = (index: number) =>
      callHandlerWithHeaders('/api/agent/enroll', {
        method: 'POST',
        headers: { 'x-api-key': key },
        body: { machine_id: `FLOOD-${index}`, hostname: `PC-${index}` },
      });
    // The trial's machine limit is lower than the rate: enrolling an enrolled machine again counts
    // as well, each held for approval without its device's token (issue 35).
    for (let index = 0; index < ENROLMENTS_PER_MINUTE; index++) {
      expect((await enrol(index % 3)).status, `enrolment ${index + 1}`).toBe(index < 3 ? 201 : 202);
    }
    clock.set('2026-05-04T11:00:50.500Z');
    const refused = await enrol(0);
    expect(refused).toMatchObject({ status: 429, body: { error: { code: 'too_many_requests' } } });
    expect(refused.headers['retry-after']).toBe('10');
    clock.set('2026-05-04T11:01:00.000Z');
    expect((await enrol(0)).status).toBe(202);
  });

  it('refuses an unknown token with 401 before reading a 4 MB body that is not even JSON', async () => {
    const refused = await callHandler('/api/agent/report', {
      method: 'POST',
      headers: { ...deviceHeaders(`dt_01HZXAMPLEORG.${'C'.repeat(43)}`), 'content-type': 'application/json' },
      rawBody: '{'.repeat(4 * 1024 * 1024),
    });
    expect(refused).toMatchObject({ status: 401, body: { error: { code: 'invalid_device_token' } } });
  });
});
