import { err, ok, type Result } from './result';

/**
 * What every text tool says when text is not valid Unicode: a lone half of a
 * surrogate pair has no UTF-8 form, and TextEncoder would silently turn it
 * into U+FFFD, so the tool would work on other text than the user's.
 */
export const NOT_UNICODE_ERROR = 'Failed to encode text';

/** True when the text holds a surrogate code unit without its partner. */
export const hasLoneSurrogate = (text: string): boolean => /\p{Surrogate}/u.test(text);

/** The text's exact UTF-8 bytes, or NOT_UNICODE_ERROR. */
export function utf8Bytes(text: string): Result<Uint8Array> {
  if (hasLoneSurrogate(text)) return err(NOT_UNICODE_ERROR);
  return ok(new TextEncoder().encode(text));
}
