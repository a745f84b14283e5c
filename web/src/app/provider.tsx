import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MFA_REQUIRED_CODE, mustSetUpMfa } from '@shared/mfa';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { isApiError } from '../api/api-client';
import { meQueryOptions } from '../api/me';
import { SessionProvider } from './session-provider';

function createQueryClient(): QueryClient {
  // An admin may require MFA while a member is signed in: the API's 403 says so, and the profile
  // read again sends them to Settings → Security (app/mfa-gate.tsx). Only the profile itself, and
  // only when it does not already say so: reading it again then changes nothing, and the queries
  // under ['me'] (the alerts) would be asked again, refused again, and so on for as long as the tab
  // is open (issue 34).
  const onError = (error: unknown) => {
    if (!isApiError(error) || error.code !== MFA_REQUIRED_CODE) return;
    const me = client.getQueryData(meQueryOptions.queryKey);
    if (me && mustSetUpMfa(me.profile.role, me.organization.require_mfa, me.profile.mfa_enabled)) return;
    void client.invalidateQueries({ queryKey: meQueryOptions.queryKey, exact: true });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // Client errors (401, 402, 403, 404...) will not change on retry.
        retry: (failureCount, error) =>
          !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SessionProvider>{children}</SessionProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
