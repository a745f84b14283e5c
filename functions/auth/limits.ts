import type { RateLimit } from '../lib/rate-limits';

/**
 * The auth routes' limits per client address (issue 25). Generous for a person, a wall for a
 * script: 400 sign-ups from one place took 4.6 s before them. The numbers are the product's, the
 * counting is lib/rate-limits.ts.
 */
const HOUR = 3600;

export const SIGNUP_LIMIT: RateLimit = {
  name: 'signup',
  max: 10,
  windowSeconds: HOUR,
  message: 'Too many sign-ups from your network. Please try again later.',
};

/**
 * A company sign-up answers on a whole step of this since it began (signup.ts), so a fresh address
 * and one with an account or a waiting sign-up answer alike; the slowest of them (a new Cognito
 * user, a transaction and an email) stays within one step in AWS and locally.
 */
export const SIGNUP_ANSWER_STEP_MS = 500;

/** Codes typed in: a person mistypes a few; guessing needs a million. */
export const CONFIRMATION_LIMIT: RateLimit = {
  name: 'email-confirmation',
  max: 20,
  windowSeconds: HOUR,
  message: 'Too many confirmation attempts from your network. Please try again later.',
};

/** New codes by email: each one is an email to someone's inbox. */
export const CONFIRMATION_EMAIL_LIMIT: RateLimit = {
  name: 'confirmation-email',
  max: 5,
  windowSeconds: HOUR,
  message: 'Too many codes were requested from your network. Please try again later.',
};

/** An invite link is opened a few times; its token is 32 random bytes, so this only stops scraping. */
export const INVITATION_LOOKUP_LIMIT: RateLimit = {
  name: 'invitation-lookup',
  max: 30,
  windowSeconds: HOUR,
  message: 'Too many invitation links were opened from your network. Please try again later.',
};

/** Turning MFA off proves a password and a code: a person needs a try or two, a guesser thousands. */
export const MFA_PROOF_LIMIT: RateLimit = {
  name: 'mfa-proof',
  max: 10,
  windowSeconds: HOUR,
  message:
    'Too many attempts to turn off multi-factor authentication from your network. Please try again later.',
};
