import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { ZAnalyticsWindowQuery } from '@toolvault/shared/schemas';
import {
  CLICK_CSV_COLUMNS,
  SHORTLINK_CSV_COLUMNS,
  type AnalyticsQuery,
  type AnalyticsWindowQuery,
  type ClickExportRow,
  type GuestShortlinkInput,
  type ShortlinkExportQuery,
  type ShortlinkExportRow,
  type ShortlinkListQuery,
  type ShortlinkIdParams,
  type ShortlinkInput,
  type ShortlinkUpdate,
} from '@toolvault/shared';
import type { ShortlinkBulkBody, ShortlinkFolderInput } from '@toolvault/shared/schemas';
import { API } from '@toolvault/shared/contract';
import { callerOf, isAdmin } from '../http/auth';
import type { ChangeLog } from '../http/change-log';
import { contractRoutes, type ContractRouter } from '../http/contract-router';
import { clientKey } from '../http/client-key';
import { AppError } from '../http/errors';
import { inactiveAnswer } from './shortlink-redirect.routes';
import { jsonArrayBody } from '../http/json-array-body';
import { streamExport, type ExportShape } from '../http/stream-export';
import type { LinkPasswordService } from '../services/link-password.service';
import type { ShortlinkAnalyticsService } from '../services/shortlink-analytics.service';
import type { ShortlinkFailure, ShortlinkResult } from '../services/shortlink-failure';
import { NOT_YOUR_ANALYTICS, type RequestOrigin, type ShortlinkService } from '../services/shortlink.service';
import type { ShortlinkBulkService } from '../services/shortlink-bulk.service';

/**
 * Where `POST /api/shortlinks/import` and its dry run live: createApp parses their bodies before the
 * app-wide 100 kB parser.
 */
export const SHORTLINK_IMPORT_PATHS = [API.shortlinkImport.path, API.shortlinkImportDryRun.path];
/**
 * The import's own body parser, for up to 10,000 rows of up to about a kilobyte each (a long target
 * URL, title and description), parsed without holding the event loop. It runs first, so the
 * app-wide 100 kB parser sees the body already read and skips it; a file that is not a JSON array
 * answers the designed 'Invalid JSON file format' instead of the generic malformed-body message.
 */
export const shortlinkImportBody = (): RequestHandler =>
  jsonArrayBody({
    limit: API.shortlinkImport.body.limit,
    maxDepth: IMPORT_DEPTH,
    invalid: () => new AppError('SHORTLINK_IMPORT_INVALID'),
  });
/** The deepest a valid import nests: the array of rows, a row (an object), a row's tags (an array of text). */
const IMPORT_DEPTH = 3;

interface ShortlinksRouterDeps {
  shortlinks: ShortlinkService;
  analytics: ShortlinkAnalyticsService;
  bulk: ShortlinkBulkService;
  changes: ChangeLog;
  requireAdmin: RequestHandler;
  /** The API's one optionalAdmin (http/auth.ts), shared with the blog. */
  optionalAdmin: RequestHandler;
}

