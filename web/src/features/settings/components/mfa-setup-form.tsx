import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { totpCodeSchema } from '@shared/mfa-requests';
import { AuthenticationCodeField } from '../../../components/authentication-code-field';
import { useMfaForm } from './use-mfa-form';
import { useFinishTotpSetup, type TotpSetup } from '../api/mfa-setup';
import { TotpQrCode } from './totp-qr-code';
import '../copy-box.css';

/** Step two of setting MFA up: scan the QR code (or type the key), then prove it with a code. */
export function MfaSetupForm({
  setup,
  onDone,
  onCancel,
}: {
  setup: TotpSetup;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const finish = useFinishTotpSetup();
  const { problem, submit } = useMfaForm(totpCodeSchema, finish.mutateAsync, onDone);

  return (
    <form onSubmit={(event) => void submit(code)(event)} noValidate className="mfa-setup">
      <Text>
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password…).
      </Text>
      <TotpQrCode uri={setup.uri} label="QR code to scan with your authenticator app" />
      <Text>
        Cannot scan it? Enter this key in the app instead:{' '}
        <code className="inline-code mfa-setup__secret" data-testid="totp-secret">
          {setup.secret}
        </code>
      </Text>
      <AuthenticationCodeField
        label="2. Enter the 6-digit code the app shows"
        value={code}
        onChange={setCode}
        hasError={problem !== null}
      />
      {problem ? (
        <Alert variation="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <Flex gap="small" wrap="wrap">
        <Button type="submit" variation="primary" isLoading={finish.isPending} loadingText="Turning on...">
          Turn on
        </Button>
        <Button onClick={onCancel} isDisabled={finish.isPending}>
          Cancel
        </Button>
      </Flex>
    </form>
  );
}
