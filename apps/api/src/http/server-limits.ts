import http, { type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { guardConnections } from './connection-guard';
import { ERRORS, errorBodyText } from './errors';

/**
 * How long a client may take, and how many may be connected at once. Node's defaults close stalled
 * headers only after about 90 s and a stalled body after about 330 s, and cap nothing: a few
 * hundred slow clients would hold the process. The values are explicit here, as in any
 * production server (nginx: client_header_timeout, client_body_timeout, worker_connections).
 */
export interface ServerLimits {
  /** The request line and headers must arrive within this. */
  headersTimeoutMs: number;
  /** A request body (outside the speed test's upload) must arrive within this. */
  bodyTimeoutMs: number;
  /**
   * The whole request, body included, must arrive within this; the speed test's upload (10 MB)
   * needs the longest, so this is its allowance (about 0.7 Mbit/s).
   */
  requestTimeoutMs: number;
  /** A connection on which nothing moves, in either direction, is closed after this. */
  idleTimeoutMs: number;
  /** An idle keep-alive connection waits this long for its next request. */
  keepAliveTimeoutMs: number;
  /**
   * Open connections at most (MAX_CONNECTIONS); at the cap, idle ones make room for new ones
   * (http/connection-guard.ts).
   */
  maxConnections: number;
  /**
   * Open connections per client address (MAX_CONNECTIONS_PER_IP), well below maxConnections so
   * that no one client can take them all; 0: no cap.
   */
  maxConnectionsPerClient: number;
  /** How often Node checks the header and request deadlines. */
  checkIntervalMs: number;
}

export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 20_000,
  bodyTimeoutMs: 30_000,
  requestTimeoutMs: 120_000,
  idleTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
  // A browser opens at most six connections to a site; 64 leaves room for a household or an office behind one address.
  maxConnectionsPerClient: 64,
  checkIntervalMs: 1_000,
};

/** The connection settings of the configuration (env.ts reads them; its defaults come from here). */
export interface ConnectionSettings {
  maxConnections: number;
  maxConnectionsPerIp: number;
  trustProxy: number;
}

/**
 * The limits with the configured connection caps. Behind a proxy (TRUST_PROXY above 0) every
 * connection comes from the proxy, whose address would soon be over its share: there is no cap
 * per address, and the proxy is the place to limit each visitor's connections.
 */
export function serverLimits(config: ConnectionSettings): ServerLimits {
  return {
    ...SERVER_LIMITS,
    maxConnections: config.maxConnections,
    maxConnectionsPerClient: config.trustProxy > 0 ? 0 : config.maxConnectionsPerIp,
  };
}

/** Requests whose body may take up to requestTimeoutMs instead of bodyTimeoutMs. */
const LONG_BODY_PATHS = new Set(['/api/speedtest/upload']);

/** An http.Server for `handler` with the limits above (or the given ones, for tests). */
export function createHttpServer(handler: RequestListener, limits: ServerLimits = SERVER_LIMITS): Server {
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    handler,
  );
  guardConnections(server, limits);
  // Without a 'timeout' listener Node destroys an idle socket, which is what is wanted here.
  server.setTimeout(limits.idleTimeoutMs);
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) =>
    bodyDeadline(req, res, limits.bodyTimeoutMs),
  );
  return server;
}

/**
 * Node has one request timeout for the whole server; every body but the upload's gets this
 * shorter deadline. A body still incomplete then is abandoned with its connection.
 */
function bodyDeadline(req: IncomingMessage, res: ServerResponse, ms: number): void {
  // Most requests (every GET, the redirect's click) declare no body: nothing to wait for, no timer.
  const declaresBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
  if (!declaresBody || req.complete || LONG_BODY_PATHS.has((req.url ?? '').split('?')[0]!)) return;
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (!res.headersSent) {
      res.writeHead(ERRORS.REQUEST_TIMEOUT.status, {
        Connection: 'close',
        'Content-Type': 'application/json; charset=utf-8',
      });
      res.end(errorBodyText('REQUEST_TIMEOUT'));
    }
    req.socket.destroySoon();
  }, ms);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once('end', clear);
  res.once('close', clear);
}

/** One line for a failed listen(), without a stack: the operator's next step is in it. */
export function listenErrorMessage(error: NodeJS.ErrnoException, port: number): string {
  if (error.code === 'EADDRINUSE') return `Port ${port} is already in use; set PORT to another.`;
  if (error.code === 'EACCES') return `Port ${port} needs privileges this user lacks; set PORT to 1024 or above.`;
  return `Could not listen on port ${port}: ${error.message}`;
}
