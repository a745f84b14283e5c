import { Flex, Loader, Text } from '@aws-amplify/ui-react';
import './page-loader.css';

interface PageLoaderProps {
  /** The accessible name of the spinner. */
  label: string;
  /** Visible text beside the spinner, if any. */
  text?: string;
}

/** A centred spinner for whole-page waits (session, profile). */
export function PageLoader({ label, text }: PageLoaderProps) {
  return (
    <Flex
      className="page-loader"
      direction="column"
      alignItems="center"
      justifyContent="center"
      gap="small"
      role="status"
    >
      <Loader size="large" aria-label={label} />
      {text ? <Text>{text}</Text> : null}
    </Flex>
  );
}
