import { Button, Flex, Link, PasswordField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  AUTH_MESSAGES,
  CONFIRMATION_CODE_LENGTH,
  SIGNUP_ATTEMPT_MESSAGES,
  signupAttemptConfirmationSchema,
} from '@shared/auth';
import { PASSWORD_MIN_LENGTH } from '@shared/constants';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import { CodeField, EmailField } from './auth-fields';
import { AuthLayout } from './auth-layout';
import { AuthMessage } from './auth-message';
import { useFormFeedback } from './use-form-feedback';
import type { NoticeState } from './notice-state';

type FieldName = 'email' | 'code' | 'password';
const INPUT_NAMES: Record<FieldName, string> = { email: 'email', code: 'code', password: 'password' };
const FIELD_ORDER: readonly FieldName[] = ['email', 'code', 'password'];

const isFieldName = (key: unknown): key is FieldName => FIELD_ORDER.some((field) => field === key);

/**
 * /confirm-sign-up?email=…: the page the email of a sign-up that waits beside an earlier one for
 * its address links to (issue 35). Its owner cannot sign in to it (Cognito holds the earlier one's
 * password), so the code is entered here with the address and this sign-up's password; the link
 * fills the address in, so the code is the first thing to type. Once confirmed, the person signs in.
 */
export function ConfirmSignUpPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const [linkedEmail] = useState(() => searchParams.get('email') ?? '');
  const [email, setEmail] = useState(linkedEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { notice, invalidField, formRef, fail, clear, attempt } = useFormFeedback(INPUT_NAMES);
  const confirm = useConfirmSignUp();

  const submit = async () => {
    const parsed = signupAttemptConfirmationSchema.safeParse({ email, code, password });
    if (!parsed.success) {
      // The first field at fault, in the form's order, with the shared schema's words.
      const issues = parsed.error.issues;
      const field = FIELD_ORDER.find((name) => issues.some((issue) => issue.path[0] === name));
      const issue = issues.find((each) => each.path[0] === field) ?? issues[0];
      const at = issue?.path[0];
      return fail(issue?.message ?? AUTH_MESSAGES.generic, isFieldName(at) ? at : null);
    }
    await attempt(async () => {
      const answer = await confirm.mutateAsync(parsed.data);
      const state: NoticeState = { notice: { text: answer.message, tone: 'success' } };
      await navigate('/', { replace: true, state });
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    void submit();
  };

  return (
    <AuthLayout title={SIGNUP_ATTEMPT_MESSAGES.title}>
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="medium">
          <Text color="font.secondary">{SIGNUP_ATTEMPT_MESSAGES.intro}</Text>
          {notice ? <AuthMessage notice={notice} /> : null}
          <EmailField value={email} onChange={setEmail} hasError={invalidField === 'email'} />
          <CodeField
            label="Confirmation code"
            maxLength={CONFIRMATION_CODE_LENGTH}
            autoFocus={linkedEmail !== ''}
            value={code}
            onChange={setCode}
            descriptiveText={`The ${CONFIRMATION_CODE_LENGTH}-digit code from the email`}
            hasError={invalidField === 'code'}
          />
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            descriptiveText={`The password you chose when you signed up (at least ${PASSWORD_MIN_LENGTH} characters)`}
            hasError={invalidField === 'password'}
            showPasswordButtonLabel="Show"
            isRequired
          />
          <Button
            type="submit"
            variation="primary"
            isFullWidth
            isLoading={confirm.isPending}
            loadingText={SIGNUP_ATTEMPT_MESSAGES.submitting}
          >
            {SIGNUP_ATTEMPT_MESSAGES.submit}
          </Button>
        </Flex>
      </form>
      <Flex direction="column" alignItems="center" gap="xxs" marginTop="medium">
        <Link as={RouterLink} to="/" className="auth-link">
          Back to sign in
        </Link>
      </Flex>
    </AuthLayout>
  );
}
