import { TextField } from '@aws-amplify/ui-react';
interface AuthFieldProps {
  value: string;
  onChange: (value: string) => void;
  hasError: boolean;
}

/** The address of a signed-out form, named for password managers. */
export function EmailField({ value, onChange, hasError }: AuthFieldProps) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="username"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hasError={hasError}
      isRequired
    />
  );
}

interface CodeFieldProps extends AuthFieldProps {
  label: string;
  /** Set when a link filled the address in: the code is then the first thing to type. */
  autoFocus?: boolean;
  /** Our own codes have a known length; Cognito's reset codes are not capped here. */
  maxLength?: number;
  descriptiveText?: string;
}

/** A code from an email, which phones offer from the message they just received. */
export function CodeField({
  label,
  value,
  onChange,
  hasError,
  autoFocus,
  maxLength,
  descriptiveText,
}: CodeFieldProps) {
  return (
    <TextField
      label={label}
      name="code"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={maxLength}
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      descriptiveText={descriptiveText}
      hasError={hasError}
      isRequired
    />
  );
}
