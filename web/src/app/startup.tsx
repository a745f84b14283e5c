import { Alert } from '@aws-amplify/ui-react';
import { PageLoader } from '../components/page-loader';

/** Shown while /config.json loads, before anything else is configured. */
export function StartupLoader() {
  return <PageLoader label="Loading application" />;
}

export function StartupError({ message }: { message: string }) {
  return (
    <main style={{ padding: 'var(--amplify-space-large)', maxWidth: '40rem', margin: '0 auto' }}>
      <Alert variation="error" heading="The application could not start" role="alert">
        {message}
      </Alert>
    </main>
  );
}
