import { signOutEverywhere } from '../lib/cognito';
import { userProfiles } from '../lib/table/items/organizations';

/** Cognito's user calls are throttled per pool: a few at a time. */
const AT_ONCE = 4;

/**
 * When an organisation starts requiring MFA, its members' sessions end in Cognito too (their refresh
 * tokens), beside the API refusing every token signed in before the rule (lib/mfa-session.ts). The
 * admin who turned it on keeps theirs.
 */
export async function signOutMembers(organizationId: string, exceptUserId: string): Promise<void> {
  const members = await userProfiles.listIdsOfOrganization(organizationId);
  const others = members.map((member) => member.id).filter((id) => id !== exceptUserId);
  for (let start = 0; start < others.length; start += AT_ONCE) {
    await Promise.all(others.slice(start, start + AT_ONCE).map((id) => signOutEverywhere(id)));
  }
}
