import { PAGE_SEGMENTS, TOOL_SLUGS } from '@toolvault/shared';
import { API } from '@toolvault/shared/contract';
import type { BlogPostsRepo } from '../db/blog-posts.repo';
import type { BlogService } from './blog.service';
import type { Clock } from '../lib/clock';

export interface FeedService {
  /** RSS 2.0 of the newest published posts; every URL absolute under `origin` (`https://host`). */
  rss(origin: string): Promise<string>;
  /** The sitemap index: the pages' sitemap and one sitemap per SITEMAP_URLS published posts. */
  sitemapIndex(origin: string): Promise<string>;
  /** Home, every tool, the content pages and /blog. */
  sitemapPages(origin: string): string;
  /** Published posts, oldest first, the `part`-th (1-based) run of SITEMAP_URLS; null past the last. */
  sitemapPosts(origin: string, part: number): Promise<string | null>;
}

/** Items in the feed: readers fetch it often, and only the newest matter. */
export const RSS_ITEMS = 50;
/**
 * Posts per sitemap file. The protocol allows 50 000, but one file of that many would hold the event
 * loop for half a second; 1 000 take a few milliseconds, and the index lists as many files as needed.
 */
export const SITEMAP_URLS = 1_000;
/** Pages that are not for search engines: the admin screens. */
const UNLISTED_PAGES: ReadonlySet<string> = new Set(['blog-admin', 'login', 'account', 'audit', 'team', 'webhooks']);

const FEED_TITLE = 'Toolvault Blog';
const FEED_DESCRIPTION = 'News, guides and write-ups from Toolvault, the free browser toolbox for security research.';

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 cannot carry at all (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/U+FFFF).
const XML_INVALID =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text for an XML element or attribute: escaped, with characters XML cannot hold removed. */
export function escapeXml(text: string): string {
  return text.replace(XML_INVALID, '').replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

/** RFC 822 date of RSS 2.0 (`Tue, 02 Jan 2024 03:04:05 GMT`). */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

export interface FeedServiceDeps {
  blogPosts: BlogPostsRepo;
  blog: Pick<BlogService, 'listPublished'>;
  clock: Clock;
  /** URLs per post sitemap; SITEMAP_URLS unless a test needs small parts. */
  sitemapUrls?: number;
}

export function createFeedService({
  blogPosts,
  blog,
  clock,
  sitemapUrls = SITEMAP_URLS,
}: FeedServiceDeps): FeedService {
  const postUrl = (origin: string, slug: string) => `${origin}/blog/${encodeURIComponent(slug)}`;
  const urlset = (urls: string[]) =>
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');

  return {
    async rss(origin) {
      // Summaries carry the stored excerpt: the feed never parses a post's HTML.
      const { items: posts } = await blog.listPublished({
        page: 1,
        limit: RSS_ITEMS,
        sort: 'newest',
        category: undefined,
        q: undefined,
      });
      const lastBuild = posts.reduce((latest, post) => (post.updated_at > latest ? post.updated_at : latest), '');
      const items = posts.map((post) => {
        const url = postUrl(origin, post.slug);
        return [
          '    <item>',
          `      ${element('title', post.title)}`,
          `      ${element('link', url)}`,
          `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
          `      ${element('pubDate', rfc822(post.created_at))}`,
          ...(post.category_name ? [`      ${element('category', post.category_name)}`] : []),
          `      ${element('description', post.excerpt)}`,
          '    </item>',
        ].join('\n');
      });
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
        '  <channel>',
        `    ${element('title', FEED_TITLE)}`,
        `    ${element('link', `${origin}/blog`)}`,
        `    ${element('description', FEED_DESCRIPTION)}`,
        '    <language>en</language>',
        `    ${element('lastBuildDate', rfc822(lastBuild || clock().toISOString()))}`,
        `    <atom:link href="${escapeXml(`${origin}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
        ...items,
        '  </channel>',
        '</rss>',
        '',
      ].join('\n');
    },

    async sitemapIndex(origin) {
      // Only a count, read from an index: each post sitemap carries its posts' own lastmod.
      const parts = Math.ceil((await blogPosts.publishedCount()) / sitemapUrls);
      const sitemap = (path: string) => `  <sitemap>${element('loc', `${origin}${path}`)}</sitemap>`;
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        sitemap(SITEMAP_PAGES_PATH),
        ...Array.from({ length: parts }, (_, index) => sitemap(sitemapPostsPath(index + 1))),
        '</sitemapindex>',
        '',
      ].join('\n');
    },

    sitemapPages(origin) {
      return urlset(
        [
          '/',
          ...TOOL_SLUGS.map((slug) => `/${slug}`),
          ...PAGE_SEGMENTS.filter((segment) => !UNLISTED_PAGES.has(segment)).map((segment) => `/${segment}`),
        ].map((path) => `  <url>${element('loc', `${origin}${path}`)}</url>`),
      );
    },

    async sitemapPosts(origin, part) {
      const links = await blogPosts.publishedLinks({ offset: (part - 1) * sitemapUrls, limit: sitemapUrls });
      if (links.length === 0 && part > 1) return null;
      return urlset(
        links.map(
          ({ slug, updatedAt }) =>
            `  <url>${element('loc', postUrl(origin, slug))}${element('lastmod', updatedAt)}</url>`,
        ),
      );
    },
  };
}

/** Where the sitemap of the fixed pages lives. */
export const SITEMAP_PAGES_PATH = API.sitemapPages.path;
/** Where the `part`-th sitemap of posts lives (1-based). */
export function sitemapPostsPath(part: number): string {
  return API.sitemapPosts.path.replace(':part', String(part));
}
