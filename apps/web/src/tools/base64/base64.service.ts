import { err, ok, type Result } from '../../lib/result';
import { NOT_UNICODE_ERROR, utf8Bytes } from '../../lib/unicode';

/** Toast texts; text that is not valid Unicode gets the message every text tool gives. */
export const ENCODE_FAILED = NOT_UNICODE_ERROR;
export const INVALID_BASE64 = 'Invalid Base64 string';

/** Bytes per String.fromCharCode call, well under every engine's argument limit. */
const CHUNK = 0x8000;

/** Standard Base64 (RFC 4648 §4) of the text's UTF-8 bytes, with padding. */
export function encodeBase64(text: string): Result<string> {
  const encoded = utf8Bytes(text);
  if (!encoded.ok) return encoded;
  const bytes = encoded.value;
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return ok(btoa(binary));
}

/** Letters of either alphabet (RFC 4648 §4 `+/` and §5 URL-safe `-_`), then at most two `=`. */
const BASE64_SHAPE = /^[A-Za-z0-9+/\-_]*={0,2}$/;

/**
 * Decodes Base64 to text. Friendly about what people paste: whitespace and
 * line breaks anywhere are ignored (MIME wraps at 76 columns), the URL-safe
 * alphabet (`-` `_`) is accepted, and padding may be left out. Strict about
 * the rest: an unknown character, padding in the wrong place, a length no
 * encoder produces, or bytes that are not valid UTF-8 all give "Invalid Base64 string".
 */
export function decodeBase64(input: string): Result<string> {
  const compact = input.replace(/[\t\n\f\r ]+/g, '');
  if (!BASE64_SHAPE.test(compact)) return err(INVALID_BASE64);
  const padded = compact.includes('=');
  // Padding only ever completes a 4-character group; without it, a lone last character is impossible.
  if (padded ? compact.length % 4 !== 0 : compact.length % 4 === 1) return err(INVALID_BASE64);
  const standard = compact.replace(/-/g, '+').replace(/_/g, '/');
  let binary: string;
  try {
    binary = atob(standard);
  } catch {
    return err(INVALID_BASE64);
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    // ignoreBOM keeps a leading U+FEFF, so decoding gives back exactly what was encoded.
    return ok(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes));
  } catch {
    return err(INVALID_BASE64);
  }
}
