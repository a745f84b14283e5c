import { Alert } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import './list.css';

/** Success notices clear after 5 s, a few after 3 s (SPEC 9). */
export const NOTICE_MS = 5000;
export const SHORT_NOTICE_MS = 3000;

/**
 * A success notice that clears itself after its duration. Each notice is a new object, so the same
 * text twice is announced (and timed) twice.
 */
export function useSuccessNotice() {
  const [notice, setNotice] = useState<{ text: string; ms: number } | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), notice.ms);
    return () => clearTimeout(timer);
  }, [notice]);
  return {
    notice,
    showNotice: (text: string, ms: number = NOTICE_MS) => setNotice({ text, ms }),
    clearNotice: () => setNotice(null),
  };
}

/** The live region a list's success notices are announced in. */
export function SuccessNotice({
  notice,
  onDismiss,
}: {
  notice: { text: string } | null;
  onDismiss: () => void;
}) {
  return (
    <div role="status" className="list-notice">
      {notice ? (
        <Alert variation="success" role="none" isDismissible onDismiss={onDismiss} marginBottom="small">
          {notice.text}
        </Alert>
      ) : null}
    </div>
  );
}
