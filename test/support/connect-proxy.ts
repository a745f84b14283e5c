import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createProxy } from 'proxy';

/**
 * A real HTTP proxy on a free local port (the `proxy` package: CONNECT tunnels, as a company's
 * proxy), which records every CONNECT it is asked for, so a test can tell the agent went through it.
 */
export interface ConnectProxy {
  /** http://127.0.0.1:<port>, without credentials. */
  url: string;
  port: number;
  /** The `host:port` of each CONNECT received, in order (refused ones included). */
  connects: string[];
  close: () => Promise<void>;
}

/** Starts the proxy; with `credentials`, a CONNECT without them is answered 407, as a proxy asking for a login. */
export async function startConnectProxy(
  options: { credentials?: { user: string; password: string } } = {},
): Promise<ConnectProxy> {
  const connects: string[] = [];
  const server = http.createServer();
  // Tunnels outlive their request: close() ends them, or it would wait for the client's keep-alive.
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  // Registered before the proxy's own listener, so even a refused CONNECT is recorded.
  server.on('connect', (request: http.IncomingMessage) => connects.push(request.url ?? ''));
  const proxy = createProxy(server);
  const { credentials } = options;
  if (credentials) {
    const expected = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
    proxy.authenticate = (request) => request.headers['proxy-authorization'] === expected;
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connects,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
