import type { IncomingMessage } from 'node:http';

/**
 * A request's body, or null past `maxBytes`. Past the limit the rest is read and dropped rather
 * than the connection cut, so that the sender, still writing, gets to read the 413.
 */
export async function readBodyUpTo(req: IncomingMessage, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size <= maxBytes) chunks.push(chunk as Buffer);
  }
  return size > maxBytes ? null : Buffer.concat(chunks);
}
