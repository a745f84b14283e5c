import { expect } from 'vitest';
import type { MeResponse } from '../../shared/api';
import type { Invitation, InvitationByToken, InvitationListResponse } from '../../shared/invitations';
import { api, type TestCompany } from './api';
import type { SendRequest } from './stack-client';

/**
 * The invitation calls as the invitation tests make them: over HTTP to the run's stack, or straight
 * to the handlers when given callHandler (./handlers.ts).
 */
export function invitationCalls(send: SendRequest) {
  function invite(company: TestCompany, body: Record<string, unknown>) {
    return send<Invitation & { error: { message: string } }>('/api/invitations', {
      method: 'POST',
      token: company.accessToken,
      body,
    });
  }

  async function pending(token: string): Promise<Invitation[]> {
    const response = await send<InvitationListResponse>('/api/invitations', { token });
    expect(response.status).toBe(200);
    return response.body.items;
  }

  /** The invitation behind a link's token, as the app asks for it (POST /api/invitations/lookup). */
  function byToken(token: string, headers?: Record<string, string>) {
    return send<InvitationByToken & { error: { message: string } }>('/api/invitations/lookup', {
      method: 'POST',
      body: { token },
      ...(headers ? { headers } : {}),
    });
  }

  function signUpInvited(token: string, email: string, password = 'secret-pass-2') {
    return send<{ message: string; error: { message: string } }>('/api/auth/signup', {
      method: 'POST',
      body: { email, password, full_name: 'Ivy Invited', invite_token: token },
    });
  }

  async function me(accessToken: string): Promise<MeResponse> {
    return (await send<MeResponse>('/api/me', { token: accessToken })).body;
  }

  function resend(company: TestCompany, id: string) {
    return send<Invitation & { error: { code: string; message: string } }>(`/api/invitations/${id}/resend`, {
      method: 'POST',
      token: company.accessToken,
    });
  }

  return { invite, pending, byToken, signUpInvited, me, resend };
}

export const { invite, pending, byToken, signUpInvited, me, resend } = invitationCalls(api);
