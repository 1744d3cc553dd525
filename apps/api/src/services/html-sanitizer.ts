import { createBlogSanitizer } from '@toolvault/shared';
import createDOMPurify, { type WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Blog HTML is sanitized on write (docs/decisions/0002-server-enforces-rules.md) with the policy shared with
 * the page (packages/shared blog-html-policy), so what is stored is already safe.
 * jsdom's cost per element grows with the document, so the server never calls
 * these on its event loop: html-sanitizer.pool.ts runs them in a process of its own
 * with a time limit. They stay synchronous here for that worker and for tests.
 */

/** A bug inside DOMPurify or jsdom (never a user's input, which is only ever cleaned). */
export class HtmlSanitizerError extends Error {
  override name = 'HtmlSanitizerError';
}

/** One jsdom window and one DOMPurify instance for the process: creating a window costs milliseconds. */
let sharedWindow: JSDOM['window'] | undefined;
let sanitize: ((html: string) => string) | undefined;

function jsdomWindow(): JSDOM['window'] {
  sharedWindow ??= new JSDOM('<!DOCTYPE html>').window;
  return sharedWindow;
}

function getSanitizer(): (html: string) => string {
  if (sanitize) return sanitize;
  // jsdom's window has everything DOMPurify reads; its types differ from lib.dom's in details only.
  const instance = createDOMPurify(jsdomWindow() as unknown as WindowLike);
  if (!instance.isSupported) throw new HtmlSanitizerError('DOMPurify does not support this jsdom window');
  sanitize = createBlogSanitizer(instance);
  return sanitize;
}

/**
 * The blog's stored HTML: everything outside the allow-list removed, links
 * with target given rel="noopener noreferrer". Always returns text; a failure
 * inside DOMPurify or jsdom (a bug) throws HtmlSanitizerError, the one place
 * their exceptions are wrapped (user mistakes are values, not exceptions: docs/decisions/0012-code-habits.md).
 */
export function sanitizeHtml(html: string): string {
  try {
    return getSanitizer()(html);
  } catch (error) {
    if (error instanceof HtmlSanitizerError) throw error;
    throw new HtmlSanitizerError('Sanitizing HTML failed', { cause: error });
  }
}

/** Length of a post's excerpt, description for crawlers and feed item (about the first 160 characters, as designed). */
export const DESCRIPTION_LENGTH = 160;

/** The first `max` characters of the post's text, cut at a word where one is near, with an ellipsis. */
export function excerpt(html: string, max: number = DESCRIPTION_LENGTH): string {
  const text = htmlText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Block ends and line breaks become spaces, so `<p>a</p><p>b</p>` reads "a b", not "ab". */
const BLOCK_END = /<\/(?:p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi;

/**
 * The visible text of HTML, whitespace collapsed: for descriptions and feeds.
 * Parsed inside an inert <template> of the shared window, so nothing loads or runs.
 */
export function htmlText(html: string): string {
  try {
    const template = jsdomWindow().document.createElement('template');
    template.innerHTML = html.replace(BLOCK_END, (end) => `${end} `);
    return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
  } catch (error) {
    throw new HtmlSanitizerError('Reading the text of HTML failed', { cause: error });
  }
}
