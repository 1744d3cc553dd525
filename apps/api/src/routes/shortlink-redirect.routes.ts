import fs from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  classifyPath,
  inactiveMessage,
  inactiveStatus,
  isAllowedShortCode,
  normalizeHttpUrl,
  type ApiErrorBody,
  type InactiveVisit,
} from '@toolvault/shared';
import { AppError, errorBodyText } from '../http/errors';
import { securityHeaders } from '../http/security-headers';
import type { ShortlinkResolver } from '../http/spa';
import type { ShortlinkClickService, Visit } from '../services/shortlink-click.service';
import type { ShortlinkService } from '../services/shortlink.service';
import { LOCKED_PREVIEW, type LinkPasswordService } from '../services/link-password.service';

/**
 * `GET /{shortCode}`: the product's hottest path, so the app runs this ahead of its router
 * (http/ahead-of-router.ts). It answers the two requests that count a click before the router, the
 * request log, helmet, compression and the body parsers run, with the app's security headers
 * computed once. `bench/redirect.bench.ts` measures it
 * against a bare node:http server, `bench/scale.bench.ts` under an admin's load.
 *
 * - With a JSON Accept header: the redirect page's background request
 *   (docs/decisions/0003-one-origin.md), which counts one click and answers the link.
 * - A page request (a person's browser, curl) for a link whose redirect mode is 'direct': one click
 *   is counted, with the same rules, and the answer is the link's redirect status (302 unless it
 *   says 301, 307 or 308) to the target at once. Crawlers of such a link go on to the preview page,
 *   which counts nothing, so chat and social previews still work.
 * - An inactive link (outside its window, or its visit limit reached; decided where the click is
 *   counted, under the batch's lock): nothing is counted; a 302 to its fallback URL when it has one,
 *   else the page (the SPA handler answers it 410 or 404). The JSON request gets the same status,
 *   with the fallback URL in the body for the page to follow.
 *
 * - A JSON request for a one-segment address that cannot be a code (`/0`, `/%00`, a reserved word):
 *   the route's JSON 404, as for a code that names no link, and never the HTML 404 page.
 *
 * Every other request — a link that shows the preview page, HEAD, other methods, fixed routes,
 * static files, page requests for unknown codes — goes on down the app untouched. The 302 used to be
 * answered after the rest of the app's middleware (request log, helmet, compression, body parsers, the API
 * router): here, one server on two cores beside an admin's requests serves 2,350–2,950 of them a
 * second flat out, where it served 1,820–1,960.
 */
export interface ShortlinkVisitsOptions {
  clicks: ShortlinkClickService;
  /**
   * Password links: a request without the link's unlock cookie counts nothing and learns nothing of
   * the target. JSON gets 403 SHORTLINK_PASSWORD_REQUIRED; a page request goes on to the preview page,
   * which the preview resolver makes neutral and where the redirect page asks for the password.
   */
  locks?: Pick<LinkPasswordService, 'isLocked'>;
  /** Folder of the built SPA: names served from its root win over a code of the same name. */
  webDist?: string;
}

/** The answer must never be cached: each request is a click, and the same URL serves HTML (Vary). */
const NO_STORE = { 'Cache-Control': 'no-store', Vary: 'Accept' };

const NOT_FOUND_BODY = errorBodyText('SHORTLINK_NOT_FOUND');
const LOCKED_BODY = errorBodyText('SHORTLINK_PASSWORD_REQUIRED');

export function shortlinkVisits({ clicks, webDist, locks }: ShortlinkVisitsOptions): RequestHandler {
  const isCode = shortCodeTest(webDist);
  const security = staticSecurityHeaders();
  const jsonHeaders = { ...security, ...NO_STORE, 'Content-Type': 'application/json; charset=utf-8' };
  const redirectHeaders = { ...security, ...NO_STORE, 'Content-Length': '0' };
  const failed = (res: Response, next: NextFunction, headers: Record<string, string>) => (error: unknown) => {
    // The app's error handler answers (503 when the database is away); helmet has not run for
    // this request, so its headers are set here.
    if (!res.headersSent) for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next(error);
  };
  return (req, res, next) => {
    if (req.method !== 'GET') return next();
    // Query strings never change the destination: only the path is read (and `?qr=1`, the source).
    const address = isCode(req.path);
    if (address === null) return next();
    // The redirect page asks for JSON; a browser navigating (and every crawler) prefers HTML or
    // sends no Accept at all. Each chain ends in its own catch: a throw while answering (a header
    // Node refuses) becomes that request's error answer, never a rejection nobody handles.
    const json = req.accepts(['html', 'json']) === 'json';
    if (address.kind === 'not-a-link') {
      // A page request goes on to the 404 page; a JSON request gets the route's JSON 404, never that page.
      if (!json) return next();
      res.writeHead(404, { ...jsonHeaders, 'Content-Length': Buffer.byteLength(NOT_FOUND_BODY) });
      res.end(NOT_FOUND_BODY);
      return;
    }
    const { code } = address;
    if (!locks) return visitLink(code, json, req, res, next);
    locks
      .isLocked(code, req.headers.cookie)
      .then((locked) => {
        if (!locked) return visitLink(code, json, req, res, next);
        if (!json) return next();
        res.writeHead(403, { ...jsonHeaders, 'Content-Length': Buffer.byteLength(LOCKED_BODY) });
        res.end(LOCKED_BODY);
      })
      .catch(failed(res, next, json ? jsonHeaders : security));
  };

  /** Counts the visit of an open link: its JSON to the redirect page, or the 302 of a direct link. */
  function visitLink(code: string, json: boolean, req: Request, res: Response, next: NextFunction): void {
    if (json) {
      clicks
        .open(code, visit(req))
        .then((link) => {
          const [status, body] =
            link === null
              ? [404, NOT_FOUND_BODY]
              : 'inactive' in link
                ? inactiveJson(link)
                : [200, JSON.stringify(link)];
          res.writeHead(status, { ...jsonHeaders, 'Content-Length': Buffer.byteLength(body) });
          res.end(body);
        })
        .catch(failed(res, next, jsonHeaders));
      return;
    }
    clicks
      .openDirect(code, visit(req))
      .then((visited) => {
        // An inactive link without a fallback gets the page, which says why with its status.
        if (!visited || ('inactive' in visited && visited.fallbackUrl === null)) return next();
        const [target, status] =
          'inactive' in visited ? [visited.fallbackUrl!, 302] : [visited.link.targetUrl, visited.status];
        // The target is stored in its serialised form, which is all visible ASCII; a row written
        // around the API may hold anything, so the header is made from it again here.
        const location = normalizeHttpUrl(target, Number.POSITIVE_INFINITY);
        if (!location.ok) throw new AppError('SHORTLINK_TARGET_UNUSABLE');
        // Every visit is a click (or a refused one): no cache may answer the next one, whatever
        // the status says (a 301 or 308 is cacheable by default).
        res.writeHead(status, { ...redirectHeaders, Location: location.href });
        res.end();
      })
      .catch(failed(res, next, security));
  }
}

