import { PAGE_SEGMENTS, TOOL_SLUGS } from '@toolvault/shared';
import type { BlogPostsRepo } from '../db/blog-posts.repo';
import { excerpt } from './blog.service';
import type { Clock } from './clock';

export interface FeedService {
  /** RSS 2.0 of the newest published posts; every URL absolute under `origin` (`https://host`). */
  rss(origin: string): Promise<string>;
  /** Home, every tool, the content pages, /blog and every published post. */
  sitemap(origin: string): Promise<string>;
}

/** Items in the feed: readers fetch it often, and only the newest matter. */
export const RSS_ITEMS = 50;
/** Pages that are not for search engines: the admin screens. */
const UNLISTED_PAGES: ReadonlySet<string> = new Set(['blog-admin', 'login']);

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

export function createFeedService({ blogPosts, clock }: { blogPosts: BlogPostsRepo; clock: Clock }): FeedService {
  const postUrl = (origin: string, slug: string) => `${origin}/blog/${encodeURIComponent(slug)}`;

  return {
    async rss(origin) {
      const posts = await blogPosts.list({ includeDrafts: false, limit: RSS_ITEMS });
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
          `      ${element('description', excerpt(post.content))}`,
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

    async sitemap(origin) {
      const pages = [
        '/',
        ...TOOL_SLUGS.map((slug) => `/${slug}`),
        ...PAGE_SEGMENTS.filter((segment) => !UNLISTED_PAGES.has(segment)).map((segment) => `/${segment}`),
      ].map((path) => `  <url>${element('loc', `${origin}${path}`)}</url>`);
      const posts = (await blogPosts.publishedLinks()).map(
        ({ slug, updatedAt }) =>
          `  <url>${element('loc', postUrl(origin, slug))}${element('lastmod', updatedAt)}</url>`,
      );
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...pages,
        ...posts,
        '</urlset>',
        '',
      ].join('\n');
    },
  };
}
