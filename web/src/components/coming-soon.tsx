import { Card, Heading, Text } from '@aws-amplify/ui-react';

interface ComingSoonProps {
  title: string;
  /** Heading level of the title; 2 for a tab, 3 for a sub-tab. */
  level?: 2 | 3;
}

/** A placeholder panel for an area whose feature is not built yet. */
export function ComingSoon({ title, level = 2 }: ComingSoonProps) {
  return (
    <Card variation="outlined" className="coming-soon">
      <Heading level={level}>{title}</Heading>
      <Text marginTop="small" color="font.secondary">
        Coming soon: this area is not available yet.
      </Text>
    </Card>
  );
}
