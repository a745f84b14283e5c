import { describe, expect, inject, it } from 'vitest';
import { cognitoOrigin, securityHeaders } from '../../infra/security-headers';
import { baseUrl } from '../support/api';

/**
 * The local gateway sends CloudFront's security headers (the Web stack's response headers policy,
 * infra/security-headers.ts) on every answer, so a Content Security Policy the app breaks shows up
 * locally. The policy's connect-src names this stack's Cognito, as AWS's names the regional one.
 */
describe('the local gateway’s security headers', () => {
  const { region, userPoolEndpoint } = inject('runtimeConfig');
  const expected = securityHeaders(cognitoOrigin(region, userPoolEndpoint));

  it('names the local user pool as the one place besides its own origin the app may call', () => {
    expect(expected['content-security-policy']).toContain(
      `connect-src 'self' ${new URL(userPoolEndpoint!).origin}`,
    );
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(expected['content-security-policy']).toContain("script-src 'self';");
  });

  it.each([
    ['the app', '/'],
    ['a client-side route', '/settings'],
    ['the runtime configuration', '/config.json'],
    ['an API answer', '/api/me'],
    ['an unknown API route', '/api/no-such-route'],
    ['the outbox', '/dev/outbox'],
  ])('sends them on %s (%s)', async (_what, path) => {
    const response = await fetch(`${baseUrl()}${path}`);
    await response.arrayBuffer();
    const sent = Object.fromEntries(Object.keys(expected).map((name) => [name, response.headers.get(name)]));
    expect(sent).toEqual(expected);
  });

  it('sends them on the app’s hashed assets', async () => {
    const html = await (await fetch(baseUrl())).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(`${baseUrl()}${script}`);
    await response.arrayBuffer();
    expect(response.headers.get('content-security-policy')).toBe(expected['content-security-policy']);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
