import { ulid } from 'ulid';
import {
  AUTH_MESSAGES,
  SIGNUP_ATTEMPT_MESSAGES,
  type CompanySignupRequest,
  type InvitationSignupRequest,
  type SignupAttemptConfirmation,
} from '../../shared/auth';
import type { Role } from '../../shared/constants';
import { newTrial } from '../../shared/subscription';
import { superAdminPasswordProblem } from '../../shared/super-admin';
import { createCognitoUser, deleteCognitoUser, findCognitoUserSub } from '../lib/cognito';
import { BadRequest, Conflict } from '../lib/errors';
import { logger } from '../lib/logger';
import { emailConfirmations } from '../lib/table/items/signups';
import {
  organizations,
  subscriptions,
  userProfiles,
  type OrganizationItem,
} from '../lib/table/items/organizations';
import { transact } from '../lib/table/transaction';
import { findProfileByUserId } from '../lib/tenant';
import { acceptInvitation, findUsableInvitation } from '../people/invitations';
import { addressStanding, claimAddress } from '../people/accounts';
import { newConfirmationCode, newEmailConfirmation } from './email-confirmation';
import { keepWaitingAttempt, takeWaitingAttempt } from './signup-attempts';
import { sendAccountExistsEmail, sendConfirmationCodeEmail } from './signup-emails';

interface NewOrganization {
  ownerId: string;
  ownerEmail: string;
  ownerFullName: string;
  ownerRole: Role;
  organizationName: string;
  /** A company sign-up starts a trial; the platform's own organisation has no subscription. */
  withTrial: boolean;
  /** A company sign-up's first code: the organisation waits for it before it can be used. */
  confirmationCode?: string;
  now: Date;
}

/**
 * An organisation, its owner's profile and its trial, written in one transaction:
 * either all of them exist afterwards or none does.
 */
async function createOrganizationWithOwner(input: NewOrganization): Promise<OrganizationItem> {
  const createdAt = input.now.toISOString();
  const organization: OrganizationItem = {
    id: ulid(input.now.getTime()),
    name: input.organizationName,
    owner_id: input.ownerId,
    created_at: createdAt,
    ...(input.confirmationCode ? { unconfirmed_since: createdAt } : {}),
  };
  const canceled = await transact([
    organizations.create(organization),
    userProfiles.create({
      id: input.ownerId,
      organization_id: organization.id,
      email: input.ownerEmail,
      full_name: input.ownerFullName,
      role: input.ownerRole,
      created_at: createdAt,
    }),
    ...(input.withTrial
      ? [
          subscriptions.create({
            organization_id: organization.id,
            ...newTrial(input.now),
            updated_at: createdAt,
          }),
        ]
      : []),
    ...(input.confirmationCode
      ? [
          emailConfirmations.create(
            newEmailConfirmation(
              { organizationId: organization.id, userId: input.ownerId, email: input.ownerEmail },
              input.confirmationCode,
              input.now,
            ),
          ),
        ]
      : []),
  ]);
  if (canceled) throw new Error('Creating the organisation was cancelled by DynamoDB');
  return organization;
}

/**
 * A new company: the Cognito user, then the organisation, its admin profile and its trial in one
 * transaction (with its first code when the address is still to be proven: the organisation then
 * waits for it before it can be used). If the transaction fails the Cognito user is removed again,
 * so a failed sign-up leaves nothing behind. 'taken' when the address got a user since it was looked at.
 */
async function createCompany(
  request: CompanySignupRequest,
  now: Date,
  confirmationCode: string | undefined,
): Promise<'created' | 'taken'> {
  let userId: string;
  try {
    userId = await createCognitoUser({
      email: request.email,
      password: request.password,
      fullName: request.full_name,
    });
  } catch (error) {
    if (error instanceof Conflict) return 'taken';
    throw error;
  }
  try {
    await createOrganizationWithOwner({
      ownerId: userId,
      ownerEmail: request.email,
      ownerFullName: request.full_name,
      ownerRole: 'admin',
      organizationName: request.company_name,
      withTrial: true,
      ...(confirmationCode ? { confirmationCode } : {}),
      now,
    });
  } catch (error) {
    await deleteCognitoUser(userId);
    throw error;
  }
  return 'created';
}

