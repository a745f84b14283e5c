import { Button, Flex, Loader, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  AUTH_MESSAGES,
  emailSchema,
  firstSignupProblem,
  RESET_PASSWORD_PATH,
  signupSchema,
} from '@shared/auth';
import { PASSWORD_MIN_LENGTH, ROLE_LABELS } from '@shared/constants';
import { inviteTokenOf } from '@shared/invitations';
import { signOutReason } from '../../../api/sign-out-notice';
import { invitationErrorMessage, useInvitation } from '../api/get-invitation';
import { useRequestPasswordReset } from '../api/reset-password';
import { useSignIn } from '../api/sign-in';
import { signInErrorMessage } from '../api/sign-in-errors';
import { useSignUp } from '../api/sign-up';
import { AuthLayout } from './auth-layout';
import { AuthMessage, type Notice } from './auth-message';
import { InvitationProblem } from './invitation-problem';
import { LockedField } from './locked-field';
import { TotpSignInStep } from './totp-sign-in-step';
import { useFormFeedback } from './use-form-feedback';
import type { NoticeState } from './notice-state';

type Mode = 'signin' | 'signup' | 'forgot';
type FieldName = 'email' | 'password' | 'fullName' | 'companyName';
type Fields = Record<FieldName, string>;

/** The input `name` of each field, to move focus to the one that needs fixing. */
const INPUT_NAMES: Record<FieldName, string> = {
  email: 'email',
  password: 'password',
  fullName: 'full_name',
  companyName: 'company_name',
};

const EMPTY_FIELDS: Fields = { email: '', password: '', fullName: '', companyName: '' };

/** Which field a validation message is about, so that field is marked invalid too. */
const FIELD_OF_PROBLEM: Record<string, FieldName> = {
  [AUTH_MESSAGES.invalidEmail]: 'email',
  [AUTH_MESSAGES.passwordTooShort]: 'password',
  [AUTH_MESSAGES.fullNameRequired]: 'fullName',
  [AUTH_MESSAGES.companyNameRequired]: 'companyName',
};

const LOCKED_BY_INVITATION = 'Set by your invitation: it cannot be changed here.';

const TITLES: Record<Mode, string> = {
  signin: 'Sign in to your account',
  signup: 'Create your account',
  forgot: 'Reset your password',
};

/** Why the app signed out on its own, if it did: told calmly, not as an error. */
function signedOutNotice(): Notice | null {
  const reason = signOutReason();
  return reason ? { text: reason, tone: 'info' } : null;
}

