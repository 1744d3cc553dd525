import { err, ok, type Result } from '../../lib/result';

/** Toast texts. */
export const ENCODE_FAILED = 'Failed to encode URL';
export const INVALID_URL_ENCODING = 'Invalid URL encoding';

/**
 * Percent-encodes text with `encodeURIComponent` semantics: everything except
 * A–Z a–z 0–9 `- _ . ! ~ * ' ( )` becomes UTF-8 `%XX` bytes, so the result is
 * safe inside a query value or a path segment. A lone surrogate has no UTF-8
 * form and is refused.
 */
export function urlEncode(text: string): Result<string> {
  try {
    return ok(encodeURIComponent(text));
  } catch {
    return err(ENCODE_FAILED);
  }
}

/**
 * Reverses `urlEncode` (`decodeURIComponent`). A `%` not followed by two hex
 * digits, or `%XX` bytes that are not valid UTF-8, give "Invalid URL
 * encoding". `+` stays a plus sign: it means a space only in HTML form bodies.
 */
export function urlDecode(text: string): Result<string> {
  try {
    return ok(decodeURIComponent(text));
  } catch {
    return err(INVALID_URL_ENCODING);
  }
}
