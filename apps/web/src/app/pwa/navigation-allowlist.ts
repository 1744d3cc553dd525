/**
 * Which navigations the service worker may answer with the cached index.html
 * (offline use: docs/decisions/0013-performance-goals.md). Only the site's fixed client routes: a one-segment path
 * that is not a page is a short code the server must answer, and /api, feeds,
 * the sitemap and static files always go to the network.
 */
// Imported by file, not through the package: vite.config.ts loads this module in Node, which cannot
// import the shared package's TypeScript entry. routes.ts imports only the tool catalogue, a relative
// file with no package imports, which the config's bundler follows.
import { PAGE_SEGMENTS, TOOL_SLUGS } from '../../../../../packages/shared/src/routes.ts';

const escape = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Optional trailing slash, then an optional query string (Workbox matches pathname + search). */
const END = '/?(?:\\?.*)?$';

export function navigationAllowlist(segments: readonly string[] = [...TOOL_SLUGS, ...PAGE_SEGMENTS]): RegExp[] {
  return [
    /^\/(?:\?.*)?$/,
    new RegExp(`^/(?:${segments.map(escape).join('|')})${END}`),
    new RegExp(`^/blog/[^/?]+${END}`),
  ];
}

/** Never answered from the cache, even if a pattern above were widened by mistake. */
export const NAVIGATION_DENYLIST: RegExp[] = [
  /^\/api(?:\/|$)/,
  /^\/sample-shortlinks\.json/,
  /^\/blog\/rss\.xml/,
  // The sitemap index and its parts (/sitemap-pages.xml, /sitemap-posts-1.xml, …).
  /^\/sitemap(?:-[\w-]+)?\.xml/,
];
