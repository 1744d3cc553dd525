import { BLOG_POPULAR_COUNT, isHttpUrl, parsePostTags, type BlogPost, type Category } from '@toolvault/shared';

/** Query parameter of /blog that names a category slug (spec 001 §2). */
export const CATEGORY_PARAM = 'category';

/** Length of the post page's meta description, like the server-rendered one. */
export const DESCRIPTION_LENGTH = 160;

/**
 * The most viewed posts, most views first (spec 001 §9: top 5 by view_count).
 * Ties go to the newer post; a missing count counts as 0.
 */
export function popularPosts(posts: readonly BlogPost[], count: number = BLOG_POPULAR_COUNT): BlogPost[] {
  return [...posts]
    .sort((a, b) => (b.view_count || 0) - (a.view_count || 0) || b.created_at.localeCompare(a.created_at))
    .slice(0, Math.max(0, count));
}

/** The category a `?category=` slug names, or null for none / an unknown slug. */
export function findCategory(categories: readonly Category[], slug: string | null): Category | null {
  if (!slug) return null;
  return categories.find((category) => category.slug === slug) ?? null;
}

/**
 * The posts shown for a `?category=` slug: all posts without one, the
 * category's posts for a known slug, none for an unknown slug.
 */
export function filterPostsByCategory(
  posts: readonly BlogPost[],
  categories: readonly Category[],
  slug: string | null,
): BlogPost[] {
  if (!slug) return [...posts];
  const category = findCategory(categories, slug);
  return category ? posts.filter((post) => post.category_id === category.id) : [];
}

/** The /blog address filtered to one category ('' or null: all posts). */
export function categoryHref(slug: string | null): string {
  return slug ? `/blog?${CATEGORY_PARAM}=${encodeURIComponent(slug)}` : '/blog';
}

/** A post's date as "January 15, 2024"; '' for a value that is not a date. */
export function formatPostDate(iso: string, options: { locale?: string; timeZone?: string } = {}): string {
  const date = new Date(iso);
  if (iso === '' || Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(options.locale ?? 'en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  }).format(date);
}

/** "1 view", "12 views" (a missing count is 0). */
export function viewsLabel(count: number | null | undefined): string {
  const views = count || 0;
  return `${views.toLocaleString('en-US')} ${views === 1 ? 'view' : 'views'}`;
}

/** The post's tags, decoded from the API's JSON-encoded list (spec 001 §3). */
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

/** Link schemes kept in post content (spec 001 §5: http, https, mailto, tel). */
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

/** True for an image address that post content may keep: http(s) or an inline data:image/… (spec 001 §5). */
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
