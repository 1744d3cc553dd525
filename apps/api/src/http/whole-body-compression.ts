import zlib from 'node:zlib';
import compressible from 'compressible';
import type { RequestHandler, Response } from 'express';
import Negotiator from 'negotiator';

/** Below this, compression would gain less than its headers cost (the `compression` package's default). */
const THRESHOLD_BYTES = 1024;

/**
 * Above this a body is left to `compression`'s stream. At these levels 128 KB of JSON compress in
 * 0.1–0.3 ms on the event loop here (a page of 50 links, 16 KB, in 0.04–0.06 ms); a larger body
 * would hold the loop longer.
 */
export const WHOLE_BODY_MAX_BYTES = 128 * 1024;

// As `compression` negotiates and compresses, so a body is encoded the same either way: Brotli at
// quality 4 (fast, still smaller than gzip) wherever the client takes it, else gzip, else deflate.
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** negotiator 1.x takes the tie-break order its types (written for 0.6) do not declare. */
type Negotiate = (available: readonly string[], options: { preferred: readonly string[] }) => string | undefined;

const encode = (method: string, body: Buffer) =>
  method === 'br'
    ? zlib.brotliCompressSync(body, BROTLI)
    : method === 'gzip'
      ? zlib.gzipSync(body)
      : zlib.deflateSync(body);

/**
 * Compresses a body sent whole (`res.json`, `res.send`: one `res.end` with everything, up to
 * WHOLE_BODY_MAX_BYTES) at once, on the event loop, and hands it on already encoded; `compression`,
 * mounted before this, then leaves it alone. Streamed and larger bodies go through `compression`.
 *
 * Why: `compression` feeds every body through a zlib stream, which does its work on libuv's thread
 * pool and hands each piece back on a later turn of the event loop. While the loop is busy (an
 * import of 10,000 links runs in slices), each turn waits for a slice: an admin's first page of
 * links took 13–14 ms in the server during an import (p50; at most 25–48 ms), and 4 ms (at most
 * 12–19 ms) once compressed in place.
 */
export function wholeBodyCompression(): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'HEAD') return next();
    const write = res.write;
    const end = res.end as (...args: unknown[]) => Response;
    const restore = () => {
      res.write = write;
      res.end = end;
    };
    // A body written in pieces is a stream: it is `compression`'s.
    res.write = function (this: Response, ...args: Parameters<Response['write']>) {
      restore();
      return write.apply(this, args);
    } as Response['write'];
    res.end = function (this: Response, ...args: unknown[]) {
      restore();
      const [chunk, encoding] = args;
      if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
        const body = typeof chunk === 'string' ? Buffer.from(chunk, encoding as BufferEncoding | undefined) : chunk;
        const method = eligible(res, body.length)
          ? (new Negotiator(req).encoding as unknown as Negotiate)(SUPPORTED, { preferred: PREFERRED })
          : undefined;
        if (method !== undefined && method !== 'identity') {
          const encoded = encode(method, body);
          res.vary('Accept-Encoding');
          res.setHeader('Content-Encoding', method);
          res.setHeader('Content-Length', encoded.length);
          const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined;
          return end.call(this, encoded, callback);
        }
      }
      return end.apply(this, args);
    } as Response['end'];
    next();
  };
}

/** Whether a whole body of `length` bytes should be compressed here, before negotiation. */
function eligible(res: Response, length: number): boolean {
  if (res.headersSent || length < THRESHOLD_BYTES || length > WHOLE_BODY_MAX_BYTES) return false;
  if (res.statusCode === 204 || res.statusCode === 304) return false;
  if (res.getHeader('Content-Encoding') !== undefined) return false;
  const type = res.getHeader('Content-Type');
  if (typeof type !== 'string' || !compressible(type)) return false;
  const cacheControl = res.getHeader('Cache-Control');
  return typeof cacheControl !== 'string' || !NO_TRANSFORM.test(cacheControl);
}
