import { useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { createContext, use, useEffect, useState } from 'react';
import type { ReactNode } from 'react';

export type SessionStatus = 'loading' | 'signedIn' | 'signedOut';

const SessionContext = createContext<SessionStatus>('loading');

/**
 * Tracks whether a Cognito session exists: checked once at startup, then kept in step with
 * Amplify's auth events (sign-in, sign-out, failed token refresh).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SessionStatus>('loading');

  useEffect(() => {
    let active = true;
    fetchAuthSession()
      .then((session) => {
        if (active) setStatus(session.tokens ? 'signedIn' : 'signedOut');
      })
      .catch(() => {
        if (active) setStatus('signedOut');
      });

    const stopListening = Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
          setStatus('signedIn');
          break;
        case 'signedOut':
        case 'tokenRefresh_failure':
          setStatus('signedOut');
          break;
      }
    });
    return () => {
      active = false;
      stopListening();
    };
  }, []);

  // Forget the previous user's data once their screens are gone (queries still observed belong to
  // the signed-out screens, such as the invitation lookup, and stay).
  useEffect(() => {
    if (status === 'signedOut')
      queryClient.removeQueries({ predicate: (query) => query.getObserversCount() === 0 });
  }, [status, queryClient]);

  return <SessionContext value={status}>{children}</SessionContext>;
}

export function useSessionStatus(): SessionStatus {
  return use(SessionContext);
}
