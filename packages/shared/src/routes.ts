/**
 * The site's fixed routes. The server uses them to
 * tell a page from a short code and to refuse short codes that would shadow a
 * page. The tools' routes are their slugs, read from the tool catalogue.
 */
import { TOOL_CATALOGUE } from './tool-catalogue.ts';

/** A tool's slug: its route, /<slug>. */
export type ToolSlug = (typeof TOOL_CATALOGUE)[number]['slug'];

/** Slugs of the tools, in catalogue order. */
export const TOOL_SLUGS: readonly ToolSlug[] = TOOL_CATALOGUE.map((tool) => tool.slug);

/** One-segment pages that are not tools. */
export const PAGE_SEGMENTS = [
  'about',
  'contact',
  'privacy-policy',
  'terms-of-service',
  'blog',
  'blog-admin',
  'login',
  'account',
  'audit',
  'team',
  'webhooks',
] as const;

export type PageSegment = (typeof PAGE_SEGMENTS)[number];

/** The client router's patterns for the kinds of page that are not a fixed segment. */
export const BLOG_POST_ROUTE = 'blog/:slug';
/** An invitation's page: its link carries the token (`/invite/<token>`). */
export const INVITE_ROUTE = 'invite/:token';
/** First segments of pages that always have a second (`/invite/<token>`): no short code may be one. */
export const PAGE_PREFIXES = ['invite'] as const;
export const SHORT_CODE_ROUTE = ':shortCode';

/**
 * Written by the web build (apps/web/build/route-chunks.ts) beside index.html and read by the
 * server once at startup, so the HTML of a route asks for the route's chunks at once instead of
 * only after the entry script has run (its shape: RouteChunksSchema).
 */
export const ROUTE_CHUNKS_FILE = 'route-chunks.json';

/**
 * Id of the `<script type="application/json">` in which the server sends, with a page's HTML, the
 * answers to the API calls the page makes as it opens (an object from each call's URL to its JSON
 * body): the page's first data arrives with the page instead of one round trip after its scripts.
 */
export const API_PRELOAD_ID = 'api-preload';

/**
 * The two pages the server writes that every page links to (the footer): the API reference and the
 * blog's feed. Their ENDPOINTS entries are built from these; named here because this module is on
 * every first load and endpoints.ts, with the whole API table, is not.
 */
export const API_DOCS_PATH = '/api/docs';
export const RSS_FEED_PATH = '/blog/rss.xml';

/**
 * First segments the server keeps for itself: the API, the hashed assets and vendored files of the
 * build, and 'admin', where a link would pass for the site's own admin area.
 */
export const SERVER_SEGMENTS = ['api', 'assets', 'vendor', 'admin'] as const;

/**
 * The words a short code may never be: every tool and page of the route table above plus the
 * server's own segments, so a link can never shadow them. Compared in lower case (see
 * isAllowedShortCode). Root files (robots.txt, sitemap.xml, …) need no entry: a code has no dot.
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set<string>([
  ...TOOL_SLUGS,
  ...PAGE_SEGMENTS,
  ...PAGE_PREFIXES,
  ...SERVER_SEGMENTS,
]);

/** Client-supplied codes may be 3–32 URL-safe characters; generated ones: see generateShortCode (short-codes.ts). */
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;

export type PathKind =
  | { kind: 'home' }
  | { kind: 'page'; segment: string }
  | { kind: 'blog-post'; slug: string }
  | { kind: 'invitation' }
  | { kind: 'short-code'; code: string }
  | { kind: 'unknown' };

/**
 * Classifies a request path the way the client router does: fixed routes
 * first, then /blog/{slug}, then any other single segment is a short code
 * candidate, everything else is unknown (404).
 */
export function classifyPath(pathname: string): PathKind {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '') return { kind: 'home' };
  const segments = trimmed.slice(1).split('/');
  const [first, second] = segments;
  if (segments.length === 1 && first !== undefined) {
    if (RESERVED_SEGMENTS.has(first) && isPageSegment(first)) return { kind: 'page', segment: first };
    if (SHORT_CODE_PATTERN.test(first)) return { kind: 'short-code', code: first };
    return { kind: 'unknown' };
  }
  if (segments.length === 2 && first === 'blog' && second) {
    return { kind: 'blog-post', slug: safeDecode(second) };
  }
  if (segments.length === 2 && first === 'invite' && second) return { kind: 'invitation' };
  return { kind: 'unknown' };
}

function isPageSegment(segment: string): boolean {
  return (TOOL_SLUGS as readonly string[]).includes(segment) || (PAGE_SEGMENTS as readonly string[]).includes(segment);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
