/**
 * What text the API takes, without zod (the pages that only read use these too). No form can type a
 * control character (C0, DEL, C1) or half of a surrogate pair: such text is pasted, generated or
 * corrupt, and it breaks what stores and shows it (PostgreSQL refuses U+0000 outright; a lone
 * surrogate becomes U+FFFD on the way to either database). Multi-line fields (a textarea, a post's
 * HTML) also take tab, line feed and carriage return; single-line ones take none of them.
 *
 * Both patterns need the `u` flag: with it `\uD800-\uDFFF` matches only an unpaired half, so emoji
 * and other characters beyond U+FFFF (a valid pair) pass. JSON Schema validators such as ajv read
 * a `pattern` the same way.
 */
// eslint-disable-next-line no-control-regex
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;
// eslint-disable-next-line no-control-regex
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]*$/u;

/** The 400 INVALID_CHARACTERS message, after the field's name. */
export const INVALID_CHARACTERS_MESSAGE =
  'Text may not contain control characters (line breaks and tabs only in multi-line fields) or unpaired surrogates';

/** True when `value` is text a single-line field (or, with `multiline`, a multi-line one) accepts. */
export function isTypableText(value: string, { multiline = false }: { multiline?: boolean } = {}): boolean {
  return (multiline ? MULTI_LINE_TEXT : SINGLE_LINE_TEXT).test(value);
}
