import express, { type RequestHandler } from 'express';
import { AppError } from './errors';

const UNITS = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 } as const;

/** The bytes of a body limit written as body-parser reads it: a number, or '100kb', '10mb' (1 kb = 1024 bytes). */
export function byteLimit(limit: number | string): number {
  if (typeof limit === 'number') return limit;
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?$/i.exec(limit.trim());
  if (!match) throw new Error(`Not a body size: ${limit}`);
  return Math.floor(Number(match[1]) * UNITS[(match[2]?.toLowerCase() ?? 'b') as keyof typeof UNITS]);
}

/**
 * Answers 413 at once, before a byte of the body is read, when a JSON request announces a
 * Content-Length over `limit`; the connection is closed after the answer, so the body is never
 * waited for. body-parser sees the same header but answers only once it has read and thrown away
 * the whole body: a client that announces 10 GB and sends two bytes would hold the request until
 * the body deadline. A body that has already arrived in full is left to the parser, and so is a
 * chunked one (no length announced), which the parser stops reading at the limit. The length is
 * compared whatever the Content-Encoding: compressed JSON is smaller than the JSON it inflates to.
 */
export function refuseOversizedBody(limit: number | string): RequestHandler {
  const bytes = byteLimit(limit);
  return (req, res, next) => {
    const announced = Number(req.headers['content-length']);
    if (req.complete || !(announced > bytes) || !req.is('application/json')) {
      next();
      return;
    }
    res.setHeader('Connection', 'close');
    next(new AppError('PAYLOAD_TOO_LARGE'));
  };
}

/** express.json for bodies up to `limit`, an oversized announced length refused before reading. */
export function jsonBody(limit: number | string): RequestHandler {
  const refuse = refuseOversizedBody(limit);
  const parse = express.json({ limit: byteLimit(limit) });
  return (req, res, next) =>
    refuse(req, res, (error?: unknown) => (error === undefined ? parse(req, res, next) : next(error)));
}