/** `/api/shortlinks`: the manager's calls (list, create, edit, delete) plus export, import and analytics. */
export function shortlinksRouter({
  shortlinks,
  analytics,
  bulk,
  changes,
  requireAdmin,
  optionalAdmin,
}: ShortlinksRouterDeps): ContractRouter {
  const list = async (req: Request, res: Response) => {
    const query = req.query as unknown as ShortlinkListQuery;
    privateJson(res, 200, unwrap(res, await shortlinks.list(query, callerOf(res))));
  };
  const summary = async (_req: Request, res: Response) => privateJson(res, 200, await shortlinks.summary());
  const tags = async (_req: Request, res: Response) => privateJson(res, 200, await shortlinks.tags());
  const exportAll = async (req: Request, res: Response) => {
    const { format } = req.query as unknown as ShortlinkExportQuery;
    await streamExport(res, format, LINKS_EXPORT, shortlinks.exportRows());
  };
  const exportClicks = async (req: Request, res: Response) => {
    const { format } = req.query as unknown as ShortlinkExportQuery;
    await streamExport(res, format, CLICKS_EXPORT, analytics.exportClicks());
  };
  const stats = async (req: Request, res: Response) => {
    privateJson(res, 200, await analytics.analytics(analyticsWindow(req)));
  };
  const linkStats = async (req: Request, res: Response) => {
    const query = analyticsWindow(req);
    const caller = callerOf(res);
    const result = await analytics.linkAnalytics(
      idParam(req),
      query,
      caller.reach === 'own' ? caller.userId : undefined,
    );
    if (!result) throw new AppError('SHORTLINK_NOT_FOUND');
    if (result === 'not-yours') throw new AppError('FORBIDDEN', NOT_YOUR_ANALYTICS);
    privateJson(res, 200, result);
  };

  const create = async (req: Request<object, unknown, ShortlinkInput | GuestShortlinkInput>, res: Response) => {
    const origin = requestOrigin(req);
    const result = isAdmin(res)
      ? await shortlinks.createAsAdmin(req.body as ShortlinkInput, origin, callerOf(res).userId)
      : // req.ip honours the TRUST_PROXY hop count: with 0 it is the socket address, whatever X-Forwarded-For says.
        await shortlinks.createAsGuest(req.body, { ...origin, clientKey: clientKey(req.ip) });
    const link = unwrap(res, result);
    await changes.created(req, res, 'link', link);
    privateJson(res, 201, link);
  };
  const update = async (req: Request<{ id: string }, unknown, ShortlinkUpdate>, res: Response) => {
    const before = await shortlinks.findById(idParam(req));
    const link = unwrap(res, await shortlinks.update(idParam(req), req.body, requestOrigin(req), callerOf(res)));
    await changes.updated(req, res, 'link', { body: req.body, before, after: link });
    privateJson(res, 200, link);
  };
  const remove = async (req: Request, res: Response) => {
    unwrap(res, await shortlinks.delete(idParam(req), callerOf(res)));
    await changes.deleted(req, res, 'link', idParam(req));
    res.status(204).end();
  };
  const importAll = async (req: Request, res: Response) => {
    const result = unwrap(res, await shortlinks.importAll(req.body, requestOrigin(req), callerOf(res).userId));
    await changes.imported(req, res, result.imported);
    privateJson(res, 201, result);
  };
  // Writes nothing, so leaves nothing in the audit log either.
  const importDryRun = async (req: Request, res: Response) => {
    privateJson(res, 200, unwrap(res, await shortlinks.importDryRun(req.body, requestOrigin(req))));
  };

  const bulkChange = async (req: Request<object, unknown, ShortlinkBulkBody>, res: Response) => {
    const done = unwrap(res, await bulk.bulk(req.body, callerOf(res)));
    await changes.bulkChanged(req, res, { action: req.body.action.type, ...done });
    privateJson(res, 200, done.answer);
  };
  const folderList = async (_req: Request, res: Response) => privateJson(res, 200, await bulk.folders());
  const folderCreate = async (req: Request<object, unknown, ShortlinkFolderInput>, res: Response) => {
    const folder = unwrap(res, await bulk.createFolder(req.body.name, callerOf(res)));
    await changes.created(req, res, 'folder', folder);
    privateJson(res, 201, folder);
  };
  const folderUpdate = async (req: Request<{ id: string }, unknown, ShortlinkFolderInput>, res: Response) => {
    const folder = unwrap(res, await bulk.renameFolder(idParam(req), req.body.name));
    await changes.updated(req, res, 'folder', { body: req.body, before: null, after: folder });
    privateJson(res, 200, folder);
  };
  const folderDelete = async (req: Request, res: Response) => {
    unwrap(res, await bulk.deleteFolder(idParam(req)));
    await changes.deleted(req, res, 'folder', idParam(req));
    res.status(204).end();
  };

  const { router, add } = contractRoutes('/api/shortlinks', { requireAdmin, optionalAdmin });
  add(API.shortlinkList, list);
  add(API.shortlinkSummary, summary);
  add(API.shortlinkTags, tags);
  // No token: a guest creation (the guest's body). A token that is present but invalid: 401, never a guest creation.
  add(API.shortlinkCreate, create);
  add(API.shortlinkExport, exportAll);
  add(API.shortlinkClickExport, exportClicks);
  add(API.shortlinkImport, importAll);
  add(API.shortlinkImportDryRun, importDryRun);
  add(API.shortlinkAnalytics, stats);
  add(API.shortlinkLinkAnalytics, linkStats);
  add(API.shortlinkBulk, bulkChange);
  add(API.shortlinkFolderList, folderList);
  add(API.shortlinkFolderCreate, folderCreate);
  add(API.shortlinkFolderUpdate, folderUpdate);
  add(API.shortlinkFolderDelete, folderDelete);
  add(API.shortlinkUpdate, update);
  add(API.shortlinkDelete, remove);
  return router;
}

