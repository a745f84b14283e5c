import {
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  GetTokensFromRefreshTokenCommand,
  GlobalSignOutCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, inject, it } from 'vitest';
import type { OutboxEmail } from '../../infra/local/outbox';
import { api, baseUrl, cognitoClient, signIn, signUpCompany } from '../support/api';

const clientId = () => inject('runtimeConfig').userPoolClientId;

describe('the local stack', () => {
  it('refreshes tokens with GetTokensFromRefreshToken, as aws-amplify does', async () => {
    const company = await signUpCompany();
    const refreshed = await cognitoClient().send(
      new GetTokensFromRefreshTokenCommand({
        ClientId: clientId(),
        RefreshToken: company.tokens.RefreshToken!,
      }),
    );
    const accessToken = refreshed.AuthenticationResult?.AccessToken;
    expect(accessToken).toBeTruthy();
    expect((await api('/api/me', { token: accessToken! })).status).toBe(200);
  });

  it('revokes refresh tokens on GlobalSignOut', async () => {
    const company = await signUpCompany();
    await cognitoClient().send(new GlobalSignOutCommand({ AccessToken: company.accessToken }));
    await expect(
      cognitoClient().send(
        new GetTokensFromRefreshTokenCommand({
          ClientId: clientId(),
          RefreshToken: company.tokens.RefreshToken!,
        }),
      ),
    ).rejects.toThrow();
  });

  it('delivers password reset codes to the outbox, and the code resets the password', async () => {
    const company = await signUpCompany();
    await cognitoClient().send(new ForgotPasswordCommand({ ClientId: clientId(), Username: company.email }));
    const emails = (await api<OutboxEmail[]>('/dev/outbox.json')).body;
    const email = emails.find((candidate) => candidate.to === company.email);
    expect(email?.subject).toBe('Your IT Asset Auditor password reset code');
    const code = email?.body.match(/code: (\d+)/)?.[1];
    expect(code).toMatch(/^\d+$/);

    await cognitoClient().send(
      new ConfirmForgotPasswordCommand({
        ClientId: clientId(),
        Username: company.email,
        ConfirmationCode: code!,
        Password: 'brand-new-pass',
      }),
    );
    await expect(signIn(company.email, 'brand-new-pass')).resolves.toBeDefined();
    await expect(signIn(company.email, company.password)).rejects.toThrow();

    const page = await fetch(`${baseUrl()}/dev/outbox`).then((response) => response.text());
    expect(page).toContain(company.email);
  });

  it('serves the runtime config, the SPA for app routes, and a JSON 404 for unknown API routes', async () => {
    const config = await api<Record<string, string>>('/config.json');
    expect(config.body).toMatchObject({
      authFlow: 'USER_PASSWORD_AUTH',
      userPoolId: inject('runtimeConfig').userPoolId,
    });
    const page = await fetch(`${baseUrl()}/settings?tab=billing`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const missing = await api('/api/nothing-here');
    expect(missing).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });

  it("gzips the app's text files for a browser that accepts it, as CloudFront does", async () => {
    const html = await (await fetch(baseUrl())).text();
    const script = /<script[^>]*src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const compressed = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers.get('content-encoding')).toBe('gzip');
    expect(compressed.headers.get('vary')).toBe('accept-encoding');
    const plain = await fetch(`${baseUrl()}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // fetch decompresses: both carry the same script.
    expect(await compressed.text()).toBe(await plain.text());
  });

  it('refuses a path with a malformed escape with 400, and still serves the SPA for one', async () => {
    const company = await signUpCompany();
    const malformed = await api('/api/hardware/%E0%A4%A', { token: company.accessToken });
    expect(malformed).toMatchObject({ status: 400, body: { error: { code: 'invalid_path' } } });
    const page = await fetch(`${baseUrl()}/%zz`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});
