import { Button, VisuallyHidden } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { COPIED_CONFIRMATION_MS } from '@shared/api-keys';
import '../copy-box.css';

type CopyOutcome = 'copied' | 'failed';

interface CopyButtonProps {
  /** What is copied. */
  text: string;
  /** What the text is, for the button's accessible name: "Copy {what}". */
  what: string;
}

/**
 * Copies `text` to the clipboard. The button says "Copied!" (announced through a live region) and
 * goes back to "Copy" after COPIED_CONFIRMATION_MS; each copy starts the wait afresh.
 */
export function CopyButton({ text, what }: CopyButtonProps) {
  // A new object per attempt, so that copying twice restarts the timer.
  const [outcome, setOutcome] = useState<{ result: CopyOutcome } | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), COPIED_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      // Missing outside secure contexts: the TypeError is a failure like any other.
      await navigator.clipboard.writeText(text);
      setOutcome({ result: 'copied' });
    } catch (error) {
      console.error(`Copying the ${what} failed`, error);
      setOutcome({ result: 'failed' });
    }
  };

  const result = outcome?.result;
  return (
    <>
      <Button size="small" className="copy-button" onClick={() => void copy()}>
        {result === 'copied' ? (
          'Copied!'
        ) : result === 'failed' ? (
          'Copy failed'
        ) : (
          <>
            Copy<VisuallyHidden> {what}</VisuallyHidden>
          </>
        )}
      </Button>
      <VisuallyHidden role="status">
        {result === 'copied'
          ? 'Copied!'
          : result === 'failed'
            ? `Could not copy the ${what}: select it and copy it yourself.`
            : ''}
      </VisuallyHidden>
    </>
  );
}
