import { describe, expect, it } from 'vitest';
import type { OutboxEmail } from '../../infra/local/outbox';
import { LOCAL_SES_SEND_EMAIL_PATH } from '../../infra/local/ses';
import { baseUrl, uniqueEmail, useFunctionEnv } from '../support/api';

async function outbox(): Promise<OutboxEmail[]> {
  const response = await fetch(`${baseUrl()}/dev/outbox.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as OutboxEmail[];
}

describe('product email through SES', () => {
  it('sends through the SES v2 API, which the local stack delivers into the outbox', async () => {
    useFunctionEnv();
    // After the environment is in place: the config is read once, on first use.
    const { sendEmail } = await import('../../functions/lib/mail');
    const to = uniqueEmail('someone');
    await sendEmail({ to, subject: 'Hello', text: 'Line 1\nLine 2', html: '<p>Line 1<br>Line 2</p>' });

    const sent = (await outbox()).filter((email) => email.to === to);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to, subject: 'Hello', body: 'Line 1\nLine 2' });
  });

  it('refuses a malformed SendEmail request as SES does, with a 400 and a message', async () => {
    const before = (await outbox()).length;
    for (const body of [
      'not json',
      JSON.stringify({ Destination: { ToAddresses: [] }, Content: { Simple: {} } }),
      JSON.stringify({
        Destination: { ToAddresses: ['someone@example.test'] },
        Content: { Simple: { Subject: { Data: 'No body' } } },
      }),
    ]) {
      const response = await fetch(`${baseUrl()}${LOCAL_SES_SEND_EMAIL_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }
    expect(await outbox()).toHaveLength(before);
  });
});
