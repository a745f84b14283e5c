import { Alert, Button, Heading } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef } from 'react';
import { API_KEY_MESSAGES, type CreatedApiKey } from '@shared/api-keys';
import { CopyButton } from './copy-button';
import '../copy-box.css';
import '../api-keys.css';

interface NewApiKeyProps {
  created: CreatedApiKey;
  onDone: () => void;
}

/** The full key of a key just generated, shown this once, with a warning; it stays until "Done". */
export function NewApiKey({ created, onDone }: NewApiKeyProps) {
  const headingId = useId();
  const regionRef = useRef<HTMLElement>(null);

  // Take the reader to the key, which appears away from the button that asked for it.
  useEffect(() => {
    regionRef.current?.focus();
  }, [created.id]);

  return (
    <section
      ref={regionRef}
      className="new-api-key"
      aria-labelledby={headingId}
      tabIndex={-1}
      data-testid="new-api-key"
    >
      <Heading level={4} id={headingId} className="new-api-key__title">
        Your new API key
      </Heading>
      <Alert variation="warning" marginBottom="small">
        {API_KEY_MESSAGES.shownOnce}
      </Alert>
      <div className="copy-box">
        <code className="copy-box__value copy-box__value--key">{created.key}</code>
        <CopyButton key={created.key} text={created.key} what="API key" />
      </div>
      <div className="new-api-key__actions">
        <Button size="small" variation="primary" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
