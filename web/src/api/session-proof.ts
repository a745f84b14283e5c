import { passwordProofAnswerSchema } from '@shared/mfa-requests';
import { useSyncExternalStore } from 'react';

/**
 * A new session proves its password to the API right after sign-in (a super_admin's must, issue 35;
 * functions/auth/mfa-password.ts): the sign-in holds every API request until the proof is answered,
 * so none is refused for want of it. The password is kept in memory only between the sign-in's
 * password step and the proof (and, when it is too short, until a new one is set).
 */
let held: Promise<void> | null = null;
let release: () => void = () => undefined;
let password: string | null = null;
let tooShort = false;
const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** The sign-in starts: API requests wait until the session's proof is answered (or the sign-in fails). */
export function holdRequestsForProof(signInPassword: string): void {
  release();
  password = signInPassword;
  held = new Promise((resolve) => {
    release = () => {
      held = null;
      release = () => undefined;
      resolve();
    };
  });
}

/** What API requests wait for before they go. */
export function proofHeld(): Promise<void> | null {
  return held;
}

/** The sign-in failed or stopped: nothing to prove, requests go on. */
export function releaseRequests(): void {
  password = null;
  release();
}

/**
 * The sign-in is complete: the password goes to the API, whose answer says whether it meets the
 * caller's rule. `send` is the API client's request without the hold.
 */
export async function proveSession(send: (password: string) => Promise<unknown>): Promise<void> {
  const proving = password;
  try {
    if (proving === null) return;
    const answer = passwordProofAnswerSchema.safeParse(await send(proving));
    tooShort = answer.success && !answer.data.password_ok;
    if (!tooShort) password = null;
    changed();
  } finally {
    release();
  }
}

/** The password the session signed in with, while a new one must be set (POST /api/me/password). */
export function passwordToReplace(): string | null {
  return tooShort ? password : null;
}

/** A new password was set: the session goes on. */
export function passwordReplaced(): void {
  tooShort = false;
  password = null;
  changed();
}

/** Whether the session must set a new password before anything else. */
export function usePasswordTooShort(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => tooShort,
  );
}
