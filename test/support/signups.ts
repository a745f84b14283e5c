import type { ApiOptions, ApiResponse } from './stack-client';
import { SIGNUP_ATTEMPT_SUBJECT } from '../../functions/auth/signup-emails';
import { api, confirmationCodeSentTo, sentEmails, signIn, uniqueEmail } from './api';

/** A company signed up and signed in, whose emailed code is not entered yet. */
export interface UnconfirmedSignup {
  email: string;
  password: string;
  companyName: string;
  accessToken: string;
}

export async function signUpUnconfirmed(companyName = 'Unproven Ltd'): Promise<UnconfirmedSignup> {
  const email = uniqueEmail('unproven');
  const password = 'unproven-pass-1';
  const response = await api('/api/auth/signup', {
    method: 'POST',
    body: { email, password, full_name: 'Una Proven', company_name: companyName },
  });
  if (response.status !== 201) throw new Error(`Sign-up failed: ${JSON.stringify(response.body)}`);
  const tokens = await signIn(email, password);
  return { email, password, companyName, accessToken: tokens.AccessToken! };
}

type Answer = ApiResponse<{ message: string; error: { code: string; message: string } }>;

/** POST /api/auth/email-confirmation with a code, as the signed-in owner. */
export function enterCode(
  signup: { accessToken: string },
  code: string,
  options: ApiOptions = {},
): Promise<Answer> {
  return api('/api/auth/email-confirmation', {
    ...options,
    method: 'POST',
    token: signup.accessToken,
    body: { code },
  });
}

/** POST /api/auth/email-confirmation/code: a new code by email. */
export function askForNewCode(signup: { accessToken: string }, options: ApiOptions = {}): Promise<Answer> {
  return api('/api/auth/email-confirmation/code', { ...options, method: 'POST', token: signup.accessToken });
}

/** A six-digit code that is not the one emailed to the address. */
export async function wrongCodeFor(email: string): Promise<string> {
  const right = await confirmationCodeSentTo(email);
  return String((Number(right) + 1) % 1_000_000).padStart(6, '0');
}

/** The newest waiting sign-up's email to an address (issue 35): its code and its link, as its owner reads them. */
export async function waitingSignupEmailSentTo(email: string): Promise<{ code: string; link: URL | null }> {
  const sent = (await sentEmails()).find(
    (candidate) => candidate.to === email && candidate.subject === SIGNUP_ATTEMPT_SUBJECT,
  );
  const code = sent?.body.match(/code of this new sign-up is: (\d{6})/)?.[1];
  if (!sent || !code) throw new Error(`No waiting sign-up's code was sent to ${email}`);
  const link = sent.body.match(/https?:\/\/\S+\/confirm-sign-up\S*/)?.[0];
  return { code, link: link ? new URL(link) : null };
}

/** The code of the newest waiting sign-up's email to an address (issue 35), read as its owner would. */
export async function waitingSignupCodeSentTo(email: string): Promise<string> {
  return (await waitingSignupEmailSentTo(email)).code;
}

/** POST /api/auth/signup/confirm: a waiting sign-up's code with its address and password. */
export function confirmWaitingSignup(body: {
  email: string;
  password: string;
  code: string;
}): Promise<Answer> {
  return api('/api/auth/signup/confirm', { method: 'POST', body });
}

/** POST /api/auth/signup for a new company. */
export function signUpCompanyAs(body: {
  email: string;
  password: string;
  full_name: string;
  company_name: string;
}): Promise<Answer> {
  return api('/api/auth/signup', { method: 'POST', body });
}
