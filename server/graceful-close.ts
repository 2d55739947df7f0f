import { Server as NetServer, type Socket } from 'node:net';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';

// What app.close() does to keep-alive connections. Node's server.close() destroys every connection
// that has no request in progress at that instant, and a request the client has already sent on such
// a connection (still in the kernel's buffer, or arriving a moment later) is reset: the client
// cannot tell whether it was done. Fastify's return503OnClosing answers only the requests that
// reach it. So, before Fastify closes the server:
//   1. stop accepting new connections (clients go elsewhere or retry at once: connection refused);
//   2. from now on every response says `Connection: close`, in-flight ones included, and requests
//      that arrive are answered 503 (return503OnClosing) — each keep-alive client learns to close;
//   3. wait until no connection has been idle for less than QUIET_MS (a client that was about to
//      send has sent, been answered and told to close), at most DRAIN_LIMIT_MS;
// then Fastify closes what is left (connections quiet for QUIET_MS) and waits for in-flight requests.

/**
 * A connection idle this long during shutdown is taken as one the client is not using. A client that pauses longer
 * than this between an answer and its next request on the same connection (its own GC, a loaded machine) may have
 * that request reset. 100 ms proved too short once on a loaded 2-core CI machine (tests/server/lifecycle/signals);
 * 250 ms costs a shutdown at most 150 ms more.
 */
export const QUIET_MS = 250;
/** The longest the wait for quiet connections may last (in-flight requests are waited for after it). */
export const DRAIN_LIMIT_MS = 2_000;

type Connection = { active: Set<ServerResponse>; idleSince: number };

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 10));
// After the poll phase: whatever had already arrived on a socket has been read and parsed by then.
const afterIO = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Call before listen(): app.close() then drains keep-alive connections instead of resetting them. */
export function closeConnectionsGracefully(app: FastifyInstance): void {
  const connections = new Map<Socket, Connection>();
  let closing = false;

  app.server.on('connection', (socket: Socket) => {
    connections.set(socket, { active: new Set(), idleSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  app.server.on('request', (req: { socket: Socket }, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (closing && !res.headersSent) res.shouldKeepAlive = false;
    if (!connection) return;
    connection.active.add(res);
    res.once('close', () => {
      connection.active.delete(res);
      connection.idleSince = Date.now();
    });
  });

  app.addHook('preClose', async () => {
    closing = true;
    // Stop listening without http.Server's close(), which would also destroy idle connections now.
    // Fastify's own server.close() after this hook finds the listener closed and waits for the rest.
    if (app.server.listening) NetServer.prototype.close.call(app.server);
    for (const { active } of connections.values()) {
      for (const res of active) if (!res.headersSent) res.shouldKeepAlive = false;
    }
    const deadline = Date.now() + DRAIN_LIMIT_MS;
    for (;;) {
      await tick();
      await afterIO();
      const now = Date.now();
      const recent = [...connections.values()].some(
        ({ active, idleSince }) => active.size === 0 && now - idleSince < QUIET_MS,
      );
      if (!recent || now >= deadline) return;
    }
  });
}
