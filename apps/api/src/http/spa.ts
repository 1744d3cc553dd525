import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Request, Response, Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import {
  API_PRELOAD_ID,
  classifyPath,
  inactivePage,
  inactiveStatus,
  normalizeHttpUrl,
  NOT_FOUND_LINKS,
  NOT_FOUND_PAGES,
  ROUTE_CHUNKS_FILE,
  routeChunksKey,
  SHORT_CODE_ROUTE,
  TOOL_SLUGS,
  type InactiveReason,
  type InactiveVisit,
  type NotFoundKind,
} from '@toolvault/shared';
import { RouteChunksSchema } from '@toolvault/shared/schemas';
import { injectMeta, type PageMeta } from '../services/html-meta';
import { strictRouter } from './contract-router';
import { notFound } from './error-handler';

/**
 * Looks up a short code for the page served at `/{code}`: the meta tags of
 * its preview, or null when no such link exists (the SPA then shows 404).
 */
export type ShortlinkResolver = (
  code: string,
  req: Request,
) => PageMeta | InactiveVisit | null | Promise<PageMeta | InactiveVisit | null>;

/**
 * Looks up a blog post for the page served at `/blog/{slug}`: the meta tags of
 * a published post, or null when there is none (unknown or draft: 404).
 */
export type BlogPostResolver = (slug: string, req: Request) => PageMeta | null | Promise<PageMeta | null>;

/**
 * The answers to the API calls a page makes as it opens, keyed by each call's URL, for the page at
 * `segment` with the request's query; null or {} sends the page without any.
 */
export type ApiPreloader = (
  segment: string,
  query: URLSearchParams,
) => Record<string, unknown> | null | Promise<Record<string, unknown> | null>;

export interface SpaOptions {
  /** Folder of the built SPA, holding index.html and assets/. */
  webDist: string;
  shortlinks?: ShortlinkResolver;
  /** Without it every /blog/{slug} is answered 200 with the plain page. */
  blogPosts?: BlogPostResolver;
  preloads?: ApiPreloader;
}

/** Hashed build output never changes under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Anything else must be revalidated (ETag) so a deploy shows up at once. */
const REVALIDATE = 'no-cache';

/** Static files, then index.html for every client route with the right status (one origin: docs/decisions/0003-one-origin.md). */
export function spa({ webDist, shortlinks, blogPosts, preloads }: SpaOptions): Router {
  const indexHtml = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const missingPageHtml = notFoundHtml(indexHtml, 'page');
  // Once, here: each route's index.html with its chunks' preload links, never built per request.
  const routeHtml = routePages(webDist, indexHtml);
  const htmlFor = (key: string | null) => (key === null ? undefined : routeHtml.get(key)) ?? indexHtml;
  const shortCodeHtml = htmlFor(SHORT_CODE_ROUTE);
  const missingLinkHtml = notFoundHtml(shortCodeHtml, 'shortlink');
  const router = strictRouter();

  // The build writes a .br and a .gz beside each text and wasm file (apps/web/build/precompress.ts):
  // answered with Content-Encoding by what the client accepts, Brotli first, never compressed per request.
  const files = expressStaticGzip(webDist, {
    index: false,
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    serveStatic: {
      index: false,
      redirect: false,
      setHeaders: (res, file) => {
        const hashed = path.relative(webDist, file).split(path.sep)[0] === 'assets';
        res.setHeader('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
      },
    },
  });
  // index.html is only ever answered below, where the status and meta tags are decided. Files are
  // only read: given a POST, express-static-gzip would still pick `sw.js.gz` and set its
  // Content-Encoding and Content-Type before serve-static passed the request on.
  const readsFile = (req: Request) => (req.method === 'GET' || req.method === 'HEAD') && req.path !== '/index.html';
  router.use((req, res, next) => (readsFile(req) ? files(req, res, next) : next()));
  // A missing script or chunk is a plain 404, never index.html served as JavaScript.
  router.use('/assets', notFound);

  // A guessed /tools/{slug} for a tool whose address is /{slug}: a permanent redirect, so crawlers and
  // curl land on the tool too (the app does the same for a link followed inside it). The query is kept.
  router.get('/tools/:slug', (req, res, next) => {
    if (!(TOOL_SLUGS as readonly string[]).includes(req.params.slug)) return next();
    const query = req.originalUrl.indexOf('?');
    res.redirect(301, `/${req.params.slug}${query === -1 ? '' : req.originalUrl.slice(query)}`);
  });

  router.get('/{*path}', async (req, res) => {
    const page = classifyPath(req.path);
    const html = htmlFor(routeChunksKey(page));
    switch (page.kind) {
      case 'home':
        return sendIndex(res, 200, html);
      case 'page': {
        const answers = await preloads?.(page.segment, new URLSearchParams(req.originalUrl.split('?')[1] ?? ''));
        if (!answers || Object.keys(answers).length === 0) return sendIndex(res, 200, html);
        return sendCompressed(req, res, withPreloads(html, answers));
      }
      case 'blog-post': {
        if (!blogPosts) return sendIndex(res, 200, html);
        const meta = await blogPosts(page.slug, req);
        return meta ? sendIndex(res, 200, injectMeta(html, meta)) : sendIndex(res, 404, html);
      }
      // The page asks the API about its token; the server answers the page alike for every token.
      case 'invitation':
        return sendIndex(res, 200, html);
      case 'short-code': {
        // The same address answers JSON to the redirect page's request (see routes/shortlink-redirect.routes.ts).
        res.vary('Accept');
        const meta = (await shortlinks?.(page.code, req)) ?? null;
        if (meta !== null && 'inactive' in meta) return sendInactive(res, html, meta);
        return meta ? sendIndex(res, 200, injectMeta(html, meta)) : sendIndex(res, 404, missingLinkHtml);
      }
      case 'unknown':
        return sendIndex(res, 404, missingPageHtml);
    }
  });
  return router;
}

/**
 * index.html per lazy route (keyed as in the build's route-chunks.json) with links that make the
 * browser fetch the route's chunks while it fetches the entry script, instead of only once the
 * entry has run and the router has asked for them: modulepreload for scripts (same origin, so the
 * CSP's script-src 'self' allows them) and a style preload for CSS, which the chunk's loader then
 * applies without a second download and without holding up the first paint. The scripts ask for
 * low priority: they start at once but leave the bandwidth to the entry script and stylesheet,
 * which the first paint (header, banner, loading state) waits for; at the default priority they
 * competed with those and the first paint of /blog came about 0.4 s later in Lighthouse's
 * simulated phone, for no earlier content. Without the file (an
 * older build, tests) every route gets the plain page; a listed file missing from the build is
 * left out, so a link never points at a 404.
 */
export function routePages(webDist: string, indexHtml: string): Map<string, string> {
  const pages = new Map<string, string>();
  let raw: string;
  try {
    raw = fs.readFileSync(path.join(webDist, ROUTE_CHUNKS_FILE), 'utf8');
  } catch {
    return pages;
  }
  const parsed = RouteChunksSchema.safeParse(parseJson(raw));
  if (!parsed.success) throw new Error(`${ROUTE_CHUNKS_FILE} in ${webDist} is not a route chunk list`);
  const exists = (file: string) => !file.includes('..') && fs.existsSync(path.join(webDist, file));
  for (const [route, { js, css }] of Object.entries(parsed.data)) {
    const links = [
      ...js
        .filter(exists)
        .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeAttribute(file)}">`),
      ...css
        .filter(exists)
        .map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeAttribute(file)}">`),
    ];
    if (links.length > 0)
      pages.set(
        route,
        indexHtml.replace(/<\/head>/i, () => `${links.join('\n')}\n</head>`),
      );
  }
  return pages;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * index.html for an address that leads nowhere, saying so before any script runs (curl, crawlers, a
 * browser without JavaScript): the app's 404 page in words (title, heading, text and its links Return
 * to Home and Tools) and noindex, inside the root element, which the app replaces with the same page
 * when it starts. `kind` 'shortlink' is a one-segment address, looked up as a short code.
 */
