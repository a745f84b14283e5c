import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const CREDENTIALS = {
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};

/** The SDK signer's hash interface, on node:crypto. */
class Sha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: unknown) {
    this.hash =
      secret === undefined ? createHash('sha256') : createHmac('sha256', secret as string | Uint8Array);
  }
  update(data: string | Uint8Array) {
    this.hash.update(data);
  }
  digest() {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
}

describe('presignedS3Url', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubEnv('AWS_REGION', 'eu-west-2');
    vi.stubEnv('AWS_ACCESS_KEY_ID', CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', CREDENTIALS.secretAccessKey);
    vi.stubEnv('AWS_SESSION_TOKEN', undefined);
    vi.stubEnv('TABLE_NAME', 'table');
    vi.stubEnv('USER_POOL_ID', 'pool');
    vi.stubEnv('USER_POOL_CLIENT_ID', 'client');
  });
  afterEach(() => vi.unstubAllEnvs());

  it('signs the same GET the SDK’s SigV4 signer presigns, with the content disposition', async () => {
    const { presignedS3Url } = await import('./aws');
    const now = new Date('2026-11-23T10:00:00Z');
    const disposition = 'attachment; filename="it-asset-agent.zip"';
    const url = new URL(
      await presignedS3Url({
        bucket: 'agent-bundles-1a2b',
        key: 'it-asset-agent.zip',
        query: { 'response-content-disposition': disposition },
        seconds: 300,
        now,
      }),
    );

    const expected = await new SignatureV4({
      credentials: CREDENTIALS,
      region: 'eu-west-2',
      service: 's3',
      sha256: Sha256,
      uriEscapePath: false,
    }).presign(
      {
        method: 'GET',
        protocol: 'https:',
        hostname: 'agent-bundles-1a2b.s3.eu-west-2.amazonaws.com',
        path: '/it-asset-agent.zip',
        query: { 'response-content-disposition': disposition },
        headers: {
          host: 'agent-bundles-1a2b.s3.eu-west-2.amazonaws.com',
          'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
        },
      },
      // As the SDK's S3 presigner: the payload hash header is neither signed nor moved to the query.
      {
        signingDate: now,
        expiresIn: 300,
        unsignableHeaders: new Set(['x-amz-content-sha256']),
        unhoistableHeaders: new Set(['x-amz-content-sha256']),
      },
    );

    expect(url.host).toBe('agent-bundles-1a2b.s3.eu-west-2.amazonaws.com');
    expect(url.pathname).toBe('/it-asset-agent.zip');
    expect(Object.fromEntries(url.searchParams)).toEqual(expected.query);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('response-content-disposition')).toBe(disposition);
  });
});
