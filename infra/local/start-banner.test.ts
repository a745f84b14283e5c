import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner';

const banner = (created: boolean, mfaOn: boolean) =>
  startBanner({
    url: 'http://localhost:3000',
    stripeSandboxUrl: 'http://localhost:3030',
    superAdmin: { email: 'admin@itassetauditor.local', password: 'ChangeMe123!', created, mfaOn },
    dataDir: '.data',
  });

describe('the start banner', () => {
  it('asks a super_admin without MFA to set it up at its first sign-in', () => {
    expect(banner(true, false)).toContain('admin@itassetauditor.local / ChangeMe123! (created now)');
    expect(banner(true, false)).toContain('set up MFA at its first sign-in');
  });

  it('no longer asks once Cognito says MFA is on', () => {
    expect(banner(false, true)).not.toContain('set up MFA');
    expect(banner(false, true)).toContain('multi-factor authentication is on');
    expect(banner(false, true)).not.toContain('(created now)');
  });
});
