import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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

describe('presignedS3Url', () => {
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

describe('awsRequest', () => {
  let server: Server;
  let url: string;
  /** The answers the stand-in service gives, one per request, in order. */
  let answers: { status: number; type?: string }[];
  let requests: number;

  beforeEach(async () => {
    requests = 0;
    server = createServer((req, res) => {
      const answer = answers[requests++] ?? { status: 200 };
      req.resume().on('end', () => {
        res.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify(answer.type ? { __type: answer.type, message: answer.type } : { ok: true }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const call = async () => {
    const { awsJsonCall } = await import('./aws');
    return awsJsonCall({
      service: 'dynamodb',
      url,
      target: 'DynamoDB_20120810.TransactWriteItems',
      jsonVersion: '1.0',
      body: {},
    });
  };

  it('tries again after a transaction still in progress, a throttle or a 5xx, as the SDK does', async () => {
    answers = [
      { status: 400, type: 'com.amazonaws.dynamodb.v20120810#TransactionInProgressException' },
      { status: 200 },
    ];
    await expect(call()).resolves.toEqual({ ok: true });
    expect(requests).toBe(2);

    requests = 0;
    answers = [{ status: 500, type: 'InternalServerError' }, { status: 503 }, { status: 200 }];
    await expect(call()).resolves.toEqual({ ok: true });
    expect(requests).toBe(3);
  });

  it('gives up after three attempts, and at once on an error a retry cannot mend', async () => {
    answers = Array.from({ length: 5 }, () => ({ status: 400, type: 'ThrottlingException' }));
    await expect(call()).rejects.toMatchObject({ name: 'ThrottlingException', status: 400 });
    expect(requests).toBe(3);

    requests = 0;
    answers = [{ status: 400, type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException' }];
    await expect(call()).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect(requests).toBe(1);
  });
});
