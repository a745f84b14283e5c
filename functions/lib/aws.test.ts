import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
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
  /** What the stand-in service received, in order. */
  let received: { headers: IncomingHttpHeaders; body: string; socket: Socket }[];

  beforeEach(async () => {
    requests = 0;
    received = [];
    answers = [];
    server = createServer((req, res) => {
      const answer = answers[requests++] ?? { status: 200 };
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        received.push({ headers: req.headers, body, socket: req.socket });
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

  it('signs each POST as the SDK’s SigV4 signer does, over one kept-alive connection', async () => {
    await call();
    await call();
    expect(received).toHaveLength(2);
    const [first, second] = received as [(typeof received)[0], (typeof received)[0]];
    expect(second.socket).toBe(first.socket);

    const date = String(first.headers['x-amz-date']);
    const signingDate = new Date(
      `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 11)}:${date.slice(11, 13)}:${date.slice(13)}`,
    );
    const { hostname, port } = new URL(url);
    const expected = await new SignatureV4({
      credentials: CREDENTIALS,
      region: 'eu-west-2',
      service: 'dynamodb',
      sha256: Sha256,
    }).sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname,
        port: Number(port),
        path: '/',
        headers: {
          host: `${hostname}:${port}`,
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.TransactWriteItems',
        },
        body: first.body,
      },
      // aws4fetch leaves content-type out of what it signs (the SDK signs it): valid SigV4 either way.
      { signingDate, unsignableHeaders: new Set(['content-type']) },
    );
    expect(first.body).toBe('{}');
    expect(first.headers['x-amz-content-sha256']).toBe(expected.headers['x-amz-content-sha256']);
    expect(first.headers.authorization).toBe(expected.headers.authorization);
  });
});
