import { Alert } from '@aws-amplify/ui-react';
import { isSuccessMessage } from '@shared/auth';

export interface Notice {
  text: string;
  /** Defaults to the product rule: green when the text reports a creation, red otherwise. */
  tone?: 'success' | 'error' | 'info';
}

export function AuthMessage({ notice }: { notice: Notice }) {
  const tone = notice.tone ?? (isSuccessMessage(notice.text) ? 'success' : 'error');
  return (
    <Alert variation={tone} role={tone === 'error' ? 'alert' : 'status'} data-testid="auth-message">
      {notice.text}
    </Alert>
  );
}
