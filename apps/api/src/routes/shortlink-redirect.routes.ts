import fs from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { Express, RequestHandler } from 'express';
import { classifyPath, isAllowedShortCode } from '@toolvault/shared';
import { isUnavailable } from '../http/error-handler';
import { errorBodyText } from '../http/errors';
import { securityHeaders } from '../http/security-headers';
import type { ShortlinkResolver } from '../http/spa';
import type { Logger } from '../logger';
import type { ShortlinkClickService } from '../services/shortlink-click.service';
import type { ShortlinkService } from '../services/shortlink.service';

/**
 * `GET /{shortCode}` with `Accept: application/json` (DECISIONS P3): the
 * redirect page's background request, which counts one click and answers the
 * link. It is the product's hottest path, and Express's own dispatch (its
 * per-request prototype swap, router and the middleware chain: request log,
 * helmet, body parsers) costs about as much as the rest of the request, so
 * `answerClicksFirst` answers it before Express, with plain node:http calls
 * and the app's security headers computed once. `bench/redirect.bench.ts`
 * measures it against a bare node:http server.
 *
 * Every other request — HTML for people and crawlers, HEAD, other methods,
 * fixed routes, static files, unknown paths — goes to Express untouched.
 */
export interface ShortlinkClicksOptions {
  clicks: ShortlinkClickService;
  /** TRUST_PROXY: how many X-Forwarded-For hops to trust for the client address, as Express's req.ip does. */
  trustProxy: number;
  /** Folder of the built SPA: names served from its root win over a code of the same name. */
  webDist?: string;
  logger: Logger;
}

/** The answer must never be cached: each request is a click, and the same URL serves HTML (Vary). */
const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  Vary: 'Accept',
};

const NOT_FOUND_BODY = errorBodyText('SHORTLINK_NOT_FOUND');
const INTERNAL_BODY = errorBodyText('INTERNAL');
const UNAVAILABLE_BODY = errorBodyText('SERVICE_UNAVAILABLE');

/** Takes the request (true) or leaves it to Express (false); the decision is synchronous. */
export type ClickHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

export function shortlinkClicks({ clicks, trustProxy, webDist, logger }: ShortlinkClicksOptions): ClickHandler {
  const staticNames = new Set(webDist ? fs.readdirSync(webDist) : []);
  const headers = { ...staticSecurityHeaders(), ...JSON_HEADERS };
  const send = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, code: string) => {
    try {
      const link = await clicks.open(code, {
        userAgent: req.headers['user-agent'],
        referer: visitorReferrer(req),
        clientIp: clientAddress(req, trustProxy),
        ownHosts: ownHosts(req, trustProxy),
      });
      send(res, link ? 200 : 404, link ? JSON.stringify(link) : NOT_FOUND_BODY);
    } catch (error) {
      const unavailable = isUnavailable(error);
      if (unavailable) logger.warn(`GET /${code}: ${error instanceof Error ? error.message : String(error)}`);
      else logger.error(`Unhandled error on GET /${code}`, error);
      if (!res.headersSent) send(res, unavailable ? 503 : 500, unavailable ? UNAVAILABLE_BODY : INTERNAL_BODY);
      else res.end();
    }
  };

  return (req, res) => {
    const code = clickCode(req, staticNames);
    if (code === null) return false;
    void answer(req, res, code);
    return true;
  };
}

/**
 * `GET /{code}` of a page request (a person's browser, curl) for a link whose redirect mode is
 * 'direct': one click is counted, with the same rules as the redirect page's request, and the
 * answer is a 302 to the target at once. Everything else — crawlers, links that show the preview
 * page, unknown codes, HEAD — goes on to the page, which counts nothing.
 */
