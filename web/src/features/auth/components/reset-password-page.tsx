import { Button, Flex, Link, PasswordField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { AUTH_MESSAGES, emailSchema, passwordSchema } from '@shared/auth';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { useConfirmPasswordReset, useRequestPasswordReset } from '../api/reset-password';
import { CodeField, EmailField } from './auth-fields';
import { AuthLayout } from './auth-layout';
import { AuthMessage } from './auth-message';
import { useFormFeedback } from './use-form-feedback';
import type { NoticeState } from './notice-state';

const CODE_REQUIRED = 'Please enter the verification code';
const PASSWORD_RESET_DONE = 'Your password has been reset. You can now sign in.';

type FieldName = 'email' | 'code' | 'newPassword';
const INPUT_NAMES: Record<FieldName, string> = { email: 'email', code: 'code', newPassword: 'new_password' };

/**
 * /reset-password?email=…(&code=…): set a new password with the code Cognito sent. The reset email's
 * link fills the address in, so the code is the first thing to type.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [linkedEmail] = useState(() => searchParams.get('email') ?? '');
  const [email, setEmail] = useState(linkedEmail);
  const [code, setCode] = useState(() => searchParams.get('code') ?? '');
  const [newPassword, setNewPassword] = useState('');
  const { notice, setNotice, invalidField, setInvalidField, formRef, fail, clear, attempt } =
    useFormFeedback(INPUT_NAMES);
  const confirmReset = useConfirmPasswordReset();
  const resendCode = useRequestPasswordReset();

  const submit = async () => {
    const parsedEmail = emailSchema.safeParse(email);
    if (!parsedEmail.success) return fail(AUTH_MESSAGES.invalidEmail, 'email');
    if (!code.trim()) return fail(CODE_REQUIRED, 'code');
    if (!passwordSchema.safeParse(newPassword).success)
      return fail(AUTH_MESSAGES.passwordTooShort, 'newPassword');
    await attempt(async () => {
      await confirmReset.mutateAsync({ email: parsedEmail.data, code: code.trim(), newPassword });
      const state: NoticeState = { notice: { text: PASSWORD_RESET_DONE, tone: 'success' } };
      await navigate('/', { replace: true, state });
    });
  };

  const resend = async () => {
    const parsedEmail = emailSchema.safeParse(email);
    if (!parsedEmail.success) return fail(AUTH_MESSAGES.invalidEmail, 'email');
    await attempt(async () => {
      const sentTo = await resendCode.mutateAsync(parsedEmail.data);
      setInvalidField(null);
      setNotice({ text: `A new password reset code was sent to ${sentTo}.`, tone: 'info' });
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    void submit();
  };

  return (
    <AuthLayout title="Set a new password">
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="medium">
          <Text color="font.secondary">
            Enter the verification code from the password reset email and choose a new password.
          </Text>
          {notice ? <AuthMessage notice={notice} /> : null}
          <EmailField value={email} onChange={setEmail} hasError={invalidField === 'email'} />
          <CodeField
            label="Verification Code"
            autoFocus={linkedEmail !== ''}
            value={code}
            onChange={setCode}
            hasError={invalidField === 'code'}
          />
          <PasswordField
            label="New Password"
            name="new_password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            descriptiveText={`At least ${PASSWORD_MIN_LENGTH} characters`}
            hasError={invalidField === 'newPassword'}
            showPasswordButtonLabel="Show"
            isRequired
          />
          <Button
            type="submit"
            variation="primary"
            isFullWidth
            isLoading={confirmReset.isPending}
            loadingText="Resetting password..."
          >
            Reset Password
          </Button>
        </Flex>
      </form>
      <Flex direction="column" alignItems="center" gap="xxs" marginTop="medium">
        <Button variation="link" size="small" onClick={() => void resend()} isDisabled={resendCode.isPending}>
          Send a new code
        </Button>
        <Link as={RouterLink} to="/" className="auth-link">
          Back to sign in
        </Link>
      </Flex>
    </AuthLayout>
  );
}
