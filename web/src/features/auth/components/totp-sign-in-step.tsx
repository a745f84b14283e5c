import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { totpCodeSchema } from '@shared/mfa-requests';
import { AuthenticationCodeField } from '../../../components/authentication-code-field';
import { totpStepError, useConfirmSignInWithTotp } from '../api/confirm-sign-in';
import { AuthLayout } from './auth-layout';
import { AuthMessage } from './auth-message';

/**
 * Signing in with MFA on: after the password, Cognito asks for the authenticator app's code
 * (Amplify's CONFIRM_SIGN_IN_WITH_TOTP_CODE step). On success Amplify announces the sign-in.
 */
export function TotpSignInStep({ onRestart }: { onRestart: (message?: string) => void }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirmSignInWithTotp();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setProblem(null);
    try {
      if (!(await confirm.mutateAsync(parsed.data))) onRestart('An error occurred');
    } catch (error) {
      const { message, restart } = totpStepError(error);
      if (restart) onRestart(message);
      else setProblem(message);
    }
  };

  return (
    <AuthLayout title="Enter your authentication code">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Flex direction="column" gap="medium">
          <Text color="font.secondary">Open your authenticator app and enter the 6-digit code it shows.</Text>
          <AuthenticationCodeField value={code} onChange={setCode} hasError={problem !== null} autoFocus />
          {problem ? <AuthMessage notice={{ text: problem, tone: 'error' }} /> : null}
          <Button
            type="submit"
            variation="primary"
            isFullWidth
            isLoading={confirm.isPending}
            loadingText="Verifying..."
          >
            Verify
          </Button>
        </Flex>
      </form>
      <Flex justifyContent="center" marginTop="medium">
        <Button variation="link" size="small" onClick={() => onRestart()}>
          Back to sign in
        </Button>
      </Flex>
    </AuthLayout>
  );
}