/**
 * A company sign-up. An address with a proven account answers exactly as a new one (no account
 * enumeration): nothing is created and the owner is told by email instead. An address whose first
 * sign-up still waits for its code keeps it (issue 35): this one waits beside it with its own code
 * (signup-attempts.ts), and the inbox's owner decides by the code they enter. A leftover Cognito
 * user without a profile is removed first.
 */
export async function registerCompany(request: CompanySignupRequest, now: Date): Promise<void> {
  const standing = await addressStanding(request.email, now);
  if (standing.kind === 'account') return sendAccountExistsEmail(request.email);
  if (standing.kind === 'unconfirmed' && standing.pending) return keepWaitingAttempt(request, now);
  if (standing.kind === 'unconfirmed' && !(await standing.release()))
    return sendAccountExistsEmail(request.email);
  const code = newConfirmationCode();
  // Created by someone else since the address was looked at: that one is the account.
  if ((await createCompany(request, now, code)) === 'taken') return sendAccountExistsEmail(request.email);
  try {
    await sendConfirmationCodeEmail(request.email, code);
  } catch (error) {
    // The sign-up stands: the first sign-in asks for the code and offers to send a new one.
    logger.error('Sending the confirmation code failed', { error: error as Error });
  }
}

/** A waiting sign-up whose code and password were entered: its company, confirmed from the start. */
export function confirmWaitingSignup(input: SignupAttemptConfirmation, now: Date): Promise<string> {
  return takeWaitingAttempt(input, now, async (request) => {
    if ((await createCompany(request, now, undefined)) === 'taken')
      throw new Conflict(SIGNUP_ATTEMPT_MESSAGES.addressTaken, 'email_taken');
  });
}

/**
 * A member joining through an invite link: the invitation must be usable and for this email. The
 * Cognito user comes first; the profile and the invitation's acceptance are one transaction that
 * only a pending, unexpired invitation lets through, so a link works once. If it does not go
 * through, the Cognito user is removed again.
 */
export async function registerInvitedMember(request: InvitationSignupRequest, now: Date): Promise<void> {
  const invitation = await findUsableInvitation(request.invite_token, now);
  if (invitation.email !== request.email) {
    throw new BadRequest('Sign up with the email address the invitation was sent to', 'invitation_email');
  }
  // The invitation proves the address: an unconfirmed company sign-up holding it gives way.
  if (!(await claimAddress(request.email, now))) throw new Conflict(AUTH_MESSAGES.emailTaken, 'email_taken');
  const userId = await createCognitoUser({
    email: request.email,
    password: request.password,
    fullName: request.full_name,
  });
  try {
    await acceptInvitation(request.invite_token, invitation, { userId, fullName: request.full_name }, now);
  } catch (error) {
    await deleteCognitoUser(userId);
    throw error;
  }
}

export const PLATFORM_ORGANIZATION_NAME = 'IT Asset Auditor Platform';

/**
 * The platform's first super_admin, created once (idempotent): a Cognito user whose profile lives
 * in the platform's own organisation, which needs no subscription. Its password must be at least 12
 * characters (checked when it is created); it sets up MFA at its first sign-in (Settings → Security).
 */
export async function ensureSuperAdmin(
  email: string,
  password: string,
  now: Date,
): Promise<'created' | 'exists'> {
  const existing = await findCognitoUserSub(email);
  if (existing && (await findProfileByUserId(existing))) return 'exists';
  const problem = superAdminPasswordProblem(password);
  if (problem) throw new Error(problem);
  if (existing) {
    logger.warn('Super admin Cognito user has no profile; recreating it', { email });
    await deleteCognitoUser(existing);
  }
  const userId = await createCognitoUser({ email, password, fullName: 'Platform Administrator' });
  try {
    await createOrganizationWithOwner({
      ownerId: userId,
      ownerEmail: email,
      ownerFullName: 'Platform Administrator',
      ownerRole: 'super_admin',
      organizationName: PLATFORM_ORGANIZATION_NAME,
      withTrial: false,
      now,
    });
  } catch (error) {
    await deleteCognitoUser(userId);
    throw error;
  }
  return 'created';
}