export function directRedirects({
  clicks,
  trustProxy,
  webDist,
}: Omit<ShortlinkClicksOptions, 'logger'>): RequestHandler {
  const staticNames = new Set(webDist ? fs.readdirSync(webDist) : []);
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    const page = classifyPath(req.path);
    if (page.kind !== 'short-code' || !isAllowedShortCode(page.code) || staticNames.has(page.code)) return next();
    clicks
      .openDirect(page.code, {
        userAgent: req.headers['user-agent'],
        referer: visitorReferrer(req),
        clientIp: clientAddress(req, trustProxy),
        ownHosts: ownHosts(req, trustProxy),
      })
      .then((link) => {
        if (!link) return next();
        // Every visit is a click: no cache may answer the next one. The target was checked to be an
        // http(s) URL without whitespace when it was stored, so it is safe in a header.
        res.set({ 'Cache-Control': 'no-store', Vary: 'Accept' }).redirect(302, link.targetUrl);
      }, next);
  };
}

/**
 * Puts `handler` in front of everything the app does. Express runs every
 * request through `app.handle` (express/lib/express.js: `app(req, res)` calls
 * it), whether the app listens itself, is mounted, or is driven by supertest;
 * wrapping it is the one place that sees the request before Express does.
 */
export function answerClicksFirst(app: Express, handler: ClickHandler): void {
  const express = app as Express & { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void };
  const handle = express.handle.bind(app);
  express.handle = (req, res, next) => {
    if (!handler(req, res)) handle(req, res, next);
  };
}

/** The code of a request this handler answers, or null to pass it on. */
function clickCode(req: IncomingMessage, staticNames: ReadonlySet<string>): string | null {
  if (req.method !== 'GET' || !wantsJson(req.headers.accept)) return null;
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  // Query strings never change the destination: only the path is read.
  const page = classifyPath(query === -1 ? url : url.slice(0, query));
  if (page.kind !== 'short-code' || !isAllowedShortCode(page.code) || staticNames.has(page.code)) return null;
  return page.code;
}

/**
 * The redirect page asks with `Accept: application/json`; a browser navigating
 * (and every crawler) sends text/html or nothing and gets the page instead.
 */
function wantsJson(accept: string | undefined): boolean {
  return accept !== undefined && accept.includes('application/json') && !accept.includes('text/html');
}

/**
 * The client address the way Express computes req.ip with a numeric `trust
 * proxy`: the socket address, then X-Forwarded-For from right to left, trusting
 * `hops` entries. Used for the country only, and never stored.
 */
export function clientAddress(req: IncomingMessage, hops: number): string | undefined {
  const socket = req.socket.remoteAddress;
  if (hops === 0) return socket;
  const forwarded = req.headers['x-forwarded-for'];
  const chain = [
    socket,
    ...(typeof forwarded === 'string'
      ? forwarded
          .split(',')
          .map((hop) => hop.trim())
          .reverse()
      : []),
  ];
  return chain[Math.min(hops, chain.length - 1)];
}

/** Host, and behind a trusted proxy the first X-Forwarded-Host, as Express's req.host reads them. */
function ownHosts(req: IncomingMessage, hops: number): string[] {
  const hosts = req.headers.host === undefined ? [] : [req.headers.host];
  const forwarded = req.headers['x-forwarded-host'];
  if (hops > 0 && typeof forwarded === 'string') hosts.push(forwarded.split(',')[0]!.trim());
  return hosts;
}

/** The headers helmet sets (they do not depend on the request), read once from a throwaway response. */
export function staticSecurityHeaders(): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  let done = false;
  securityHeaders()(res.req, res, () => {
    done = true;
  });
  if (!done) throw new Error('The security headers middleware did not finish synchronously');
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
}

/**
 * The HTML side of `/{shortCode}` for the SPA handler: the link's title,
 * description and image as meta tags, og:url being the canonical target
 * (DECISIONS P3; the redirect page sets the same tags once it runs).
 * Never counts a click: crawlers and people alike get this page.
 */
export function shortlinkPreviewResolver(shortlinks: ShortlinkService): ShortlinkResolver {
  return (code: string) => shortlinks.preview(code);
}

/**
 * The page the visitor came from. The redirect page's background request is
 * sent from our own page, so its Referer is always us; the page forwards its
 * own `document.referrer` in X-Visitor-Referrer instead. Only the host is kept.
 */
function visitorReferrer(req: IncomingMessage): string | undefined {
  const forwarded = req.headers['x-visitor-referrer'];
  if (typeof forwarded === 'string' && forwarded !== '') return forwarded;
  return req.headers.referer;
}
