import { signOut } from 'aws-amplify/auth';

/**
 * Why the app signed the person out on its own (the API ended the session, or it cannot go on
 * without signing in again): the sign-in screen that follows says so, until the next sign-in starts.
 * Kept in memory only: a reload shows the plain sign-in screen.
 */
let reason: string | null = null;

/** Signs out, leaving the sign-in screen a calm word of why. */
export async function signOutBecause(text: string): Promise<void> {
  reason = text;
  await signOut().catch(() => undefined);
}

/** What the sign-in screen shows first, if the app signed out on its own. */
export function signOutReason(): string | null {
  return reason;
}

/** A sign-in starts: the last sign-out's reason is old news. */
export function forgetSignOutReason(): void {
  reason = null;
}
