import { Alert, ThemeProvider, View } from '@aws-amplify/ui-react';
import { PageLoader } from '../components/page-loader';
import { theme } from './theme';

/** Shown while /config.json loads, before anything else is configured. */
export function StartupLoader() {
  return (
    <ThemeProvider theme={theme}>
      <PageLoader label="Loading application" />
    </ThemeProvider>
  );
}

export function StartupError({ message }: { message: string }) {
  return (
    <ThemeProvider theme={theme}>
      <View as="main" padding="large" maxWidth="40rem" margin="0 auto">
        <Alert variation="error" heading="The application could not start" role="alert">
          {message}
        </Alert>
      </View>
    </ThemeProvider>
  );
}
