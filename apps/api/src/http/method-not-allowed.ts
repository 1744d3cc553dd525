import type { RequestHandler } from 'express';
import type { RouteContract } from '@toolvault/shared/contract';
import { AppError } from './errors';

/** The order Allow lists methods in. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'];

interface KnownPath {
  pattern: RegExp;
  names: string[];
  routes: RouteContract[];
}

/** A contract path (`/api/blog/:slug`, `/sitemap-posts-:part.xml`) as a pattern over a raw request path. */
function knownPath(path: string): Pick<KnownPath, 'pattern' | 'names'> {
  const names: string[] = [];
  const source = path
    .split(/(:[A-Za-z_]\w*)/)
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+?)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** Whether `path` is `known`'s, with parameters that parse as one of its routes declares them. */
function matches(known: KnownPath, path: string): boolean {
  const found = known.pattern.exec(path);
  if (!found) return false;
  let params: Record<string, string>;
  try {
    params = Object.fromEntries(known.names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]));
  } catch {
    return false;
  }
  // `/:shortCode` would otherwise claim every one-segment path: a path is the route's only when its
  // parameters are what the route takes.
  return known.routes.some((route) => !route.params || route.params.safeParse(params).success);
}

/**
 * 405 with `Allow` for a request that reached no handler but names a path of the contract: the
 * client used a method that path does not answer (`DELETE /api/health`). Mounted just before the
 * 404s, so any route that does answer has had its turn.
 */
export function methodNotAllowed(routes: readonly RouteContract[]): RequestHandler {
  const byPath = new Map<string, KnownPath>();
  for (const route of routes) {
    const known = byPath.get(route.path) ?? { ...knownPath(route.path), routes: [] };
    known.routes.push(route);
    byPath.set(route.path, known);
  }
  const known = [...byPath.values()];
  return (req, res, next) => {
    const path = req.originalUrl.split('?')[0] ?? '';
    const methods = new Set<string>();
    for (const entry of known) {
      if (!matches(entry, path)) continue;
      for (const route of entry.routes) methods.add(route.method.toUpperCase());
    }
    // Express answers HEAD wherever it answers GET.
    if (methods.has('GET')) methods.add('HEAD');
    if (methods.size === 0 || methods.has(req.method)) return next();
    res.set('Allow', METHOD_ORDER.filter((method) => methods.has(method)).join(', '));
    // OPTIONS asks what the path answers: the routers say it themselves, and here the paths without one (/{code}).
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next(new AppError('METHOD_NOT_ALLOWED'));
  };
}
