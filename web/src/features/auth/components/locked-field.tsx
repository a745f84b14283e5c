import { TextField, View } from '@aws-amplify/ui-react';
import '../auth.css';

interface LockedFieldProps {
  label: string;
  name: string;
  value: string;
  autoComplete: string;
  type?: 'text' | 'email';
  /** Why it cannot be changed, shown under it and read with it. */
  reason: string;
}

function LockIcon() {
  return (
    <View as="span" className="locked-field__icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
        <path
          fill="currentColor"
          d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z"
        />
      </svg>
    </View>
  );
}

/**
 * A value the form takes as given (an invitation's address and organisation): read-only, and it
 * looks it, with a lock and the reason, so nobody tries to type into it.
 */
export function LockedField({ label, name, value, autoComplete, type = 'text', reason }: LockedFieldProps) {
  return (
    <TextField
      className="locked-field"
      label={label}
      name={name}
      type={type}
      autoComplete={autoComplete}
      value={value}
      isReadOnly
      innerEndComponent={<LockIcon />}
      descriptiveText={reason}
    />
  );
}
