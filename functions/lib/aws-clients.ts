import { config } from './config';

/**
 * What every AWS SDK client of the functions is made with: the region, the function's credentials
 * as config() read them (Lambda hands its role's over in the environment; the local stack sets its
 * own), and an endpoint where the service is an emulator rather than AWS's.
 */
export function awsClientOptions(endpoint?: string): {
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
} {
  const { AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN } = config();
  return {
    region: AWS_REGION,
    ...(endpoint ? { endpoint } : {}),
    ...(AWS_ACCESS_KEY_ID && AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: AWS_ACCESS_KEY_ID,
            secretAccessKey: AWS_SECRET_ACCESS_KEY,
            ...(AWS_SESSION_TOKEN ? { sessionToken: AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
  };
}

/**
 * A client made on first use and kept for the container's life, so that its connections stay open
 * across invocations. Not at import: the tests set the environment after importing the handlers.
 */
export function madeOnce<Client>(make: () => Client): () => Client {
  let client: Client | undefined;
  return () => (client ??= make());
}
