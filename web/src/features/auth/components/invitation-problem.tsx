import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { AuthMessage } from './auth-message';

interface InvitationProblemProps {
  /** 'Invalid or expired invitation link' or 'This invitation has expired' (SPEC 8), or why it did not load. */
  message: string;
  onSignIn: () => void;
}

/** An invite link that cannot be used: its error, and the way to sign in instead of a form that cannot work. */
export function InvitationProblem({ message, onSignIn }: InvitationProblemProps) {
  return (
    <Flex direction="column" gap="medium">
      <AuthMessage notice={{ text: message, tone: 'error' }} />
      <Text color="font.secondary">
        Ask the person who invited you to send the invitation again. If you already have an account, sign in.
      </Text>
      <Button variation="primary" isFullWidth onClick={onSignIn}>
        Go to sign in
      </Button>
    </Flex>
  );
}
