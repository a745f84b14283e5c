import { TextField } from '@aws-amplify/ui-react';

/**
 * The authenticator app's 6-digit code, wherever it is asked for (sign-in, setting MFA up, turning
 * it off): a numeric keypad on phones, and the browser's one-time-code autofill.
 */
export function AuthenticationCodeField({
  label = 'Authentication code',
  value,
  onChange,
  hasError = false,
  autoFocus = false,
}: {
  label?: string;
  value: string;
  onChange: (code: string) => void;
  hasError?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hasError={hasError}
      autoFocus={autoFocus}
      isRequired
    />
  );
}
