/** What `npm start` prints once the stack is up: where everything is, and how to sign in. */
export interface StartBanner {
  url: string;
  stripeSandboxUrl: string | null;
  superAdmin: { email: string; password: string; created: boolean; mfaOn: boolean };
  dataDir: string;
}

export function startBanner({ url, stripeSandboxUrl, superAdmin, dataDir }: StartBanner): string {
  const payments = stripeSandboxUrl
    ? `Stripe sandbox at ${stripeSandboxUrl} (its checkout takes any card)`
    : 'your Stripe test-mode account (STRIPE_SECRET_KEY)';
  // Cognito says whether the super_admin has MFA (issue 34: the banner asked for it once it was on).
  const mfa = superAdmin.mfaOn
    ? '(multi-factor authentication is on: sign in with a code from its authenticator app)'
    : '(set up MFA at its first sign-in, in Settings → Security: the API requires it)';
  return `
  IT Asset Auditor is running at ${url}
  Email outbox:  ${url}/dev/outbox
  Payments:      ${payments}
  Super admin:   ${superAdmin.email} / ${superAdmin.password}${superAdmin.created ? ' (created now)' : ''}
                 ${mfa}
  Data:          ${dataDir}  (npm run reset wipes it)
  Stop with Ctrl-C.
`;
}
