/**
 * What the role × route matrix expects of each route and caller, read from the contract (each
 * route's auth and permission) and roles.ts (what each role and key scope holds); nothing here is
 * a hand-written table of routes.
 */
import {
  allowedReach,
  API_KEY_SCOPES,
  ROLE_LABELS,
  ROLES,
  type Actor,
  type ApiKeyScope,
  type Role,
} from '@toolvault/shared';
import type { RouteContract } from '@toolvault/shared/contract';

/** Who sends a request: nobody signed in, a person of a role, or the Owner's key with one scope. */
export type Caller = { kind: 'visitor' } | { kind: 'person'; role: Role } | { kind: 'key'; scope: ApiKeyScope };

/** Every caller the matrix tries: no credentials, one person per role, a key per scope. */
export const CALLERS: readonly Caller[] = [
  { kind: 'visitor' },
  ...ROLES.map((role): Caller => ({ kind: 'person', role })),
  ...API_KEY_SCOPES.map((scope): Caller => ({ kind: 'key', scope })),
];

export function callerLabel(caller: Caller): string {
  if (caller.kind === 'visitor') return 'no credentials';
  if (caller.kind === 'person') return ROLE_LABELS[caller.role];
  return `key ${caller.scope}`;
}

/**
 * The caller as roles.ts sees it. Keys belong to the Owner, whose role holds every permission, so
 * only the key's scope can refuse them.
 */
export function actorOf(caller: Exclude<Caller, { kind: 'visitor' }>): Actor {
  if (caller.kind === 'person') return { userId: 0, role: caller.role };
  return { userId: 1, role: 'owner', key: { id: 0, scopes: [caller.scope] } };
}

/** How a request may end, as far as permissions go: served (any status but 401 and 403), or refused. */
export type Verdict = 'served' | 'unauthorized' | 'forbidden';

/**
 * What `caller` must get from `route`. Public routes never ask for credentials. Without credentials
 * an admin route answers 401, while an admin-optional one serves the visitor's view. With
 * credentials, the route's permission decides: allowed exactly when allowedReach grants it.
 */
export function expectedVerdict(route: RouteContract, caller: Caller): Verdict {
  if (route.auth === 'public') return 'served';
  if (caller.kind === 'visitor') return route.auth === 'admin' ? 'unauthorized' : 'served';
  if (!route.permission) return 'forbidden';
  return allowedReach(actorOf(caller), route.permission) === null ? 'forbidden' : 'served';
}

/** The verdict an answer gives; a 401 or 403 with another code is named, and never matches. */
export function verdictOf(status: number, body: unknown): Verdict | string {
  const code = (body as { code?: unknown } | undefined)?.code;
  if (status === 401) return code === 'UNAUTHORIZED' ? 'unauthorized' : `401 ${String(code)}`;
  if (status === 403) return code === 'FORBIDDEN' ? 'forbidden' : `403 ${String(code)}`;
  return 'served';
}

/** `GET /api/blog/:id`, to name a route in a failure. */
export const routeLabel = (route: RouteContract): string => `${route.method.toUpperCase()} ${route.path}`;

/**
 * What is wrong with a route's declaration, if anything: a route that is not public must name a
 * permission; a route answered before the router has none of the router's checks, so it must be
 * public; reading (GET) needs a read permission (or only one's own account), and a change never
 * needs only a read permission.
 */
export function declarationFault(route: RouteContract): string | null {
  if (route.auth !== 'public' && !route.permission) return 'is not public but names no permission';
  if (route.beforeRouter && route.auth !== 'public') return 'is answered before the router, which checks permissions';
  const permission = route.permission?.permission;
  if (permission === undefined || permission === 'account') return null;
  const reads = permission.endsWith(':read');
  if (route.method === 'get' && !reads) return `reads, yet needs ${permission}`;
  if (route.method !== 'get' && reads) return `changes something, yet needs only ${permission}`;
  return null;
}

/** A value for each path parameter that names nothing stored, so no request changes a record. */
const PATH_VALUES: Readonly<Record<string, string>> = {
  slug: 'no-such-post',
  shortCode: 'nosuchcode',
  ip: '192.0.2.1',
  part: '1',
};
const NO_SUCH_ID = '999999';

/** The route's path with each parameter filled in. */
export function pathOf(route: RouteContract): string {
  return route.path.replace(/:(\w+)/g, (_all, name: string) => PATH_VALUES[name] ?? NO_SUCH_ID);
}

/** One cell of the table: how far a person reaches, whether a key or a visitor gets in. */
function cell(route: RouteContract, caller: Caller): string {
  const verdict = expectedVerdict(route, caller);
  if (verdict === 'unauthorized') return '401';
  if (verdict === 'forbidden') return '—';
  if (caller.kind === 'person' && route.permission) return allowedReach(actorOf(caller), route.permission) ?? '—';
  return 'yes';
}

/**
 * The whole matrix as a Markdown table, one row per route: for a person how far their role reaches
 * (`all`, or `own`: only what they made), for a key and for no credentials whether they get in.
 * Kept beside the test as a file snapshot, so a change of any route's permission, or of a role's
 * grants, shows up as a diff to review (and fails until the snapshot is updated with `-u`).
 */
export function matrixTable(routes: readonly [string, RouteContract][]): string {
  const header = ['route', 'permission', ...CALLERS.map(callerLabel)];
  const rows = routes.map(([name, route]) => [
    `${name}: \`${routeLabel(route)}\``,
    route.permission ? `${route.permission.permission}${route.permission.reach === 'own' ? ' (own)' : ''}` : 'public',
    ...CALLERS.map((caller) => cell(route, caller)),
  ]);
  // Columns of fixed widths (a route's name and path fit in 72 characters, a permission in 20; the
  // others are as wide as their heading), so a new or changed route changes its own line of the
  // diff, not the padding of every line.
  const widths = header.map((text, i) => Math.max(i === 0 ? 72 : i === 1 ? 20 : 3, text.length));
  const line = (row: string[]) => `| ${row.map((text, i) => text.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n') + '\n';
}
