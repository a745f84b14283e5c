import { decodeJwt, generateKeyPair, importJWK, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { MeResponse } from '../../shared/api';
import { routes, type RouteDefinition } from '../../functions/routes';
import { api, inviteTokenSentTo, signIn, signUpCompany, uniqueEmail, type ApiResponse } from '../support/api';
import { TEST_SUPER_ADMIN } from '../support/global-setup';
import { pathOf, SAMPLE_ID } from '../support/paths';
import { signingKey } from '../../infra/local/cognito-local-seam';

/**
 * Broken authentication, generated from functions/routes.ts so a new route is covered at once:
 * every signed-in route refuses a missing, malformed, foreign-signed or tampered token, an
 * expired token, and the still-valid token of a deleted user; every agent route refuses a missing,
 * unknown or deleted key. Other organisations and lower roles are tenant-matrix.test.ts's.
 */

function call(route: RouteDefinition, headers: Record<string, string>): Promise<ApiResponse> {
  return api(pathOf(route, SAMPLE_ID), {
    method: route.method,
    headers,
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
  });
}

/** A token with a real token's claims, signed by a key that is not the pool's. */
async function foreignSigned(realToken: string): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256');
  return new SignJWT(decodeJwt(realToken))
    .setProtectedHeader({ alg: 'RS256', kid: 'not-the-pool' })
    .sign(privateKey);
}

/**
 * A token signed by the pool's own key (cognito-local ships it) with the given lifetime in seconds
 * from now: a negative one is a genuinely expired token, which no other way can make in a test.
 */
async function poolSigned(realToken: string, secondsLeft: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...decodeJwt(realToken), iat: now - 7200, exp: now + secondsLeft })
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .sign(await importJWK(signingKey.jwk, 'RS256'));
}

/** A real token whose payload was edited (a later expiry), its signature left as it was. */
function tampered(realToken: string): string {
  const [header, payload, signature] = realToken.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { exp: number };
  claims.exp += 24 * 3600;
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('authentication on every route of the route table', () => {
  it('refuses every caller who is not who they claim', async () => {
    const company = await signUpCompany('Isolation Ltd');
    const { organization } = (await api<MeResponse>('/api/me', { token: company.accessToken })).body;

    // A member who is deleted keeps a token that is still well signed until it expires.
    const memberEmail = uniqueEmail('gone');
    expect(
      (
        await api('/api/invitations', {
          method: 'POST',
          token: company.accessToken,
          body: { email: memberEmail, role: 'user' },
        })
      ).status,
    ).toBe(201);
    const signup = await api('/api/auth/signup', {
      method: 'POST',
      body: {
        email: memberEmail,
        password: 'gone-pass-1',
        full_name: 'Gone Member',
        invite_token: await inviteTokenSentTo(memberEmail),
      },
    });
    expect(signup.status).toBe(201);
    const memberToken = (await signIn(memberEmail, 'gone-pass-1')).AccessToken!;
    const member = (await api<MeResponse>('/api/me', { token: memberToken })).body.profile;
    const root = (await signIn(TEST_SUPER_ADMIN.email, TEST_SUPER_ADMIN.password)).AccessToken!;
    expect((await api(`/api/users/${member.id}`, { method: 'DELETE', token: root })).status).toBeLessThan(
      300,
    );

    // An agent key that worked, then was deleted.
    const created = await api<{ id: string; key: string }>('/api/api-keys', {
      method: 'POST',
      token: company.accessToken,
      body: { name: 'Doomed' },
    });
    expect(created.status).toBe(201);
    expect(
      (await api(`/api/api-keys/${created.body.id}`, { method: 'DELETE', token: company.accessToken }))
        .status,
    ).toBeLessThan(300);

    // The control for the expired case: the same key with time left is let in.
    const fresh = await api('/api/me', { token: await poolSigned(company.accessToken, 600) });
    expect(fresh.status).toBe(200);

    const userCases: [string, Record<string, string>, number][] = [
      ['no token', {}, 401],
      ['a malformed token', { authorization: 'Bearer not-a-jwt' }, 401],
      [
        'a token signed by another key',
        { authorization: `Bearer ${await foreignSigned(company.accessToken)}` },
        401,
      ],
      ['a tampered token', { authorization: `Bearer ${tampered(company.accessToken)}` }, 401],
      ['an expired token', { authorization: `Bearer ${await poolSigned(company.accessToken, -60)}` }, 401],
      ['a deleted user’s token', { authorization: `Bearer ${memberToken}` }, 403],
    ];
    const agentCases: [string, Record<string, string>, number][] = [
      ['no key', {}, 401],
      ['an unknown key', { 'x-api-key': `sk_${'0'.repeat(64)}` }, 401],
      ['a deleted key', { 'x-api-key': created.body.key }, 401],
    ];
    const deviceCases: [string, Record<string, string>, number][] = [
      ['no device token', {}, 401],
      ['a malformed device token', { authorization: 'Bearer dt_short' }, 401],
      ['an unknown device token', { authorization: `Bearer dt_01HZXAMPLEORG.${'A'.repeat(43)}` }, 401],
      ['an API key instead of a device token', { 'x-api-key': created.body.key }, 401],
    ];

    const failures: string[] = [];
    let cases = 0;
    for (const route of routes) {
      const table =
        route.auth === 'user'
          ? userCases
          : route.auth === 'agent-key'
            ? agentCases
            : route.auth === 'device-token'
              ? deviceCases
              : [];
      for (const [who, headers, expected] of table) {
        cases++;
        const response = await call(route, headers);
        const body = JSON.stringify(response.body);
        if (response.status !== expected || body.includes(organization.id)) {
          failures.push(
            `${route.method} ${route.path} with ${who}: ${response.status} ${body.slice(0, 120)}`,
          );
        }
      }
    }
    console.log(
      `[reliability] authentication matrix: ${cases} cases over ${routes.length} routes, ${failures.length} failures`,
    );
    expect(failures).toEqual([]);
  });
});