/**
 * The redirect page's answer for an inactive link: 410 (expired, limit reached) or 404 (not active
 * yet) with the error body, and the link's fallback URL when it has one, which the page goes to.
 * The click and the page's lookup (GET /api/shortlink/{code}) answer it alike.
 */
export function inactiveAnswer({ inactive, fallbackUrl }: InactiveVisit): {
  status: number;
  body: ApiErrorBody & { fallbackUrl?: string };
} {
  const code = inactive === 'scheduled' ? 'SHORTLINK_NOT_ACTIVE' : 'SHORTLINK_EXPIRED';
  const body = { error: inactiveMessage(inactive), code, ...(fallbackUrl === null ? {} : { fallbackUrl }) } as const;
  return { status: inactiveStatus(inactive), body };
}

function inactiveJson(visit: InactiveVisit): [number, string] {
  const { status, body } = inactiveAnswer(visit);
  return [status, JSON.stringify(body)];
}

/** What a one-segment path is to the click route: a code to look up, an address that names no link, or not its own. */
type ClickAddress = { kind: 'code'; code: string } | { kind: 'not-a-link' };

/**
 * The short code a path names; `not-a-link` for any other one-segment path the click route owns (a
 * segment outside the code pattern, such as `/0` or `/%00`, or a reserved word); null for what is
 * not the route's: the home page, a page, the API, a file of the built SPA's root, anything with a
 * dot (a code never has one, files do) or more than one segment.
 */
function shortCodeTest(webDist: string | undefined): (path: string) => ClickAddress | null {
  const staticNames = new Set(webDist ? fs.readdirSync(webDist) : []);
  return (path) => {
    const page = classifyPath(path);
    if (page.kind === 'short-code' && isAllowedShortCode(page.code) && !staticNames.has(page.code)) {
      return { kind: 'code', code: page.code };
    }
    const segment = path.slice(1);
    const oneSegment = segment !== '' && !segment.includes('/') && !segment.includes('.');
    if (!oneSegment || page.kind === 'page' || segment === API_SEGMENT || staticNames.has(segment)) return null;
    return { kind: 'not-a-link' };
  };
}

/** `/api` answers its own 404 (the API router's). */
const API_SEGMENT = 'api';

/**
 * What the click counter reads from a request. The client address (for the country only, never
 * stored) and the host behind a proxy are Express's own req.ip and req.host, so they follow the
 * app's 'trust proxy' setting (TRUST_PROXY hops) like every other route.
 */
function visit(req: Request): Visit {
  const host = req.get('host');
  const hosts = host === undefined ? [] : [host];
  // Behind a trusted proxy req.host is the first X-Forwarded-Host: the name the visitor used.
  if (req.host !== undefined && req.host !== host) hosts.push(req.host);
  return {
    userAgent: req.get('user-agent'),
    referer: visitorReferrer(req),
    clientIp: req.ip,
    ownHosts: hosts,
    qr: isQrVisit(req.url),
  };
}

/**
 * Whether the request's query has `qr=1` (the address a link's QR code encodes): the click then
 * counts as a scan. Read from the raw URL, and only when it has a query, so a plain click pays nothing.
 */
export function isQrVisit(url: string): boolean {
  const start = url.indexOf('?');
  return start !== -1 && new URLSearchParams(url.slice(start + 1)).get('qr') === '1';
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
 * (docs/decisions/0003-one-origin.md; the redirect page sets the same tags once it runs).
 * Never counts a click: crawlers and people alike get this page.
 */
export function shortlinkPreviewResolver(
  shortlinks: ShortlinkService,
  locks?: Pick<LinkPasswordService, 'isLocked'>,
): ShortlinkResolver {
  return async (code: string) => {
    const preview = await shortlinks.preview(code);
    // A password link shows crawlers, and anyone before the unlock, a page that names no target.
    if (preview && locks && (await locks.isLocked(code, undefined))) return LOCKED_PREVIEW;
    return preview;
  };
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
