import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook delivery as an endpoint receives it: the raw body and its Stripe-Signature header. */
export interface WebhookDelivery {
  body: string;
  signature: string;
}

export interface WebhookRecorder {
  url: string;
  /** Every delivery so far, oldest first. */
  delivered: WebhookDelivery[];
  close(): Promise<void>;
}

/** An endpoint on a free loopback port that acknowledges and keeps every webhook delivered to it. */
export async function startWebhookRecorder(): Promise<WebhookRecorder> {
  const delivered: WebhookDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      delivered.push({
        body: Buffer.concat(chunks).toString('utf8'),
        signature: String(request.headers['stripe-signature']),
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`,
    delivered,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
