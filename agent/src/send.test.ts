import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolmentUrl, parseRetryAfter, RETRY_AFTER_MAX_MS, sendReport, serverMessage } from './send';

const TOKEN = `dt_01HZXAMPLEORG.${'A'.repeat(43)}`;

interface Received {
  method: string | undefined;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in for the ingestion route: answers what the path asks for. */
let server: http.Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, headers: req.headers, body });
      const status = Number(req.url?.split('/').at(-1));
      if (status === 999) return; // never answers
      const error = {
        400: {
          code: 'invalid_body',
          message: 'Invalid report',
          details: { hostname: 'hostname is required' },
        },
        401: { code: 'unauthorized', message: 'Invalid API key' },
        402: { code: 'payment_required', message: 'Subscription required' },
        413: { code: 'too_large', message: 'Report too large' },
        503: { code: 'unavailable', message: 'Try again later' },
      }[status];
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(error ? JSON.stringify({ error }) : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = (status: number, timeoutMs?: number) =>
  sendReport(`${base}/api/agent/report/${status}`, TOKEN, '{"hostname":"pc"}', undefined, timeoutMs);

describe('sendReport', () => {
  it('posts JSON with the device token and takes 202 as accepted', async () => {
    const result = await send(202);
    expect(result).toMatchObject({ outcome: 'accepted', status: 202, message: 'Report accepted (202)' });
    const request = received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['x-api-key']).toBeUndefined();
    expect(request.headers['user-agent']).toMatch(/^it-asset-auditor-agent\/1\.0\.0/);
    expect(request.body).toBe('{"hostname":"pc"}');
  });
  it('reports a refused token (401) without a quick retry', async () => {
    const result = await send(401);
    expect(result).toMatchObject({ outcome: 'rejected', status: 401 });
    expect(result.message).toContain('device token was refused');
    expect(result.message).not.toContain(TOKEN);
  });
  it('shows the details of a 400', async () => {
    const result = await send(400);
    expect(result).toMatchObject({ outcome: 'rejected', status: 400 });
    expect(result.message).toContain('Invalid report [invalid_body] {"hostname":"hostname is required"}');
  });
  it.each([402, 413])('does not retry %i quickly', async (status) => {
    expect((await send(status)).outcome).toBe('rejected');
  });
  it('retries a 503', async () => {
    const result = await send(503);
    expect(result).toMatchObject({ outcome: 'retry', status: 503 });
    expect(result.message).toContain('Try again later');
  });
  it('retries when the server cannot be reached', async () => {
    const result = await sendReport('http://127.0.0.1:1/api/agent/report', TOKEN, '{}');
    expect(result).toMatchObject({ outcome: 'retry', status: null });
    expect(result.message).toContain('Cannot reach http://127.0.0.1:1/api/agent/report');
  });
  it('gives up waiting after the timeout and retries', async () => {
    const result = await send(999, 300);
    expect(result).toMatchObject({ outcome: 'retry', status: null });
    expect(result.message).toContain('no answer within 0.3 s');
  });
});

describe('parseRetryAfter and enrolmentUrl', () => {
  it('reads seconds and HTTP dates, and caps absurd waits', () => {
    const now = Date.parse('2026-11-22T08:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 08:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('99999999', now)).toBe(RETRY_AFTER_MAX_MS);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
  it('finds the enrolment route beside the report route', () => {
    expect(enrolmentUrl('https://a.example.com/api/agent/report')).toBe(
      'https://a.example.com/api/agent/enroll',
    );
    expect(enrolmentUrl('https://a.example.com/api/agent/report/')).toBe(
      'https://a.example.com/api/agent/enroll',
    );
  });
});

describe('serverMessage', () => {
  it('reads the error envelope, a short text, and ignores HTML pages', () => {
    expect(serverMessage('{"error":{"code":"x","message":"Nope"}}')).toBe('Nope [x]');
    expect(serverMessage('Bad Gateway')).toBe('Bad Gateway');
    expect(serverMessage('<html><body>502</body></html>')).toBeNull();
    expect(serverMessage('')).toBeNull();
  });
});
