import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { clientKey } from './client-key';

export interface ConnectionCaps {
  /**
   * Open connections at most. At the cap, a new connection takes the place of the one that has
   * waited longest without a request in progress; when every one is serving a request, it is closed.
   */
  maxConnections: number;
  /** Open connections per client (an IPv4 address, an IPv6 /56); beyond it a new one is closed. 0: no cap. */
  maxConnectionsPerClient: number;
}

/**
 * Keeps one client from holding every connection the server allows. Node's own maxConnections
 * closes every new connection once the cap is reached: a thousand idle sockets from one address
 * then locked everyone out, the health check included, until the header deadline (20 s) cut them,
 * and the client simply opened them again. Here one client may hold only its share, and at the cap
 * the connections that are not serving a request (idle, or still sending the request's headers)
 * make room, longest waiting first, so a new visitor (or a load balancer's health check) gets in.
 * A connection whose request is in progress is never closed to make room; its body has its own
 * deadline.
 */
export function guardConnections(server: Server, caps: ConnectionCaps): void {
  /** Every open connection and the client it counts for. */
  const clients = new Map<Socket, string>();
  /** Open connections per client. */
  const counts = new Map<string, number>();
  /** Connections without a request in progress, longest waiting first (a Set keeps insertion order). */
  const waiting = new Set<Socket>();

  const forget = (socket: Socket) => {
    const client = clients.get(socket);
    if (client === undefined) return;
    clients.delete(socket);
    waiting.delete(socket);
    const left = (counts.get(client) ?? 1) - 1;
    if (left > 0) counts.set(client, left);
    else counts.delete(client);
  };

  const makeRoom = (): boolean => {
    const [longest] = waiting;
    if (longest === undefined) return false;
    // Forgotten now, not at its 'close' event (a turn later), so the next connection counts right.
    forget(longest);
    longest.destroy();
    return true;
  };

  // Before the HTTP server's own listener, so a refused socket is closed before a byte is parsed.
  server.prependListener('connection', (socket: Socket) => {
    const client = clientKey(socket.remoteAddress);
    const count = counts.get(client) ?? 0;
    const overShare = caps.maxConnectionsPerClient > 0 && count >= caps.maxConnectionsPerClient;
    if (overShare || (clients.size >= caps.maxConnections && !makeRoom())) {
      socket.destroy();
      return;
    }
    clients.set(socket, client);
    counts.set(client, count + 1);
    waiting.add(socket);
    socket.once('close', () => forget(socket));
  });

  // Node hands a connection its next request only once the previous answer is done: one at a time.
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    waiting.delete(socket);
    res.once('close', () => {
      // Waiting again from now on: to the back of the line.
      if (clients.has(socket) && !socket.destroyed) waiting.add(socket);
    });
  });
}
