import { BLOG_POST_ROUTE, SHORT_CODE_ROUTE, type PathKind } from './routes';
import { z } from './zod';

/**
 * The contents of ROUTE_CHUNKS_FILE: which built files each page route loads besides the entry.
 * Keyed by the client router's path pattern: a segment such as `blog` or a tool's slug,
 * BLOG_POST_ROUTE or SHORT_CODE_ROUTE.
 */
export const RouteChunksSchema = z.record(
  z.string(),
  z.object({
    /** Paths from the site root (`assets/x.js`), the route's lazy chunk first, then what it imports. */
    js: z.array(z.string()),
    css: z.array(z.string()),
  }),
);

export type RouteChunks = z.infer<typeof RouteChunksSchema>;

/** The route pattern whose chunks a request path loads; null where every screen is in the entry (home, 404). */
export function routeChunksKey(page: PathKind): string | null {
  switch (page.kind) {
    case 'page':
      return page.segment;
    case 'blog-post':
      return BLOG_POST_ROUTE;
    case 'short-code':
      return SHORT_CODE_ROUTE;
    case 'home':
    case 'unknown':
      return null;
  }
}
