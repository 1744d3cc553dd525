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
