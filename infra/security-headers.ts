/**
 * The security headers CloudFront adds to every answer of the web app and the API (the Web stack's
 * ResponseHeadersPolicy), shared with the local gateway, which sends the same ones: a Content
 * Security Policy the app breaks shows up on a laptop before it does in AWS.
 */
export const SECURITY_HEADER_SETTINGS = {
  /** Strict-Transport-Security: two years, subdomains included. */
  hstsMaxAgeSeconds: 730 * 24 * 3600,
  hstsIncludeSubdomains: true,
  frameOptions: 'DENY',
  referrerPolicy: 'strict-origin-when-cross-origin',
} as const;

/**
 * The SPA's Content Security Policy. It loads only its own files and calls only its own origin
 * (/api, /config.json) and its user pool's Cognito endpoint (in AWS
 * https://cognito-idp.<region>.amazonaws.com, locally cognito-local's address). Amplify UI sets
 * inline styles, hence 'unsafe-inline' for styles (never for scripts).
 */
export function contentSecurityPolicy(cognitoOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${cognitoOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Where the SPA reaches its user pool: Cognito's regional endpoint, or an emulator's address. */
export function cognitoOrigin(region: string, endpoint?: string): string {
  return endpoint ? new URL(endpoint).origin : `https://cognito-idp.${region}.amazonaws.com`;
}

/** The headers as CloudFront writes them onto an answer, for a user pool at this origin. */
export function securityHeaders(cognitoOrigin: string): Record<string, string> {
  const { hstsMaxAgeSeconds, hstsIncludeSubdomains, frameOptions, referrerPolicy } = SECURITY_HEADER_SETTINGS;
  return {
    'content-security-policy': contentSecurityPolicy(cognitoOrigin),
    'strict-transport-security': `max-age=${hstsMaxAgeSeconds}${hstsIncludeSubdomains ? '; includeSubDomains' : ''}`,
    'x-content-type-options': 'nosniff',
    'x-frame-options': frameOptions,
    'referrer-policy': referrerPolicy,
    'x-xss-protection': '1; mode=block',
  };
}
