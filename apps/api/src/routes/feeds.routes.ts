import type { Response } from 'express';
import { API } from '@toolvault/shared/contract';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { AppError } from '../http/errors';
import type { FeedService } from '../services/feeds.service';

/**
 * `GET /blog/rss.xml` and `GET /sitemap.xml`, mounted before the SPA and served without one too
 * (they are generated here). Their absolute URLs start with `origin` (PUBLIC_URL),
 * never with the request's Host header: a shared cache would otherwise keep a feed pointing
 * wherever the first requester's Host said.
 */
export function feedsRouter({ feeds, origin }: { feeds: FeedService; origin: string }): ContractRouter {
  // Feeds change whenever a post does; caches may keep them only while revalidating.
  const send = (res: Response, type: string, body: string) =>
    void res.status(200).type(type).set('Cache-Control', 'no-cache').send(body);
  const { router, add } = contractRoutes('');
  add(API.rss, async (_req, res) => send(res, 'application/rss+xml; charset=utf-8', await feeds.rss(origin)));
  // An index, so the sitemap stays valid past the protocol's 50 000 URLs per file.
  add(API.sitemap, async (_req, res) => send(res, 'application/xml; charset=utf-8', await feeds.sitemapIndex(origin)));
  add(API.sitemapPages, (_req, res) => send(res, 'application/xml; charset=utf-8', feeds.sitemapPages(origin)));
  // A part number that is not one (0, x, 1.5) names no file: 404, checked by the contract's params.
  add(API.sitemapPosts, async (req, res) => {
    const xml = await feeds.sitemapPosts(origin, Number(req.params.part));
    if (xml === null) throw new AppError('NOT_FOUND');
    send(res, 'application/xml; charset=utf-8', xml);
  });
  return router;
}
