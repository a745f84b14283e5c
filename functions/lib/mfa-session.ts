import * as z from 'zod';
import { MFA_MESSAGES, MFA_RECHECK_MS, SESSION_ENDED_CODE, SESSION_LIFETIME_DAYS } from '../../shared/mfa';
import { auditEntry } from './audit-trail';
import { readCognitoMfa, signOutEverywhere, type CognitoMfaRecord } from './cognito';
import { Conflict, Unauthorized } from './errors';
import { getItem, patch, send, update } from './table/commands';
import type { OrganizationItem, UserProfileItem } from './table/items/organizations';
import { userProfiles } from './table/items/organizations';
import { sessionItemSchema, sessions, type SessionItem } from './table/items/sessions';
import { write } from './table/transaction';

/**
 * MFA as Cognito says, per token session (issue 35). Cognito's own calls, made with nothing but an
 * access token, can turn a person's MFA off, swap their authenticator or change their password; the
 * API learns of it by reading Cognito's record (AdminGetUser) for every session of a person MFA is
 * required of, at its first request and again every MFA_RECHECK_MS, and compares it with what it
 * took in last: TOTP on or off, and UserLastModifiedDate, which moves with any change of the record.
 * A change ends every session signed in before it (the tokens' auth_time), in Cognito
 * (AdminUserGlobalSignOut: the refresh tokens) and here (the profile's credentials_changed_at, read
 * on every request); the session that made the change through the API is kept.
 */

/** One sign-in and its refreshes: Cognito's origin_jti, and when the sign-in happened (seconds). */
export interface TokenSession {
  id: string;
  authTime: number;
}

// API Gateway hands the claims on as strings; the local gateway as the token has them.
const sessionClaimsSchema = z.object({
  auth_time: z.coerce.number().int().nonnegative(),
  origin_jti: z.string().min(1).optional(),
});