/** `/api/shortlink/:shortCode`: the redirect page's lookup. Public, and never counts a click. */
export function publicShortlinkRouter({
  shortlinks,
  locks,
}: {
  shortlinks: ShortlinkService;
  /** A password link's target is not public: its cookie is scoped to /{code}, so this route never opens it. */
  locks?: Pick<LinkPasswordService, 'isLocked'>;
}): ContractRouter {
  const lookup = async (req: Request<{ shortCode: string }>, res: Response) => {
    const link = await shortlinks.findPublic(req.params.shortCode);
    if (!link) throw new AppError('SHORTLINK_NOT_FOUND');
    if (locks && (await locks.isLocked(req.params.shortCode, undefined))) {
      throw new AppError('SHORTLINK_PASSWORD_REQUIRED');
    }
    // An edited link must show at once; the answer may be stored but is always revalidated.
    res.set('Cache-Control', 'no-cache');
    // An inactive link: the page shows why (or goes to the fallback), never the target's card.
    if ('inactive' in link) {
      const { status, body } = inactiveAnswer(link);
      res.status(status).json(body);
      return;
    }
    res.json(link);
  };
  const { router, add } = contractRoutes('/api/shortlink');
  add(API.shortlinkPublic, lookup);
  router.use(malformedCode);
  return router;
}

/** A code like `%zz` fails percent-decoding in the router itself; no link has such a code. */
export const malformedCode: ErrorRequestHandler = (err: unknown, _req, _res, next) => {
  next(err instanceof URIError ? new AppError('SHORTLINK_NOT_FOUND') : err);
};

/** The hosts this request reached us by: Host, and X-Forwarded-Host when TRUST_PROXY trusts it (req.host). */
function requestOrigin(req: Pick<Request, 'get' | 'host'>): RequestOrigin {
  const hosts = [req.get('host'), req.host].filter((host): host is string => typeof host === 'string' && host !== '');
  return { ownHosts: hosts };
}

/** `:id` after the contract's params check, which replaced the params with their parsed (numeric) value. */
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

const LINKS_EXPORT: ExportShape<ShortlinkExportRow> = {
  name: 'shortlinks',
  columns: SHORTLINK_CSV_COLUMNS,
  // A link nobody is recorded as making (a guest's, or one made before accounts) has an empty cell.
  cells: (row) =>
    SHORTLINK_CSV_COLUMNS.map((column) => (column === 'tags' ? row.tags.join(', ') : (row[column] ?? ''))),
};

/**
 * The analytics query's fields checked together (a preset or from/to, from ≤ to, the step's
 * longest span); a ZodError here is a 400 VALIDATION answer with the first issue's message.
 */
function analyticsWindow(req: Request): AnalyticsWindowQuery {
  return ZAnalyticsWindowQuery.parse(req.query as unknown as AnalyticsQuery);
}

const CLICKS_EXPORT: ExportShape<ClickExportRow> = {
  name: 'shortlink-clicks',
  columns: CLICK_CSV_COLUMNS,
  // An unknown referrer or country is an empty cell, as in a spreadsheet.
  cells: (row) => CLICK_CSV_COLUMNS.map((column) => row[column] ?? ''),
};
