import type { Config, DOMPurify } from 'dompurify';

/**
 * The one HTML policy of blog posts, applied by the server when a post is
 * saved and by the page again before rendering (docs/decisions/0002-server-enforces-rules.md). The allow-list
 * matches the editor's formats (headers 1–3, bold, italic,
 * underline, strike, lists, link, image, clean) plus code, and headers 4–6:
 * the toolbar offers three levels, but a pasted h4–h6 keeps its level rather
 * than turning into plain text.
 */
const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'ol',
  'ul',
  'li',
  'a',
  'img',
  'code',
  'pre',
  'blockquote',
  'span',
];
/**
 * `data-list` is how Quill 2 marks bullet vs ordered items inside its one <ol>; `data-language` is the
 * language of a code block (`<pre data-language="javascript">`), which the page highlights.
 */
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'class', 'data-list', 'data-language'];

/** Links only for http, https, mailto or tel. */
const LINK_SCHEME = /^(?:https?|mailto|tel):/i;
/** Images http, https or data — data only for raster images (an SVG can carry script). */
const IMAGE_SCHEME = /^(?:https?:|data:image\/(?:png|jpeg|gif|webp)[;,])/i;
/** Every URI attribute must match one of the two; per tag the hook below narrows it. Relative URLs are refused. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|data:image\/(?:png|jpeg|gif|webp)[;,])/i;
/** What DOMPurify strips before testing a URI (and browsers ignore inside a scheme: `java\tscript:`). */
// eslint-disable-next-line no-control-regex
const URI_IGNORED = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;
/** Quill's own classes (ql-align-center, ql-indent-2, ql-syntax); any other class is dropped. */
const QUILL_CLASS = /^ql-[a-z0-9-]+$/;
/** Indent levels 1 to 8, as the editor writes them; a deeper level has no style and is dropped. */
const INDENT_CLASS = /^ql-indent-/;
const INDENT_LEVEL = /^ql-indent-[1-8]$/;
const isPolicyClass = (name: string) => QUILL_CLASS.test(name) && (!INDENT_CLASS.test(name) || INDENT_LEVEL.test(name));
const LIST_KINDS = new Set(['bullet', 'ordered']);
/** A language name as highlight.js and the editor spell them (`javascript`, `cpp`, `c#`, `objective-c`). */
const CODE_LANGUAGE = /^[a-z0-9][a-z0-9+#_-]{0,31}$/;
/** Links may open a new tab; named frames and `_top`/`_parent` are dropped. */
const LINK_TARGETS = new Set(['_blank', '_self']);
/** Added to every link that opens elsewhere, so the opened page cannot reach back (window.opener). */
const SAFE_REL = 'noopener noreferrer';

export const BLOG_HTML_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  // Plain-text attributes: DOMPurify would otherwise test their values against ALLOWED_URI_REGEXP.
  ADD_URI_SAFE_ATTR: ['target', 'rel', 'data-list', 'data-language'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  // Text of removed elements (an unknown <div>) is kept; script, style, svg, math … go whole (DOMPurify's FORBID_CONTENTS).
  KEEP_CONTENT: true,
  RETURN_TRUSTED_TYPE: false,
};

/**
 * Installs the blog policy's hooks on a DOMPurify instance of its own (the
 * hooks would otherwise apply to every other caller) and returns the sanitizer.
 */
export function createBlogSanitizer(purifier: DOMPurify): (html: string) => string {
  purifier.addHook('uponSanitizeAttribute', (node, event) => {
    const tag = node.nodeName.toLowerCase();
    const value = event.attrValue;
    switch (event.attrName) {
      case 'href':
        event.keepAttr = tag === 'a' && LINK_SCHEME.test(value.replace(URI_IGNORED, ''));
        break;
      case 'src':
        event.keepAttr = tag === 'img' && IMAGE_SCHEME.test(value.replace(URI_IGNORED, ''));
        break;
      case 'target':
        event.keepAttr = tag === 'a' && LINK_TARGETS.has(value);
        break;
      case 'data-list':
        // Not data-* in general (ALLOW_DATA_ATTR is off): this one name, on list items, with Quill's values.
        event.keepAttr = tag === 'li' && LIST_KINDS.has(value);
        break;
      case 'data-language':
        // Only on code blocks, and only a plain name: the page reads it to choose a grammar.
        event.keepAttr = tag === 'pre' && CODE_LANGUAGE.test(value);
        break;
      case 'class': {
        const classes = value.split(/\s+/).filter(isPolicyClass);
        event.attrValue = classes.join(' ');
        event.keepAttr = classes.length > 0;
        break;
      }
    }
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() === 'a' && node.hasAttribute('target')) node.setAttribute('rel', SAFE_REL);
  });
  return (html) => purifier.sanitize(html, BLOG_HTML_CONFIG) as string;
}

