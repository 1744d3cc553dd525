import { Router, type Request, type Response } from 'express';
import { AppError } from '../http/errors';
import { SITEMAP_PAGES_PATH, type FeedService } from '../services/feeds.service';

/** Where the feeds live; mounted before the SPA, and served without one too (they are generated here). */
export const RSS_PATH = '/blog/rss.xml';
export const SITEMAP_PATH = '/sitemap.xml';

/** A Host header as RFC 3986 allows it (name or IPv4, or [IPv6], and a port); anything else is not ours to echo. */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * `http(s)://host` of this request, for absolute URLs in feeds and meta tags:
 * req.protocol and req.host read X-Forwarded-Proto/-Host only when TRUST_PROXY
 * trusts the hop ('trust proxy' setting), the Host header otherwise.
 */
export function siteOrigin(req: Pick<Request, 'protocol' | 'host'>): string {
  const host = typeof req.host === 'string' && HOST.test(req.host) ? req.host : 'localhost';
  return `${req.protocol}://${host}`;
}

/** `GET /blog/rss.xml` and `GET /sitemap.xml`. */
export function feedsRouter({ feeds }: { feeds: FeedService }): Router {
  // Feeds change whenever a post does; caches may keep them only while revalidating.
  const send = (res: Response, type: string, body: string) =>
    void res.status(200).type(type).set('Cache-Control', 'no-cache').send(body);
  const router = Router();
  router.get(RSS_PATH, async (req, res) =>
    send(res, 'application/rss+xml; charset=utf-8', await feeds.rss(siteOrigin(req))),
  );
  // An index, so the sitemap stays valid past the protocol's 50 000 URLs per file.
  router.get(SITEMAP_PATH, async (req, res) =>
    send(res, 'application/xml; charset=utf-8', await feeds.sitemapIndex(siteOrigin(req))),
  );
  router.get(SITEMAP_PAGES_PATH, (req, res) =>
    send(res, 'application/xml; charset=utf-8', feeds.sitemapPages(siteOrigin(req))),
  );
  router.get(/^\/sitemap-posts-([1-9]\d{0,5})\.xml$/, async (req, res) => {
    const xml = await feeds.sitemapPosts(siteOrigin(req), Number(req.params[0]));
    if (xml === null) throw new AppError('NOT_FOUND');
    send(res, 'application/xml; charset=utf-8', xml);
  });
  return router;
}
