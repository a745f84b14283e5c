import { Button, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import './list.css';

/** A list's first load (or search): a spinner and what is awaited. */
export function ListLoading({ text }: { text: string }) {
  return (
    <Flex className="list-state" alignItems="center" justifyContent="center" gap="small">
      <Loader aria-hidden="true" />
      <Text>{text}</Text>
    </Flex>
  );
}

interface EmptyStateProps {
  /** The heading's level, one under the section's. */
  level: 3 | 4;
  heading: string;
  /** What to do about it: a line of text, then buttons. */
  children?: ReactNode;
}

/** A list with nothing in it: what is missing, and the way to fill it. */
export function EmptyState({ level, heading, children }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <Heading level={level}>{heading}</Heading>
      {children}
    </div>
  );
}

/** A search or filter that matches nothing, with the button that clears both. */
export function NoMatches({
  level,
  heading,
  onClear,
}: {
  level: 3 | 4;
  heading: string;
  onClear: () => void;
}) {
  return (
    <EmptyState level={level} heading={heading}>
      <Text color="font.secondary">Try other words or another status.</Text>
      <Button marginTop="small" onClick={onClear}>
        Clear search and filter
      </Button>
    </EmptyState>
  );
}
