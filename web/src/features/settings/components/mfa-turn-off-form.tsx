import { Alert, Button, Flex, PasswordField } from '@aws-amplify/ui-react';
import { useState, type FormEvent } from 'react';
import { mfaDisableSchema } from '@shared/mfa-requests';
import { AuthenticationCodeField } from '../../../components/authentication-code-field';
import { errorMessage } from '../../../api/api-client';
import { useTurnOffMfa } from '../api/mfa-turn-off';

/** Turning MFA off takes the password and a current code, which the API has Cognito check. */
export function MfaTurnOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const turnOff = useTurnOffMfa();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = mfaDisableSchema.safeParse({ password, code });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setProblem(null);
    try {
      await turnOff.mutateAsync(parsed.data);
      onDone();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="mfa-setup">
      <PasswordField
        label="Password"
        name="current_password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        showPasswordButtonLabel="Show"
        isRequired
      />
      <AuthenticationCodeField value={code} onChange={setCode} />
      {problem ? (
        <Alert variation="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Flex gap="small" wrap="wrap">
        <Button
          type="submit"
          variation="destructive"
          isLoading={turnOff.isPending}
          loadingText="Turning off..."
        >
          Turn off multi-factor authentication
        </Button>
        <Button onClick={onCancel} isDisabled={turnOff.isPending}>
          Cancel
        </Button>
      </Flex>
    </form>
  );
}