export function tokenSession(claims: unknown): TokenSession {
  const parsed = sessionClaimsSchema.safeParse(claims);
  if (!parsed.success) throw new Unauthorized();
  const { auth_time, origin_jti } = parsed.data;
  // Every Cognito access token carries origin_jti; without one, the sign-in's time names the session.
  return { id: origin_jti ?? `signed-in-${auth_time}`, authTime: auth_time };
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * Whether a change at `at` (made in the session `kept`) ends this session. auth_time counts whole
 * seconds: a session signed in within the change's own second is kept, as one signed in after it.
 */
function endedBy(session: TokenSession, at: string | undefined, kept: string | undefined): boolean {
  return at !== undefined && session.authTime < seconds(at) && session.id !== kept;
}

/** Refuses (401) a session signed in before the person's credentials or the organisation's MFA rule changed. */
export function refuseEndedSession(
  session: TokenSession,
  profile: UserProfileItem,
  organization: OrganizationItem,
): void {
  if (
    endedBy(session, profile.credentials_changed_at, profile.credentials_changed_in) ||
    endedBy(session, organization.require_mfa_since, organization.require_mfa_session)
  ) {
    throw new Unauthorized(MFA_MESSAGES.sessionEnded, SESSION_ENDED_CODE);
  }
}

const later = (a: Date | null, than: string | undefined) =>
  a !== null && than !== undefined && a.getTime() > Date.parse(than);

/**
 * Takes Cognito's record in: the profile's mfa_enabled follows it, and a change (TOTP turned on, or
 * the record changed since last taken in) ends the person's other sessions. `changedIn`: the session
 * that made the change through the API, which is kept. Answers the profile as it now is.
 */
export async function followCognito(
  profile: UserProfileItem,
  record: CognitoMfaRecord,
  now: Date,
  changedIn?: TokenSession,
): Promise<UserProfileItem> {
  const wasEnabled = profile.mfa_enabled === true;
  const modifiedAt = record.modifiedAt?.toISOString();
  const changed = later(record.modifiedAt, profile.cognito_modified_at) || (record.enabled && !wasEnabled);
  const next: UserProfileItem = {
    ...profile,
    mfa_enabled: record.enabled,
    ...(modifiedAt ? { cognito_modified_at: modifiedAt } : {}),
    ...(changed
      ? {
          // The record's own time where Cognito gives it: a sign-in after the change is not ended.
          credentials_changed_at: changedIn ? now.toISOString() : (modifiedAt ?? now.toISOString()),
          credentials_changed_in: changedIn?.id,
        }
      : {}),
  };
  if (!changed && wasEnabled === record.enabled) {
    if (modifiedAt && modifiedAt !== profile.cognito_modified_at) {
      // Bookkeeping only: the first time the API takes the record in.
      await send(
        patch(userProfiles.key(profile.organization_id, profile.id), {
          set: { cognito_modified_at: modifiedAt },
        }),
      );
    }
    return next;
  }
  const key = userProfiles.key(profile.organization_id, profile.id);
  const outcome = await write(() => ({
    parts: ['profile', 'audit'],
    items: [
      patch(key, {
        set: {
          mfa_enabled: next.mfa_enabled,
          cognito_modified_at: next.cognito_modified_at,
          credentials_changed_at: next.credentials_changed_at,
          credentials_changed_in: next.credentials_changed_in,
        },
        remove: changed && !changedIn ? ['credentials_changed_in'] : [],
      }),
      auditEntry({
        organizationId: profile.organization_id,
        actor: { email: profile.email },
        now,
        entityType: 'user',
        action: 'updated',
        entityId: profile.id,
        entityLabel: profile.email,
        changes: {
          ...(wasEnabled !== record.enabled ? { mfa_enabled: { old: wasEnabled, new: record.enabled } } : {}),
          ...(changed
            ? {
                credentials_changed_at: {
                  old: profile.credentials_changed_at ?? null,
                  new: next.credentials_changed_at ?? null,
                },
              }
            : {}),
        },
      }),
    ],
  }));
  // The profile went away between the caller's read and this write (the user was deleted).
  if (!outcome.ok) throw new Conflict('Your profile changed meanwhile: try again', 'profile_changed');
  if (changed) await signOutEverywhere(profile.id);
  // The session that told the API goes on with what Cognito says now, not its last read.
  if (changedIn) await saveSessionCheck(profile, changedIn, record.enabled, now);
  return next;
}

/**
 * A session of a person MFA is required of: Cognito's record, read at most every MFA_RECHECK_MS per
 * session, taken in; a session the record's change ends is refused at once. `recheck` false: a
 * session already known is not read again (the MFA set-up routes, which read Cognito themselves and
 * keep the session that sets MFA up however long its QR code took to scan).
 */
export async function checkSession(
  profile: UserProfileItem,
  session: TokenSession,
  now: Date,
  { recheck = true } = {},
): Promise<{ profile: UserProfileItem; session: SessionItem }> {
  const key = sessions.key(profile.organization_id, profile.id, session.id);
  const known = await getItem(sessionItemSchema, key, { consistent: true });
  if (known && (!recheck || now.getTime() - Date.parse(known.checked_at) < MFA_RECHECK_MS))
    return { profile, session: known };
  // On the set-up routes the session is the one setting MFA up: a change it finds is its own, and kept.
  const followed = await followCognito(
    profile,
    await readCognitoMfa(profile.id),
    now,
    recheck ? undefined : session,
  );
  if (endedBy(session, followed.credentials_changed_at, followed.credentials_changed_in)) {
    throw new Unauthorized(MFA_MESSAGES.sessionEnded, SESSION_ENDED_CODE);
  }
  const checked = await saveSessionCheck(profile, session, followed.mfa_enabled === true, now);
  return { profile: followed, session: { ...known, ...checked } };
}

/** What the API read of Cognito's record for a session, and when. */
async function saveSessionCheck(
  profile: UserProfileItem,
  session: TokenSession,
  mfaEnabled: boolean,
  now: Date,
) {
  const key = sessions.key(profile.organization_id, profile.id, session.id);
  const checked = {
    user_id: profile.id,
    session_id: session.id,
    mfa_enabled: mfaEnabled,
    checked_at: now.toISOString(),
  };
  await send(
    update(key, {
      set: { ...checked, ...sessions.expiry(session.authTime, SESSION_LIFETIME_DAYS) },
    }),
  );
  return checked;
}

/** Records on the session that its password was proven, and whether it is too short for the caller's rule. */
export async function recordPasswordProof(
  profile: UserProfileItem,
  session: TokenSession,
  tooShort: boolean,
  now: Date,
): Promise<void> {
  await send(
    update(sessions.key(profile.organization_id, profile.id, session.id), {
      set: {
        user_id: profile.id,
        session_id: session.id,
        password_proven_at: now.toISOString(),
        password_too_short: tooShort,
        ...sessions.expiry(session.authTime, SESSION_LIFETIME_DAYS),
      },
      // A session first seen here has not read Cognito yet: its first check will.
      setIfAbsent: { mfa_enabled: false, checked_at: new Date(0).toISOString() },
    }),
  );
}
