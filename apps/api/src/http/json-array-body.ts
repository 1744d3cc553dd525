import type * as StreamParser from '@streamparser/json';
import contentType from 'content-type';
import express, { type RequestHandler } from 'express';
import { timeSlices } from '../event-loop';
import { byteLimit, refuseOversizedBody } from './body-limit';
import { AppError } from './errors';

/** Bytes decoded and parsed per call: about a millisecond of work on a slow machine. */
const SLICE_BYTES = 16 * 1024;
/** The longest the parser runs before it lets other requests have the event loop. */
const SLICE_MS = 5;

/**
 * Parses a request body that must be one JSON array (the shortlink import: up to 10,000 rows, a few
 * megabytes) into `req.body`, without holding the event loop. JSON.parse of a 3 MB import took
 * 15–25 ms in one piece, and collecting its garbage about as long again right after: every
 * redirect waited for both. Here express.raw reads the body (its size limit, content types and
 * gzip as before), then a streaming parser takes it a slice at a time, yielding every few
 * milliseconds. Slower in total (about 50 ms for 3 MB instead of 15), never long at once.
 *
 * Text that is not JSON, or JSON that is not an array, or JSON nested deeper than `maxDepth` (the
 * array itself is depth 1), calls `next` with `invalid()`; a charset no decoder knows is a 415, an
 * announced length over `limit` a 413 before the body is read. A request that is not JSON at all
 * leaves `req.body` unset, as express.json does.
 */
export function jsonArrayBody({
  limit,
  maxDepth,
  invalid,
}: {
  limit: number | string;
  maxDepth: number;
  invalid: () => Error;
}): RequestHandler {
  const refuse = refuseOversizedBody(limit);
  const read = express.raw({ type: 'application/json', limit: byteLimit(limit) });
  const parse: RequestHandler = (req, res, next) =>
    read(req, res, (error?: unknown) => {
      if (error !== undefined || !Buffer.isBuffer(req.body)) {
        next(error);
        return;
      }
      let decoder: TextDecoder;
      try {
        // fatal: bytes that are not valid in the charset are a broken file, not text to guess at.
        decoder = new TextDecoder(contentType.parse(req).parameters.charset ?? 'utf-8', { fatal: true });
      } catch {
        next(new AppError('UNSUPPORTED_MEDIA_TYPE'));
        return;
      }
      parseJsonArray(req.body, decoder, maxDepth).then(
        (rows) => {
          req.body = rows;
          next();
        },
        () => next(invalid()),
      );
    });
  return (req, res, next) =>
    refuse(req, res, (error?: unknown) => (error === undefined ? parse(req, res, next) : next(error)));
}

/**
 * The array's elements, in order; rejects on anything that JSON.parse would refuse, that is not an
 * array, or that nests objects and arrays deeper than `maxDepth`.
 */
export async function parseJsonArray(body: Buffer, decoder: TextDecoder, maxDepth: number): Promise<unknown[]> {
  // Loaded on the first array body (an import), not as the server starts: it is heap for the life
  // of a process that may never import anything.
  const { JSONParser, TokenType }: typeof StreamParser = await import('@streamparser/json');
  const rows: unknown[] = [];
  // '$.*': each element of the top-level array, handed over once complete; keepStack false lets the
  // parser forget an element once it is handed over.
  const parser = new JSONParser({ paths: ['$.*'], keepStack: false });
  parser.onValue = ({ value }) => {
    rows.push(value);
  };
  // Counted on the tokens, before the parser builds anything from them: 10 MB of '[' would
  // otherwise become five million nested arrays (0.7 GB) before the file was refused.
  let depth = 0;
  parser.onToken = ({ token }) => {
    if (token === TokenType.LEFT_BRACKET || token === TokenType.LEFT_BRACE) {
      depth += 1;
      if (depth > maxDepth) throw new Error(`Nested deeper than ${maxDepth}`);
    } else if (token === TokenType.RIGHT_BRACKET || token === TokenType.RIGHT_BRACE) depth -= 1;
  };
  const pause = timeSlices(SLICE_MS);
  let started = false;
  // Decoded a slice at a time too: decoding 3 MB of text with accents at once takes over 10 ms.
  // The decoder drops a leading byte-order mark (files saved by some Windows editors start with one).
  for (let at = 0; at < body.length; at += SLICE_BYTES) {
    const text = decoder.decode(body.subarray(at, at + SLICE_BYTES), { stream: true });
    if (!started) {
      const first = text.search(/[^ \t\n\r]/);
      if (first === -1) continue;
      // An object or a lone value would parse, but is not an import.
      if (text[first] !== '[') throw new Error('Not a JSON array');
      started = true;
    }
    parser.write(text);
    await pause();
  }
  // Throws on a multi-byte character cut off at the end.
  const rest = decoder.decode();
  if (!started) throw new Error('Not a JSON array');
  if (rest !== '') parser.write(rest);
  // The parser ends itself when the array closes (and then refuses anything but whitespace after it).
  if (!parser.isEnded) parser.end();
  return rows;
}
