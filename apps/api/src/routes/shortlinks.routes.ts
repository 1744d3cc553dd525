import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import {
  ZGuestShortlinkInput,
  ZShortlinkIdParams,
  ZShortlinkInput,
  ZShortlinkUpdate,
  type GuestShortlinkInput,
  type ShortlinkIdParams,
  type ShortlinkInput,
  type ShortlinkUpdate,
} from '@toolvault/shared';
import { isAdmin, optionalAdmin } from '../http/auth';
import { AppError } from '../http/errors';
import { validate } from '../http/validate';
import type { ShortlinkAnalyticsService } from '../services/shortlink-analytics.service';
import type { RequestOrigin, ShortlinkFailure, ShortlinkResult, ShortlinkService } from '../services/shortlink.service';

/** Where `POST /api/shortlinks/import` lives: createApp parses its body before the app-wide 100 kB parser. */
export const SHORTLINK_IMPORT_PATH = '/api/shortlinks/import';
/** 1000 rows of a few hundred bytes each (contract: the import's JSON body limit may be 1 MB). */
const IMPORT_JSON_LIMIT = '1mb';

/**
 * The import's own JSON parser. It runs first, so the app-wide parser sees the
 * body already read and skips it; a file that is not JSON at all answers the
 * spec's 'Invalid JSON file format' instead of the generic malformed-body message.
 */
export function shortlinkImportBody(): RequestHandler {
  const parse = express.json({ limit: IMPORT_JSON_LIMIT });
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      const malformed = typeof error === 'object' && error !== null && 'type' in error;
      next(malformed && error.type === 'entity.parse.failed' ? new AppError('SHORTLINK_IMPORT_INVALID') : error);
    });
}

interface ShortlinksRouterDeps {
  shortlinks: ShortlinkService;
  analytics: ShortlinkAnalyticsService;
  requireAdmin: RequestHandler;
}

/** `/api/shortlinks`: the manager's calls (spec 001 §7) plus export, import and analytics. */
export function shortlinksRouter({ shortlinks, analytics, requireAdmin }: ShortlinksRouterDeps): Router {
  const list = async (_req: Request, res: Response) => privateJson(res, 200, await shortlinks.listNewestFirst());
  const exportAll = async (_req: Request, res: Response) => privateJson(res, 200, await shortlinks.exportAll());
  const stats = async (_req: Request, res: Response) => privateJson(res, 200, await analytics.analytics());

  const create = async (req: Request<object, unknown, ShortlinkInput | GuestShortlinkInput>, res: Response) => {
    const origin = requestOrigin(req);
    const result = isAdmin(res)
      ? await shortlinks.createAsAdmin(req.body as ShortlinkInput, origin)
      : // req.ip honours the TRUST_PROXY hop count: with 0 it is the socket address, whatever X-Forwarded-For says.
        await shortlinks.createAsGuest(req.body, { ...origin, clientKey: req.ip ?? '' });
    privateJson(res, 201, unwrap(res, result));
  };
  const update = async (req: Request<{ id: string }, unknown, ShortlinkUpdate>, res: Response) => {
    privateJson(res, 200, unwrap(res, await shortlinks.update(idParam(req), req.body, requestOrigin(req))));
  };
  const remove = async (req: Request, res: Response) => {
    unwrap(res, await shortlinks.delete(idParam(req)));
    res.status(204).end();
  };
  const importAll = async (req: Request, res: Response) => {
    privateJson(res, 201, unwrap(res, await shortlinks.importAll(req.body, requestOrigin(req))));
  };

  const validateId = validate(ZShortlinkIdParams, 'params');
  const router = Router();
  router.get('/', requireAdmin, list);
  // No token: a guest creation. A token that is present but invalid: 401, never a guest creation.
  router.post('/', optionalAdmin(requireAdmin), validateCreateBody(), create);
  router.get('/export', requireAdmin, exportAll);
  router.post('/import', requireAdmin, importAll);
  router.get('/analytics', requireAdmin, stats);
  router.put('/:id', requireAdmin, validateId, validate(ZShortlinkUpdate), update);
  router.delete('/:id', requireAdmin, validateId, remove);
  return router;
}

/** `/api/shortlink/:shortCode`: the redirect page's lookup. Public, and never counts a click. */
export function publicShortlinkRouter({ shortlinks }: { shortlinks: ShortlinkService }): Router {
  const lookup = async (req: Request<{ shortCode: string }>, res: Response) => {
    const link = await shortlinks.findPublic(req.params.shortCode);
    if (!link) throw new AppError('SHORTLINK_NOT_FOUND');
    // An edited link must show at once; the answer may be stored but is always revalidated.
    res.set('Cache-Control', 'no-cache').json(link);
  };
  const router = Router();
  router.get('/:shortCode', lookup);
  router.use(malformedCode);
  return router;
}

/** A code like `%zz` fails percent-decoding in the router itself; no link has such a code. */
const malformedCode: ErrorRequestHandler = (err: unknown, _req, _res, next) => {
  next(err instanceof URIError ? new AppError('SHORTLINK_NOT_FOUND') : err);
};

/** The admin's body is the full input; a guest's is title, target and image only (spec 001 §6). */
function validateCreateBody(): RequestHandler {
  const admin = validate(ZShortlinkInput);
  const guest = validate(ZGuestShortlinkInput);
  return (req, res, next) => (isAdmin(res) ? admin : guest)(req, res, next);
}

/** The hosts this request reached us by: Host, and X-Forwarded-Host when TRUST_PROXY trusts it (req.host). */
function requestOrigin(req: Pick<Request, 'get' | 'host'>): RequestOrigin {
  const hosts = [req.get('host'), req.host].filter((host): host is string => typeof host === 'string' && host !== '');
  return { ownHosts: hosts };
}

/** `:id` after validate(ZShortlinkIdParams, 'params'), which replaced the params with their parsed (numeric) value. */
function idParam(req: { params: object }): number {
  return (req.params as unknown as ShortlinkIdParams).id;
}

function unwrap<T>(res: Response, result: ShortlinkResult<T>): T {
  if (result.ok) return result.value;
  throw toAppError(res, result.error);
}

function toAppError(res: Response, failure: ShortlinkFailure): AppError {
  if (failure.code === 'GUEST_RATE_LIMITED') {
    res.set('Retry-After', String(failure.retryAfterSeconds));
    return new AppError(failure.code);
  }
  return new AppError(failure.code, failure.message);
}

/** Admin data and fresh creations are never kept by a shared cache. */
function privateJson(res: Response, status: number, body: unknown): void {
  res.status(status).set('Cache-Control', 'no-store').json(body);
}
