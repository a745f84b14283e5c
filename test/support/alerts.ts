import { expect } from 'vitest';
import type { AlertSettings, AlertSettingsUpdate, DigestSendResponse } from '../../shared/alerts';
import { api, sentEmails } from './api';
import type { SendRequest, SentEmail } from './stack-client';

/** The alert digest's calls (functions/alerts), over HTTP unless given callHandler. */

export async function setAlertSettings(
  token: string,
  update: AlertSettingsUpdate,
  send: SendRequest = api,
): Promise<AlertSettings> {
  const response = await send<AlertSettings>('/api/me/alerts', { method: 'PATCH', token, body: update });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

export async function sendDigestNow(token: string, send: SendRequest = api): Promise<DigestSendResponse> {
  const response = await send<DigestSendResponse>('/api/alerts/digest', { method: 'POST', token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** The alert digests the outbox holds for an address, newest first. */
export async function digestsSentTo(email: string): Promise<SentEmail[]> {
  return (await sentEmails()).filter(
    (sent) => sent.to === email && sent.subject.startsWith('IT Asset Auditor: '),
  );
}

/**
 * The alerts routes as the tenant matrix (test/reliability/tenant-matrix.test.ts) calls them: each
 * acts on the caller's own settings and organisation, so an outsider reaches nothing of the victim's.
 */
export const ALERTS_OWN_CALLS = {
  'GET /api/me/alerts': { ownStatus: 200 },
  'PATCH /api/me/alerts': { ownStatus: 200, options: { body: { alert_digest: true } } },
  'POST /api/alerts/digest': { ownStatus: 200 },
};
