import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/**
 * What API Gateway's JWT authorizer does in AWS, done the same way here: the token's signature
 * against the pool's JWKS, its issuer, its expiry, that it is an access token, and that it was
 * issued to our app client.
 */
export function createJwtAuthorizer(cognitoEndpoint: string, userPoolId: string, userPoolClientId: string) {
  const issuer = `${cognitoEndpoint}/${userPoolId}`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  return async function authorize(authorization: string | undefined): Promise<JWTPayload | null> {
    const token = authorization?.match(/^Bearer (.+)$/i)?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer });
      if (payload.token_use !== 'access' || payload.client_id !== userPoolClientId) return null;
      return payload;
    } catch {
      return null;
    }
  };
}
export type JwtAuthorizer = ReturnType<typeof createJwtAuthorizer>;
