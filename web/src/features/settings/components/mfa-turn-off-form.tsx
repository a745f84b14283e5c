import { Alert, Button, Flex, PasswordField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { mfaDisableSchema } from '@shared/mfa-requests';
import { AuthenticationCodeField } from '../../../components/authentication-code-field';
import { useMfaForm } from './use-mfa-form';
import { useTurnOffMfa } from '../api/mfa-turn-off';

/** Turning MFA off takes the password and a current code, which the API has Cognito check. */
export function MfaTurnOffForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const turnOff = useTurnOffMfa();
  const { problem, submit } = useMfaForm(mfaDisableSchema, turnOff.mutateAsync, onDone);

  return (
    <form onSubmit={(event) => void submit({ password, code })(event)} noValidate className="mfa-setup">
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
