import { Card, Heading, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import '../auth.css';

interface AuthLayoutProps {
  title: string;
  children: ReactNode;
}

/** The centred card of the signed-out screens. */
export function AuthLayout({ title, children }: AuthLayoutProps) {
  return (
    <main className="auth-page">
      <Card variation="elevated" className="auth-card">
        <Text fontWeight="bold" color="font.interactive" marginBottom="xxs">
          IT Asset Auditor
        </Text>
        <Heading level={1} className="auth-title" marginBottom="medium">
          {title}
        </Heading>
        {children}
      </Card>
    </main>
  );
}
