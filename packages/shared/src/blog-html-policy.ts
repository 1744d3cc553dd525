import type { Config, DOMPurify } from 'dompurify';

/**
 * The one HTML policy of blog posts, applied by the server when a post is
 * saved and by the page again before rendering (DECISIONS P2). The allow-list
 * matches the editor's formats (spec 001 §2: headers 1–3, bold, italic,
 * underline, strike, lists, link, image, clean) plus code.
 */
const ALLOWED_TAGS = [
  'h1',
  'h2',
  'h3',
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
/** `data-list` is how Quill 2 marks bullet vs ordered items inside its one <ol>. */
const ALLOWED_ATTR = ['href', 'target', 'rel', 'src', 'alt', 'class', 'data-list'];

/** Spec 001 §5: links only for http, https, mailto or tel. */
const LINK_SCHEME = /^(?:https?|mailto|tel):/i;
/** Spec 001 §5: images http, https or data — data only for raster images (an SVG can carry script). */
const IMAGE_SCHEME = /^(?:https?:|data:image\/(?:png|jpeg|gif|webp)[;,])/i;
/** Every URI attribute must match one of the two; per tag the hook below narrows it. Relative URLs are refused. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|tel):|data:image\/(?:png|jpeg|gif|webp)[;,])/i;
/** What DOMPurify strips before testing a URI (and browsers ignore inside a scheme: `java\tscript:`). */
// eslint-disable-next-line no-control-regex
const URI_IGNORED = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;
/** Quill's own classes (ql-align-center, ql-indent-2, ql-syntax); any other class is dropped. */
const QUILL_CLASS = /^ql-[a-z0-9-]+$/;
const LIST_KINDS = new Set(['bullet', 'ordered']);
/** Links may open a new tab; named frames and `_top`/`_parent` are dropped. */
const LINK_TARGETS = new Set(['_blank', '_self']);
/** Added to every link that opens elsewhere, so the opened page cannot reach back (window.opener). */
const SAFE_REL = 'noopener noreferrer';

export const BLOG_HTML_CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOWED_URI_REGEXP,
  // Plain-text attributes: DOMPurify would otherwise test their values against ALLOWED_URI_REGEXP.
  ADD_URI_SAFE_ATTR: ['target', 'rel', 'data-list'],
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
      case 'class': {
        const classes = value.split(/\s+/).filter((name) => QUILL_CLASS.test(name));
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
