import { Button, Flex, PasswordField, Text } from '@aws-amplify/ui-react';
import { signOut } from 'aws-amplify/auth';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { MFA_MESSAGES } from '@shared/mfa';
import { superAdminPasswordProblem } from '@shared/super-admin';
import { passwordToReplace } from '../../../api/session-proof';
import { useChangePassword } from '../api/change-password';
import { AuthLayout } from './auth-layout';
import { AuthMessage } from './auth-message';
import { useFormFeedback } from './use-form-feedback';

const INPUT_NAMES = { newPassword: 'new_password' } as const;

/**
 * A super_admin signed in with a password shorter than its rule (set with Cognito's own calls, issue
 * 35): the API refuses it everything until a new one of at least 12 characters is set here.
 */
export function NewPasswordScreen() {
  const [newPassword, setNewPassword] = useState('');
  const { notice, invalidField, formRef, fail, clear, attempt } = useFormFeedback(INPUT_NAMES);
  const change = useChangePassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    clear();
    const problem = superAdminPasswordProblem(newPassword);
    if (problem) return fail(problem, 'newPassword');
    const current = passwordToReplace();
    if (current === null) return void signOut();
    void attempt(async () => {
      await change.mutateAsync({ current_password: current, new_password: newPassword });
    });
  };

  return (
    <AuthLayout title="Set a new password">
      <form ref={formRef} onSubmit={onSubmit} noValidate>
        <Flex direction="column" gap="medium">
          <Text color="font.secondary">{MFA_MESSAGES.passwordChangeRequired}</Text>
          {notice ? <AuthMessage notice={notice} /> : null}
          <PasswordField
            label="New Password"
            name="new_password"
            autoComplete="new-password"
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            hasError={invalidField === 'newPassword'}
            showPasswordButtonLabel="Show"
            isRequired
          />
          <Button
            type="submit"
            variation="primary"
            isFullWidth
            isLoading={change.isPending}
            loadingText="Saving..."
          >
            Set Password
          </Button>
          <Button variation="link" onClick={() => void signOut()}>
            Sign Out
          </Button>
        </Flex>
      </form>
    </AuthLayout>
  );
}
