import { Alert } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';

/** Success notices clear after 5 s (SPEC 9). */
const NOTICE_MS = 5000;

/** A success notice that clears itself; each notice is a new object, so the same text twice is announced (and timed) twice. */
export function useSuccessNotice() {
  const [notice, setNotice] = useState<{ text: string } | null>(null);
  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return {
    notice,
    showNotice: (text: string) => setNotice({ text }),
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
    <div role="status" className="hardware-notice">
      {notice ? (
        <Alert variation="success" role="none" isDismissible onDismiss={onDismiss} marginBottom="small">
          {notice.text}
        </Alert>
      ) : null}
    </div>
  );
}
