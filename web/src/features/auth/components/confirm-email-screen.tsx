import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { signOut } from 'aws-amplify/auth';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { CONFIRMATION_CODE_LENGTH, emailConfirmationSchema, EMAIL_CONFIRMATION_MESSAGES } from '@shared/auth';
import { useConfirmEmail, useSendNewCode } from '../api/confirm-email';
import { CodeField } from './auth-fields';
import { AuthLayout } from './auth-layout';
import { AuthMessage, type Notice } from './auth-message';

interface ConfirmEmailScreenProps {
  /** Called once the code is accepted: the app loads the profile again. */
  onConfirmed: () => void;
}

/**
 * The first sign-in of a new company whose emailed code was not entered yet (issue 25): the code,
 * a way to have a new one sent, and a way out. The API refuses everything else until then.
 */
export function ConfirmEmailScreen({ onConfirmed }: ConfirmEmailScreenProps) {
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>({
    text: EMAIL_CONFIRMATION_MESSAGES.required,
    tone: 'info',
  });
  const confirm = useConfirmEmail();
  const newCode = useSendNewCode();
  const busy = confirm.isPending || newCode.isPending;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = emailConfirmationSchema.safeParse({ code });
    if (!parsed.success) return setNotice({ text: EMAIL_CONFIRMATION_MESSAGES.invalidCode, tone: 'error' });
    try {
      await confirm.mutateAsync(parsed.data.code);
      onConfirmed();
    } catch (error) {
      setNotice({
        text: error instanceof Error ? error.message : EMAIL_CONFIRMATION_MESSAGES.wrongCode,
        tone: 'error',
      });
    }
  };

  const onNewCode = async () => {
    try {
      const answer = await newCode.mutateAsync();
      setCode('');
      setNotice({ text: answer.message, tone: 'info' });
    } catch (error) {
      setNotice({
        text: error instanceof Error ? error.message : EMAIL_CONFIRMATION_MESSAGES.noMoreCodes,
        tone: 'error',
      });
    }
  };

  return (
    <AuthLayout title="Confirm your email address">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Flex direction="column" gap="medium">
          <Text color="font.secondary">
            We emailed a {CONFIRMATION_CODE_LENGTH}-digit code to the address you signed up with.
          </Text>
          <CodeField
            label="Confirmation code"
            maxLength={CONFIRMATION_CODE_LENGTH}
            value={code}
            onChange={setCode}
            hasError={notice?.tone === 'error'}
          />
          {notice ? <AuthMessage notice={notice} /> : null}
          <Button
            type="submit"
            variation="primary"
            isFullWidth
            isLoading={confirm.isPending}
            loadingText="Confirming..."
          >
            Confirm
          </Button>
        </Flex>
      </form>
      <Flex direction="column" alignItems="center" gap="xxs" marginTop="medium">
        <Button variation="link" size="small" onClick={() => void onNewCode()} isDisabled={busy}>
          Send a new code
        </Button>
        <Button variation="link" size="small" onClick={() => void signOut()}>
          Sign out
        </Button>
      </Flex>
    </AuthLayout>
  );
}
