import { Alert, Button } from '@aws-amplify/ui-react';
import { errorMessage } from '../api/api-client';

/** What LoadError needs of a react-query result. */
interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A failed load: what went wrong, with a "Try again" that refetches. */
export function LoadError({
  heading,
  query,
  marginBottom,
}: {
  heading: string;
  query: RetryableQuery;
  marginBottom?: 'small' | 'medium';
}) {
  return (
    <Alert variation="error" heading={heading} role="alert" marginBottom={marginBottom}>
      {errorMessage(query.error)}{' '}
      <Button
        size="small"
        variation="link"
        onClick={() => void query.refetch()}
        isLoading={query.isFetching}
        loadingText="Trying again..."
      >
        Try again
      </Button>
    </Alert>
  );
}
