import { createHash, timingSafeEqual } from 'node:crypto';
import { awsClientOptions } from './aws-clients';
import { config } from './config';
import { Forbidden } from './errors';
import type { HttpEvent } from './http-event';

/**
 * Proof that a request came through CloudFront (issue 35): CloudFront's /api/* origin adds this
 * header with a secret it alone knows, kept in Secrets Manager and rotated there
 * (infra/aws/origin-secret-rotation.ts). A request without it reached the API some other way (the
 * execute-api endpoint, called directly), past CloudFront's web ACL, and whatever it says about
 * its viewer is the caller's word: it is refused before any work. Locally the gateway, CloudFront's
 * stand-in, adds the header the same way, from the same kind of secret (infra/local/secrets-manager.ts).
 */
export const ORIGIN_SECRET_HEADER = 'x-origin-verify';

/** Characters of a value (letters and digits), as the stack's first one and each rotation make it. */
export const ORIGIN_SECRET_LENGTH = 64;

export const EDGE_REQUIRED_CODE = 'edge_required';
export const EDGE_REQUIRED_MESSAGE = "Call the API through the web app's address, not the API's own endpoint";

/**
 * The stages a rotation moves the secret through (createSecret → setSecret → testSecret →
 * finishSecret): CloudFront's edges take a new header value over minutes, so during and after a
 * rotation some send the pending or new value and some the previous one. All three are accepted.
 */
const ACCEPTED_STAGES = ['AWSCURRENT', 'AWSPENDING', 'AWSPREVIOUS'] as const;

/**
 * How long a container keeps the values it read. The rotation waits longer than this between
 * making a new value (AWSPENDING) and handing it to CloudFront, so every container knows it before
 * any edge sends it; a forged value costs no read, however many are sent. Five minutes keeps the
 * reads (three stages) to some 26,000 a month for a container busy all month, about $0.13.
 */
export const ORIGIN_SECRET_CACHE_MS = 5 * 60 * 1000;

/**
 * The SDK's client, loaded on the first read: the agents' function, whose devices send no secret,
 * never reads one, and its cold start does not load the client (test/bench/bundles.ts).
 */
const secretsManager = (() => {
  let client: Promise<{ send: (stage: string, secretId: string) => Promise<string | null> }> | undefined;
  return () =>
    (client ??= import('@aws-sdk/client-secrets-manager').then((sdk) => {
      const made = new sdk.SecretsManagerClient(awsClientOptions(config().SECRETS_MANAGER_ENDPOINT));
      return {
        async send(stage: string, secretId: string) {
          try {
            const answer = await made.send(
              new sdk.GetSecretValueCommand({ SecretId: secretId, VersionStage: stage }),
            );
            return answer.SecretString ?? null;
          } catch (error) {
            // A secret never rotated has no AWSPREVIOUS, and AWSPENDING only during a rotation.
            if (stage !== 'AWSCURRENT' && error instanceof sdk.ResourceNotFoundException) return null;
            throw error;
          }
        },
      };
    }));
})();

const digest = (value: string) => createHash('sha256').update(value).digest();

interface Known {
  digests: Buffer[];
  readAt: number;
}

let known: Promise<Known> | undefined;

async function readStage(secretId: string, stage: string): Promise<string | null> {
  return (await secretsManager()).send(stage, secretId);
}

async function readKnown(now: number): Promise<Known> {
  const { ORIGIN_SECRET_ARN } = config();
  // Without the setting nothing could prove it came through the edge: every request is refused.
  if (!ORIGIN_SECRET_ARN) return { digests: [], readAt: now };
  const values = await Promise.all(ACCEPTED_STAGES.map((stage) => readStage(ORIGIN_SECRET_ARN, stage)));
  return {
    digests: values.filter((value): value is string => !!value).map(digest),
    readAt: now,
  };
}

function load(now: number): Promise<Known> {
  const reading = readKnown(now).catch((error: unknown) => {
    // A failed read is not kept: the next request tries again.
    if (known === reading) known = undefined;
    throw error;
  });
  known = reading;
  return reading;
}

async function knownValues(now: number): Promise<Known> {
  const current = known ? await known : await load(now);
  return now - current.readAt >= ORIGIN_SECRET_CACHE_MS ? load(now) : current;
}

const matches = (values: Known, sent: Buffer) => values.digests.some((value) => timingSafeEqual(value, sent));

/** Requests whose origin secret was checked and found good: only their viewer header is believed. */
const proven = new WeakSet<HttpEvent>();

export function cameThroughEdge(event: HttpEvent): boolean {
  return proven.has(event);
}

function sentSecret(event: HttpEvent): string | undefined {
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (name.toLowerCase() === ORIGIN_SECRET_HEADER && value) return value;
  }
  return undefined;
}

/**
 * Marks the request as having come through CloudFront, or not. Nothing of the request but the one
 * header is read, and no table: a request without the secret costs a comparison.
 */
export async function checkOriginSecret(event: HttpEvent, now = Date.now()): Promise<boolean> {
  const sent = sentSecret(event);
  if (!sent) return false;
  if (!matches(await knownValues(now), digest(sent))) return false;
  proven.add(event);
  return true;
}

/** The first check of every route CloudFront fronts: 403 edge_required without the secret. */
export async function requireOriginSecret(event: HttpEvent): Promise<void> {
  if (!(await checkOriginSecret(event))) throw new Forbidden(EDGE_REQUIRED_MESSAGE, EDGE_REQUIRED_CODE);
}

/** For tests: forget what was read, as a new container would. */
export function forgetOriginSecrets(): void {
  known = undefined;
}
