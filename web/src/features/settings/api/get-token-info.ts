import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';

export interface TokenInfo {
  /** The `custom:role` claim of the access token, when the token carries one. */
  roleClaim: string | null;
  /** The token subject: the Cognito user id. */
  userId: string | null;
  /** When the access token expires. */
  expiresAt: Date | null;
}

/** What the current Cognito access token says about the user, or null without a token. */
export async function getTokenInfo(): Promise<TokenInfo | null> {
  const session = await fetchAuthSession();
  const payload = session.tokens?.accessToken.payload;
  if (!payload) return null;
  const role = payload['custom:role'];
  return {
    roleClaim: typeof role === 'string' ? role : null,
    userId: typeof payload.sub === 'string' ? payload.sub : null,
    expiresAt: typeof payload.exp === 'number' ? new Date(payload.exp * 1000) : null,
  };
}

export const tokenInfoQueryOptions = queryOptions({
  queryKey: ['token-info'],
  queryFn: getTokenInfo,
  staleTime: 30_000,
});

export function useTokenInfo() {
  return useQuery(tokenInfoQueryOptions);
}