/**
 * How deeply a post's elements may nest. The editor never goes past a dozen levels; HTML parsers and
 * sanitizers slow down with depth (the DOM work per element grows with it) and recurse on it, so deeper
 * markup is refused before anything parses it.
 */
export const BLOG_HTML_MAX_DEPTH = 256;
export const BLOG_HTML_TOO_DEEP = `Content is nested too deeply: at most ${BLOG_HTML_MAX_DEPTH} levels of elements are allowed.`;

/** Elements that never have content, so they never nest anything. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements whose text is never parsed as tags: the scan jumps to their end tag. */
const RAW_TEXT_ELEMENTS = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);
/** An element that an open tag of the same name closes (`<p>a<p>b` are siblings, not nested). */
const SELF_CLOSING_SIBLINGS = new Set(['p', 'li', 'dt', 'dd', 'option', 'tr', 'td', 'th']);
const TAG_NAME = /[A-Za-z][^\s/>]*/y;

/**
 * The deepest element nesting of `html`, found in one pass without building a tree, and stopping as
 * soon as it passes `stopAbove`. On serialized HTML (every element closed, as DOMPurify writes it) it
 * is exact; on hand-written markup it follows the parser's simple rules (void elements, a `<p>` closing
 * the previous `<p>`, an end tag closing what it names) — enough to refuse deep input before parsing it,
 * while the sanitized output is checked again exactly. Linear in the length of `html`.
 */
export function htmlNestingDepth(html: string, stopAbove: number = BLOG_HTML_MAX_DEPTH): number {
  const open: string[] = [];
  let deepest = 0;
  let at = html.indexOf('<');
  while (at !== -1 && at < html.length) {
    let next = at + 1;
    if (html.startsWith('<!--', at)) {
      const end = html.indexOf('-->', at + 4);
      next = end === -1 ? html.length : end + 3;
    } else if (html[at + 1] === '!' || html[at + 1] === '?') {
      const end = html.indexOf('>', at);
      next = end === -1 ? html.length : end + 1;
    } else {
      const closing = html[at + 1] === '/';
      TAG_NAME.lastIndex = closing ? at + 2 : at + 1;
      const match = TAG_NAME.exec(html);
      if (match) {
        const name = match[0].toLowerCase();
        next = tagEnd(html, TAG_NAME.lastIndex);
        if (closing) {
          const index = open.lastIndexOf(name);
          if (index !== -1) open.length = index;
        } else if (RAW_TEXT_ELEMENTS.has(name)) {
          const endTag = new RegExp(`</${name}`, 'gi');
          endTag.lastIndex = next;
          next = endTag.exec(html)?.index ?? html.length;
        } else if (!VOID_ELEMENTS.has(name)) {
          if (SELF_CLOSING_SIBLINGS.has(name) && open.at(-1) === name) open.pop();
          open.push(name);
          if (open.length > deepest) deepest = open.length;
          if (deepest > stopAbove) return deepest;
        }
      }
    }
    at = html.indexOf('<', next);
  }
  return deepest;
}

/** Index after the `>` that ends a tag whose name ends at `from`, skipping quoted attribute values. */
function tagEnd(html: string, from: number): number {
  let quote: string | null = null;
  let previous = '';
  for (let i = from; i < html.length; i++) {
    const char = html[i] ?? '';
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === '>') {
      return i + 1;
    } else if ((char === '"' || char === "'") && previous === '=') {
      // A quote opens a value only right after `=` (spaces between allowed); elsewhere it is part of a name.
      quote = char;
    }
    if (char > ' ') previous = char;
  }
  return html.length;
}
