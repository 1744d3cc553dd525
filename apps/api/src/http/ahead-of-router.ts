import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';

type Handle = (req: IncomingMessage, res: ServerResponse, callback?: (error?: unknown) => void) => void;

/**
 * Runs `handler` for every request before Express's router: the app's hottest path (a click, see
 * routes/shortlink-redirect.routes.ts) then skips the router's dispatch, which under load was 6 % of
 * the event loop's CPU per click (its URL parsing, layer matching and the final handler it makes
 * for each request). The handler still gets Express's request and response, with the app's settings
 * (`req.ip` and `req.host` follow 'trust proxy'), so it reads a request as every route does.
 *
 * Whatever it does not answer goes on to the router untouched, by `next()`, now or after an await.
 * `next(error)` goes to the app's error handler, as from a middleware: that is why this adds the
 * app's first middleware, and must be called before any other `app.use`.
 */
export function answerAheadOfRouter(app: Express, handler: RequestHandler): void {
  const errors = new WeakMap<IncomingMessage, unknown>();
  app.use((req: Request, _res: Response, next: NextFunction) => {
    if (!errors.has(req)) return next();
    const error = errors.get(req);
    errors.delete(req);
    next(error);
  });
  const withRouter = app as unknown as { handle: Handle; request: object; response: object };
  const route = withRouter.handle.bind(app);
  withRouter.handle = (req, res, callback) => {
    // What app.handle sets up before its router, so that the handler sees the app's req and res.
    (req as Request).res = res as Response;
    (res as Response).req = req as Request;
    Object.setPrototypeOf(req, withRouter.request);
    Object.setPrototypeOf(res, withRouter.response);
    const next = (error?: unknown) => {
      if (error !== undefined && error !== 'route' && error !== 'router') errors.set(req, error);
      route(req, res, callback);
    };
    // A throw is the request's error, as Express makes of a middleware's.
    try {
      handler(req as Request, res as Response, next);
    } catch (error) {
      next(error ?? new Error('The click route threw nothing'));
    }
  };
}