/** Sign in, sign up (a new company, or through a #invite= link) and "forgot password". */
export function AuthScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const inviteToken = inviteTokenOf(location);
  const invitation = useInvitation(inviteToken);

  const [mode, setMode] = useState<Mode>(inviteToken ? 'signup' : 'signin');
  // A link opened in this tab changes only the fragment, which keeps this screen: its sign-up shows.
  const [shownToken, setShownToken] = useState(inviteToken);
  if (inviteToken !== shownToken) {
    setShownToken(inviteToken);
    if (inviteToken) setMode('signup');
  }
  const [fields, setFields] = useState<Fields>(EMPTY_FIELDS);
  // The password was right and Cognito asks for the authenticator app's code (MFA is on).
  const [totpStep, setTotpStep] = useState(false);
  const { notice, setNotice, invalidField, setInvalidField, formRef, fail, clear, attempt } = useFormFeedback(
    INPUT_NAMES,
    signedOutNotice(),
  );

  const signIn = useSignIn();
  const signUp = useSignUp();
  const requestReset = useRequestPasswordReset();
  const busy = signIn.isPending || signUp.isPending || requestReset.isPending;

  const inviteMode = mode === 'signup' && inviteToken !== null;
  const lockedEmail = inviteMode ? invitation.data?.email : undefined;
  const email = lockedEmail ?? fields.email;
  const invitationUnusable = inviteMode && invitation.isError;

  const setField = (name: FieldName, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (invalidField === name) setInvalidField(null);
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setNotice(null);
    setInvalidField(null);
  };

  /** Leaves an invite link behind: the address loses its token, the screen turns to sign-in. */
  const dropInvitation = () => {
    const search = new URLSearchParams(location.search);
    search.delete('invite');
    const query = search.toString();
    void navigate(
      { pathname: location.pathname, search: query ? `?${query}` : '', hash: '' },
      { replace: true },
    );
  };

  const submitSignIn = async () => {
    const parsedEmail = emailSchema.safeParse(email);
    if (!parsedEmail.success) return fail(AUTH_MESSAGES.invalidEmail, 'email');
    await attempt(async () => {
      const result = await signIn.mutateAsync({ email: parsedEmail.data, password: fields.password });
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return setTotpStep(true);
      if (!result.isSignedIn) {
        console.warn('Unsupported sign-in step', result.nextStep.signInStep);
        fail(AUTH_MESSAGES.generic);
      }
      // On success Amplify announces the sign-in and the app replaces this screen.
    }, signInErrorMessage);
  };

  const submitSignUp = async () => {
    const input = inviteToken
      ? { email, password: fields.password, full_name: fields.fullName, invite_token: inviteToken }
      : { email, password: fields.password, full_name: fields.fullName, company_name: fields.companyName };
    const problem = firstSignupProblem(input);
    if (problem) return fail(problem, FIELD_OF_PROBLEM[problem] ?? null);
    await attempt(async () => {
      const result = await signUp.mutateAsync(signupSchema.parse(input));
      setFields(EMPTY_FIELDS);
      setMode('signin');
      setInvalidField(null);
      setNotice({ text: result.message });
      if (inviteToken) dropInvitation();
    });
  };

  const submitForgot = async () => {
    const parsedEmail = emailSchema.safeParse(fields.email);
    if (!parsedEmail.success) return fail(AUTH_MESSAGES.invalidEmail, 'email');
    await attempt(async () => {
      const sentTo = await requestReset.mutateAsync(parsedEmail.data);
      const state: NoticeState = {
        notice: { text: `A password reset code was sent to ${sentTo}.`, tone: 'info' },
      };
      await navigate(`${RESET_PASSWORD_PATH}?email=${encodeURIComponent(parsedEmail.data)}`, { state });
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    if (mode === 'signin') void submitSignIn();
    else if (mode === 'signup') void submitSignUp();
    else void submitForgot();
  };

  const submitLabel = mode === 'signin' ? 'Sign In' : mode === 'signup' ? 'Sign Up' : 'Send reset code';
  const busyLabel =
    mode === 'signin' ? 'Signing in...' : mode === 'signup' ? 'Creating account...' : 'Sending...';

  if (totpStep) {
    return (
      <TotpSignInStep
        onRestart={(message) => {
          setTotpStep(false);
          setNotice(message ? { text: message } : null);
        }}
      />
    );
  }
  if (invitationUnusable) {
    return (
      <AuthLayout title="This invitation cannot be used">
        <InvitationProblem
          message={invitationErrorMessage(invitation.error)}
          onSignIn={() => {
            dropInvitation();
            switchMode('signin');
          }}
        />
      </AuthLayout>
    );
  }
  if (inviteMode && invitation.isPending) {
    return (
      <AuthLayout title={TITLES.signup}>
        <Flex alignItems="center" gap="small" role="status">
          <Loader aria-label="Loading invitation" />
          <Text>Loading invitation...</Text>
        </Flex>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={TITLES[mode]}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="medium">
          {inviteMode && invitation.data ? (
            <Text>
              You have been invited to join <strong>{invitation.data.organization.name}</strong> as{' '}
              {ROLE_LABELS[invitation.data.role]}.
            </Text>
          ) : null}
          {mode === 'forgot' ? (
            <Text color="font.secondary">
              Enter your email and we will send you a code to reset your password.
            </Text>
          ) : null}

          {lockedEmail !== undefined ? (
            <LockedField
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              value={lockedEmail}
              reason={LOCKED_BY_INVITATION}
            />
          ) : (
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete={mode === 'signup' ? 'email' : 'username'}
              value={email}
              onChange={(event) => setField('email', event.target.value)}
              hasError={invalidField === 'email'}
              isRequired
            />
          )}
          {mode !== 'forgot' ? (
            <PasswordField
              label="Password"
              name="password"
              autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
              value={fields.password}
              onChange={(event) => setField('password', event.target.value)}
              descriptiveText={mode === 'signup' ? `At least ${PASSWORD_MIN_LENGTH} characters` : undefined}
              hasError={invalidField === 'password'}
              showPasswordButtonLabel="Show"
              isRequired
            />
          ) : null}
          {mode === 'signup' ? (
            <>
              <TextField
                label="Full Name"
                name="full_name"
                autoComplete="name"
                value={fields.fullName}
                onChange={(event) => setField('fullName', event.target.value)}
                hasError={invalidField === 'fullName'}
                isRequired
              />
              {inviteMode ? (
                <LockedField
                  label="Company Name"
                  name="company_name"
                  autoComplete="organization"
                  value={invitation.data?.organization.name ?? ''}
                  reason={LOCKED_BY_INVITATION}
                />
              ) : (
                <TextField
                  label="Company Name"
                  name="company_name"
                  autoComplete="organization"
                  value={fields.companyName}
                  onChange={(event) => setField('companyName', event.target.value)}
                  hasError={invalidField === 'companyName'}
                  isRequired
                />
              )}
            </>
          ) : null}

          {notice ? <AuthMessage notice={notice} /> : null}

          <Button type="submit" variation="primary" isFullWidth isLoading={busy} loadingText={busyLabel}>
            {submitLabel}
          </Button>
        </Flex>
      </form>

      <Flex direction="column" alignItems="center" gap="xxs" marginTop="medium">
        {mode === 'signin' ? (
          <>
            <Button variation="link" size="small" onClick={() => switchMode('forgot')}>
              Forgot password?
            </Button>
            <Button variation="link" size="small" onClick={() => switchMode('signup')}>
              Don&apos;t have an account? Sign up
            </Button>
          </>
        ) : null}
        {mode === 'signup' ? (
          <Button variation="link" size="small" onClick={() => switchMode('signin')}>
            Already have an account? Sign in
          </Button>
        ) : null}
        {mode === 'forgot' ? (
          <Button variation="link" size="small" onClick={() => switchMode('signin')}>
            Back to sign in
          </Button>
        ) : null}
      </Flex>
    </AuthLayout>
  );
}
