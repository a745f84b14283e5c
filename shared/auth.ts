import * as z from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';

// Texts from SPEC.md sections 5 and 8, word for word.
export const AUTH_MESSAGES = {
  accountCreatedWithTrial: 'Account created with 14-day free trial! You can now sign in.',
  accountCreatedByInvitation: 'Account created! You can now sign in.',
  fullNameRequired: 'Please enter your full name',
  companyNameRequired: 'Please enter your company name',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  invalidEmail: 'Please enter a valid email address',
  invalidInvitation: 'Invalid or expired invitation link',
  invitationExpired: 'This invitation has expired',
  emailTaken: 'An account with this email already exists',
  userCreationFailed: 'User creation failed',
  /** Sign-in says the same for an unknown address and a wrong password: it tells a stranger nothing. */
  incorrectCredentials: 'Incorrect email or password.',
  generic: 'An error occurred',
} as const;

/**
 * A company sign-up proves its address with a code emailed to it before the organisation can be
 * used (issue 25); unconfirmed sign-ups are removed after a day, which frees the address.
 */
export const SIGNUP_CONFIRMATION_HOURS = 24;
export const CONFIRMATION_CODE_LENGTH = 6;

export const EMAIL_CONFIRMATION_MESSAGES = {
  required: 'Confirm your email address: enter the code we emailed you when you signed up.',
  invalidCode: `Enter the ${CONFIRMATION_CODE_LENGTH}-digit code from the email`,
  wrongCode: 'This code is not correct. Check the latest email we sent you and try again.',
  codeUsedUp: 'This code was entered wrongly too many times. Send a new code and enter that one.',
  expired: `This sign-up was not confirmed within ${SIGNUP_CONFIRMATION_HOURS} hours and has been removed. Sign up again.`,
  confirmed: 'Your email address is confirmed.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  codeSent: 'We sent you a new code. Enter the newest one.',
  noMoreCodes: 'No more codes can be sent for this sign-up. Sign up again later.',
} as const;

export const emailConfirmationSchema = z.strictObject({
  code: z
    .string({ error: EMAIL_CONFIRMATION_MESSAGES.invalidCode })
    .trim()
    .regex(new RegExp(`^\\d{${CONFIRMATION_CODE_LENGTH}}$`), {
      error: EMAIL_CONFIRMATION_MESSAGES.invalidCode,
    }),
});
export type EmailConfirmationRequest = z.infer<typeof emailConfirmationSchema>;

/** The answer of the confirmation and of a new code: what to tell the person. */
export const emailConfirmationResponseSchema = z.object({ message: z.string() });
export type EmailConfirmationResponse = z.infer<typeof emailConfirmationResponseSchema>;

/** A message shows green when it reports a creation, red otherwise (SPEC 8). */
export function isSuccessMessage(message: string): boolean {
  return message.includes('created');
}

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
  .max(256);

const fullNameSchema = z
  .string({ error: AUTH_MESSAGES.fullNameRequired })
  .trim()
  .min(1, { error: AUTH_MESSAGES.fullNameRequired })
  .max(200);

export const companySignupSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  full_name: fullNameSchema,
  company_name: z
    .string({ error: AUTH_MESSAGES.companyNameRequired })
    .trim()
    .min(1, { error: AUTH_MESSAGES.companyNameRequired })
    .max(200),
});

export const invitationSignupSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  full_name: fullNameSchema,
  invite_token: z.string().trim().min(1, { error: AUTH_MESSAGES.invalidInvitation }).max(200),
});

const isInvitationSignup = (input: unknown) =>
  typeof input === 'object' && input !== null && 'invite_token' in input;

/**
 * Sign-up is either a new company or joining one through an invitation, never both. The shape is
 * chosen by the presence of invite_token, so errors speak about that shape's fields (a plain union
 * would only say "Invalid input").
 */
export const signupSchema = z.unknown().transform((input, ctx): SignupRequest => {
  const result = (isInvitationSignup(input) ? invitationSignupSchema : companySignupSchema).safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return result.data;
});
export type SignupRequest = z.infer<typeof companySignupSchema> | z.infer<typeof invitationSignupSchema>;
export type CompanySignupRequest = z.infer<typeof companySignupSchema>;
export type InvitationSignupRequest = z.infer<typeof invitationSignupSchema>;

export const signupResponseSchema = z.object({ message: z.string() });
export type SignupResponse = z.infer<typeof signupResponseSchema>;

/**
 * A later sign-up for an address whose first one still waits for its code waits beside it (issue
 * 35) with a code of its own. Its owner cannot sign in to it (Cognito holds the first one's
 * password), so its code is entered on this page with the address and the password chosen for it.
 */
export const CONFIRM_SIGNUP_PATH = '/confirm-sign-up';

export const SIGNUP_ATTEMPT_MESSAGES = {
  title: 'Confirm your sign-up',
  intro:
    'Enter the code from the email we sent you, with the email address and the password you chose when you signed up.',
  submit: 'Confirm sign-up',
  submitting: 'Confirming…',
  wrongCode:
    'This code and password do not match a sign-up waiting for this address. Check the latest email we sent you and try again.',
  addressTaken: 'This sign-up can no longer be used: the address already has an account. Sign in instead.',
  confirmed: 'Your email address is confirmed and your company account is created. You can now sign in.',
} as const;

export const signupAttemptConfirmationSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  code: emailConfirmationSchema.shape.code,
});
export type SignupAttemptConfirmation = z.infer<typeof signupAttemptConfirmationSchema>;

/** The link in a waiting sign-up's email: the page with the address filled in (the code stays in the email). */
export function confirmSignupLink(appUrl: string, email: string): string {
  return pageWithEmail(appUrl, CONFIRM_SIGNUP_PATH, email);
}

function pageWithEmail(appUrl: string, path: string, email: string): string {
  const url = new URL(path, appUrl.endsWith('/') ? appUrl : `${appUrl}/`);
  url.searchParams.set('email', email);
  return url.toString();
}

/** The first problem with a sign-up form, in the product's words, or null when it is fine. */
export function firstSignupProblem(input: Record<string, unknown>): string | null {
  const result = signupSchema.safeParse(input);
  return result.success ? null : (result.error.issues[0]?.message ?? AUTH_MESSAGES.generic);
}

/** The web app's page that sets a new password with the code of a reset email (SPEC 2). */
export const RESET_PASSWORD_PATH = '/reset-password';

/** The reset email's link: the /reset-password page with the address filled in (the code stays in the email). */
export function resetPasswordLink(appUrl: string, email: string): string {
  return pageWithEmail(appUrl, RESET_PASSWORD_PATH, email);
}
