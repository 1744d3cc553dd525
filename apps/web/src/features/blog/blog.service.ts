import {
  CATEGORY_PARAM,
  PAGE_PARAM,
  isHttpUrl,
  parsePostTags,
  type BlogPost,
  type BlogPostPage,
  type Category,
} from '@toolvault/shared';
import { formatCount, formatLongDate } from '../../lib/format';

/** The /blog address of `page` within a category (page 1 and "all categories" are left out). */
export function blogPageHref(category: string | null, page: number): string {
  const params = new URLSearchParams();
  if (category) params.set(CATEGORY_PARAM, category);
  if (page > 1) params.set(PAGE_PARAM, String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : '/blog';
}

/**
 * The page numbers a pager shows: the first, the last, and two either side of the current one, with
 * null where numbers are left out ("1 … 4 5 6 7 8 … 200"), so 200 pages never mean 200 links.
 */
export function pagerNumbers(current: number, count: number): (number | null)[] {
  const shown = new Set([1, count]);
  for (let page = current - 2; page <= current + 2; page += 1) if (page >= 1 && page <= count) shown.add(page);
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    // A gap of one page shows that page; a longer gap is an ellipsis.
    if (previous !== undefined && page - previous === 2) result.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) result.push(null);
    result.push(page);
  });
  return result;
}

/** An API answer that must be a page of posts: anything else counts as a failed load. */
/** Whether an answer is a list of categories (the API's answer is checked for its form, not trusted). */
export const isCategoryList = (value: unknown): value is Category[] => Array.isArray(value);

export function isPostPage(value: unknown): value is BlogPostPage {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as BlogPostPage).items) &&
    typeof (value as BlogPostPage).total === 'number' &&
    typeof (value as BlogPostPage).pageCount === 'number'
  );
}

/** Length of the post page's meta description, like the server-rendered one. */
export const DESCRIPTION_LENGTH = 160;

/** The category a `?category=` slug names, or null for none / an unknown slug. */
export function findCategory(categories: readonly Category[], slug: string | null): Category | null {
  if (!slug) return null;
  return categories.find((category) => category.slug === slug) ?? null;
}

/** The /blog address filtered to one category ('' or null: all posts). */
export function categoryHref(slug: string | null): string {
  return slug ? `/blog?${CATEGORY_PARAM}=${encodeURIComponent(slug)}` : '/blog';
}

/** A post's date as "January 15, 2024" (the visitor's day, or UTC's); '' for a value that is not a date. */
export function formatPostDate(iso: string, options: { timeZone?: 'UTC' } = {}): string {
  const date = new Date(iso);
  if (iso === '' || Number.isNaN(date.getTime())) return '';
  return formatLongDate(date, options.timeZone ?? 'local');
}

/** "1 view", "12 views" (a missing count is 0). */
export function viewsLabel(count: number | null | undefined): string {
  const views = count || 0;
  return `${formatCount(views)} ${views === 1 ? 'view' : 'views'}`;
}

/** The post's tags, decoded from the API's JSON-encoded list. */
export function postTags(post: Pick<BlogPost, 'tags'>): string[] {
  return parsePostTags(post.tags);
}

/** A cover image address the page may load: http or https only, else null (no request is made). */
export function safeCoverUrl(url: string | null | undefined): string | null {
  return typeof url === 'string' && isHttpUrl(url) ? url : null;
}

// Whitespace or control characters inside an address: the URL parser drops some of them
// (`java\tscript:`), so such addresses are refused rather than repaired.
// eslint-disable-next-line no-control-regex
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f]/;

/** Link schemes kept in post content (http, https, mailto, tel). */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'] as const;

/** True for a link address that post content may keep: http(s) with a host, mailto: or tel:. */
export function isAllowedLinkUrl(href: string): boolean {
  if (href === '' || SPACE_OR_CONTROL.test(href)) return false;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (!(LINK_SCHEMES as readonly string[]).includes(url.protocol)) return false;
  // The scheme must be written out (no scheme-relative or oddly spelled forms).
  if (!href.toLowerCase().startsWith(url.protocol)) return false;
  return url.protocol === 'http:' || url.protocol === 'https:' ? isHttpUrl(href) : href.length > url.protocol.length;
}

/** True for an image address that post content may keep: http(s) or an inline data:image/…. */
export function isAllowedImageSrc(src: string): boolean {
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(src)) return !SPACE_OR_CONTROL.test(src);
  return isHttpUrl(src);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of stored post HTML: tags removed, common entities decoded, whitespace collapsed. */
export function textFromHtml(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?(p|h[1-6]|li|ol|ul|pre|blockquote|br)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first ~160 characters of a post's text, cut at a word with an ellipsis (meta description). */
export function excerpt(html: string, max: number = DESCRIPTION_LENGTH): string {
  const text = textFromHtml(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
