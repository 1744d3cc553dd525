import { Router, type Response } from 'express';
import { AppError } from '../http/errors';
import { SITEMAP_PAGES_PATH, type FeedService } from '../services/feeds.service';

/** Where the feeds live; mounted before the SPA, and served without one too (they are generated here). */
export const RSS_PATH = '/blog/rss.xml';
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * `GET /blog/rss.xml` and `GET /sitemap.xml`. Their absolute URLs start with `origin` (PUBLIC_URL),
 * never with the request's Host header: a shared cache would otherwise keep a feed pointing
 * wherever the first requester's Host said.
 */
export function feedsRouter({ feeds, origin }: { feeds: FeedService; origin: string }): Router {
  // Feeds change whenever a post does; caches may keep them only while revalidating.
  const send = (res: Response, type: string, body: string) =>
    void res.status(200).type(type).set('Cache-Control', 'no-cache').send(body);
  const router = Router();
  router.get(RSS_PATH, async (_req, res) => send(res, 'application/rss+xml; charset=utf-8', await feeds.rss(origin)));
  // An index, so the sitemap stays valid past the protocol's 50 000 URLs per file.
  router.get(SITEMAP_PATH, async (_req, res) =>
    send(res, 'application/xml; charset=utf-8', await feeds.sitemapIndex(origin)),
  );
  router.get(SITEMAP_PAGES_PATH, (_req, res) =>
    send(res, 'application/xml; charset=utf-8', feeds.sitemapPages(origin)),
  );
  router.get(/^\/sitemap-posts-([1-9]\d{0,5})\.xml$/, async (req, res) => {
    const xml = await feeds.sitemapPosts(origin, Number(req.params[0]));
    if (xml === null) throw new AppError('NOT_FOUND');
    send(res, 'application/xml; charset=utf-8', xml);
  });
  return router;
}