export function notFoundHtml(indexHtml: string, kind: NotFoundKind): string {
  const { title, heading, text } = NOT_FOUND_PAGES[kind];
  return statusPageHtml(indexHtml, { status: 404, title, heading, text });
}

/** The same for an inactive short link (shortlink-rules.ts): its 410 or 404 page in words. */
export function inactiveLinkHtml(indexHtml: string, reason: InactiveReason): string {
  const { heading, text } = inactivePage(reason);
  return statusPageHtml(indexHtml, { status: inactiveStatus(reason), title: heading, heading, text });
}

function statusPageHtml(
  indexHtml: string,
  { status, title, heading, text }: { status: number; title: string; heading: string; text: string },
): string {
  const links = NOT_FOUND_LINKS.map(({ label, href }) => `<a href="${href}">${label}</a>`).join(' · ');
  const body =
    `<main class="mx-auto max-w-3xl px-4 py-16 text-center"><p>${status}</p><h1>${heading}</h1>` +
    `<p>${text}</p><p>${links}</p></main>`;
  return indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${title} — Toolvault</title>`)
    .replace(/<\/head>/i, () => `  <meta name="robots" content="noindex">\n  </head>`)
    .replace(/(<div id="root">)[\s\S]*?(<\/div>)/i, (_all, open: string, close: string) => open + body + close);
}

/**
 * The page with the answers in a JSON data block, which no script runs and the CSP therefore lets
 * be. Every `<` is escaped, so no text in the data (a post's title) can close the element early.
 */
export function withPreloads(html: string, answers: Record<string, unknown>): string {
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return html.replace(
    /<\/body>/i,
    () => `<script type="application/json" id="${API_PRELOAD_ID}">${json}</script>\n</body>`,
  );
}

/**
 * A page that carries data is made per request, so it cannot come precompressed from the build like
 * every other file; its data would otherwise make it several times larger on the wire. Compressed
 * here at a fast setting (well under a millisecond for a page of posts).
 */
function sendCompressed(req: Request, res: Response, html: string): void {
  res.vary('Accept-Encoding');
  const encoding = req.acceptsEncodings('br', 'gzip');
  if (encoding !== 'br' && encoding !== 'gzip') return sendIndex(res, 200, html);
  const body =
    encoding === 'br'
      ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : zlib.gzipSync(html, { level: 6 });
  res.status(200).set({ 'Cache-Control': REVALIDATE, 'Content-Encoding': encoding }).type('html').send(body);
}

/**
 * An inactive link (shortlink-rules.ts), to people and crawlers alike: a 302 to its fallback URL, or
 * the page with 410 (expired, limit reached) or 404 (not active yet). Never cached: the link may
 * become active again (its window opens, its limit is raised).
 */
function sendInactive(res: Response, html: string, { inactive, fallbackUrl }: InactiveVisit): void {
  res.set('Cache-Control', 'no-store');
  const location = fallbackUrl === null ? null : normalizeHttpUrl(fallbackUrl, Number.POSITIVE_INFINITY);
  if (location?.ok) return res.redirect(302, location.href);
  res.status(inactiveStatus(inactive)).type('html').send(inactiveLinkHtml(html, inactive));
}

function sendIndex(res: Response, status: number, html: string): void {
  res.status(status).set('Cache-Control', REVALIDATE).type('html').send(html);
}
