/**
 * Who may call each operation, as the OpenAPI document says it: the two kinds of credentials
 * (security schemes), the schemes each operation takes, and the permission it needs, in data
 * (`x-permission`) and in words. All of it is read from the contract and roles.ts.
 */
import {
  allowedReach,
  PERMISSIONS,
  ROLE_LABELS,
  ROLES,
  type ApiKeyScope,
  type Permission,
  type Reach,
} from '@toolvault/shared';
import type { RouteAuth, RouteContract } from '@toolvault/shared/contract';

/** Where each operation's permission is written: what it needs, how far, and the key scope. */
export const PERMISSION_EXTENSION = 'x-permission';

export interface PermissionExtension {
  permission: Permission;
  /** `own`: a grant limited to one's own records is enough (the operation narrows to them). */
  reach: Reach;
  /** The scope an API key needs; null when no key may call the operation. */
  scope: ApiKeyScope | null;
}

const SESSION = 'session';
const API_KEY = 'apiKey';

export const SECURITY_SCHEMES = {
  [SESSION]: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A signed-in person's session: the token POST /api/admin/login answers, valid 12 hours. Logging out, " +
      'changing the password or being disabled ends it at once. What it may call is what the role allows.',
  },
  [API_KEY]: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key for scripts, made in the Account page: `tv_` and 43 more characters, shown once. It may call ' +
      "the operations whose permission its scopes stand for (never more than its person's role), with its own " +
      'limit of requests per minute (429 RATE_LIMITED beyond it); a revoked or expired key, or a key of a ' +
      'disabled person, answers 401. Managing people, keys and sessions is not for keys.',
  },
} as const;

/** An operation's permission in data, or undefined for a public one. */
export function permissionOf(route: RouteContract): PermissionExtension | undefined {
  if (!route.permission) return undefined;
  const { permission, reach = 'all' } = route.permission;
  return { permission, reach, scope: PERMISSIONS[permission] };
}

/**
 * The schemes that may call the operation: none for a public one; a session, and a key when the
 * permission has a scope (named in the requirement, as OpenAPI 3.1 allows for any scheme). An
 * admin-optional operation also takes no credentials at all (`{}`).
 */
export function securityOf(route: RouteContract): Record<string, string[]>[] {
  const needed = permissionOf(route);
  if (route.auth === 'public' || !needed) return [];
  const schemes: Record<string, string[]>[] = [{ [SESSION]: [] }];
  if (needed.scope) schemes.push({ [API_KEY]: [needed.scope] });
  return route.auth === 'admin-optional' ? [{}, ...schemes] : schemes;
}

/** What the records of a permission are called, for "own links are enough". */
const RECORDS: Readonly<Record<string, string>> = { links: 'links', analytics: 'links', blog: 'posts' };

/** The roles that may call an operation, with `(own)` for those limited to their own records. */
function rolesOf(needed: PermissionExtension): string {
  const roles = ROLES.flatMap((role) => {
    const reach = allowedReach({ userId: 0, role }, needed);
    if (reach === null) return [];
    return [reach === 'own' ? `${ROLE_LABELS[role]} (own)` : ROLE_LABELS[role]];
  });
  return roles.join(', ');
}

/**
 * The permission in a sentence: "Needs permission `links:write` (own links are enough): Owner,
 * Administrator, Editor, Author (own). API keys need scope `links:write`."
 */
export function permissionWords(needed: PermissionExtension): string {
  const own =
    needed.reach === 'own' ? ` (own ${RECORDS[needed.permission.split(':')[0]!] ?? 'records'} are enough)` : '';
  const keys = needed.scope ? `API keys need scope \`${needed.scope}\`.` : 'API keys may not call it.';
  return `Needs permission \`${needed.permission}\`${own}: ${rolesOf(needed)}. ${keys}`;
}

/** Who may call an operation, before its permission. */
export const AUTH_WORDS: Record<RouteAuth, string> = {
  public: 'Public: no credentials needed.',
  admin:
    'Signed-in callers only: `Authorization: Bearer <token>` (a session token or an API key), else 401 ' +
    'UNAUTHORIZED; a caller without the permission gets 403 FORBIDDEN.',
  'admin-optional':
    'Public; a signed-in caller gets more, and one without the permission gets 403 FORBIDDEN. Credentials ' +
    'that are sent but invalid answer 401 UNAUTHORIZED, so an expired session is noticed.',
};

/** The paragraphs the document adds to an operation's own description: who may call it. */
export function securityWords(auth: RouteAuth, needed: PermissionExtension | undefined): string[] {
  return [AUTH_WORDS[auth], ...(needed ? [permissionWords(needed)] : [])];
}
