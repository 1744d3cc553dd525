/**
 * Who may do what: the roles of a team, the permissions each holds, and the scopes an API key may
 * carry. Declared once, here; the contract names the permission each route needs, the server
 * enforces it on every route, and the pages show only what the signed-in role may use
 * (docs/decisions/0015-team-accounts.md).
 */

/** From most to least powerful. Exactly one person is the Owner. */
export const ROLES = ['owner', 'administrator', 'editor', 'author', 'contributor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  administrator: 'Administrator',
  editor: 'Editor',
  author: 'Author',
  contributor: 'Contributor',
  viewer: 'Viewer',
};

/** What an API key may be allowed to do; never more than its person's role. */
export const API_KEY_SCOPES = [
  'links:read',
  'links:write',
  'analytics:read',
  'blog:read',
  'blog:write',
  'inbox:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * Each permission a route may need, and the key scope that stands for it (none: only a signed-in
 * person, never a key, may use it — managing people, keys and sessions is not for scripts).
 */
export const PERMISSIONS = {
  /** The short-link list, its summary, tags and export. */
  'links:read': 'links:read',
  /** Create, change, delete and import short links. */
  'links:write': 'links:write',
  /** Click analytics and the raw-clicks export. */
  'analytics:read': 'analytics:read',
  /** The blog admin's lists, drafts included. */
  'blog:read': 'blog:read',
  /** Write and delete posts (publishing needs blog:publish too). */
  'blog:write': 'blog:write',
  /** Make a post public. */
  'blog:publish': 'blog:write',
  /** Create, rename and delete categories. */
  'categories:write': 'blog:write',
  /** The contact inbox. */
  'inbox:read': 'inbox:read',
  /** One's own profile, password, sessions and API keys. */
  account: null,
  /** The list of people and invitations. */
  'team:read': null,
  /** Invite people (only to the roles one may grant) and revoke invitations. */
  'team:invite': null,
  /** Change roles, disable and enable people. */
  'team:manage': null,
  /** Read and export the audit log. */
  'audit:read': null,
  /** Hand ownership over to an Administrator. */
  'ownership:transfer': null,
  /**
   * The webhooks with their secrets, and their delivery log: only the Owner and Administrators,
   * never a key (a secret lets one forge the site's deliveries).
   */
  'webhooks:read': null,
  /** Register, change and delete webhooks, rotate their secrets, re-send deliveries. */
  'webhooks:manage': null,
} as const satisfies Record<string, ApiKeyScope | null>;
export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as [Permission, ...Permission[]];

/**
 * How far a grant reaches: `all` of the site's links or posts, or only the person's `own` (those they
 * created). Permissions about no particular record (inbox, team, audit) are `all` when granted.
 */
export const REACHES = ['all', 'own'] as const;
export type Reach = (typeof REACHES)[number];

const everything = (except: readonly Permission[] = []) =>
  Object.fromEntries(PERMISSION_NAMES.filter((p) => !except.includes(p)).map((p) => [p, 'all'])) as Partial<
    Record<Permission, Reach>
  >;

export const ROLE_GRANTS: Readonly<Record<Role, Readonly<Partial<Record<Permission, Reach>>>>> = {
  owner: everything(),
  administrator: everything(['ownership:transfer']),
  editor: everything(['team:manage', 'audit:read', 'ownership:transfer', 'webhooks:read', 'webhooks:manage']),
  author: {
    'links:read': 'own',
    'links:write': 'own',
    'analytics:read': 'own',
    'blog:read': 'all',
    'blog:write': 'own',
    'blog:publish': 'own',
    account: 'all',
  },
  contributor: { 'blog:read': 'own', 'blog:write': 'own', account: 'all' },
  viewer: { 'links:read': 'all', 'analytics:read': 'all', 'blog:read': 'all', account: 'all' },
};

/** The roles a person of `role` may invite or give: Editors bring in Authors and Contributors only. */
export function grantableRoles(role: Role): readonly Role[] {
  if (role === 'owner' || role === 'administrator') return ROLES.filter((r) => r !== 'owner');
  if (role === 'editor') return ['author', 'contributor'];
  return [];
}

/** How far `role` reaches with `permission`; null when it does not hold it. */
export function reachOf(role: Role, permission: Permission): Reach | null {
  return ROLE_GRANTS[role][permission] ?? null;
}

/** The scopes a key of a person with `role` may carry: those whose permissions the role holds. */
export function scopesOfRole(role: Role): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => reachOf(role, scope) !== null);
}

/**
 * What a route asks of its caller. `reach: 'own'` means the handler narrows the work to the caller's
 * own records, so an `own` grant is enough; without it the route needs the `all` grant.
 */
export interface RoutePermission {
  permission: Permission;
  reach?: Reach;
}

/** The principal making a request: a signed-in person, or an API key acting for one. */
export interface Actor {
  userId: number;
  role: Role;
  /** Present when the request came with an API key: the key's id and scopes. */
  key?: { id: number; scopes: readonly ApiKeyScope[] };
}

/**
 * How far `actor` may go with the route's permission: null when refused. A key needs the scope that
 * stands for the permission (and the person's role must still hold it); a person needs the role.
 */
export function allowedReach(actor: Actor, needed: RoutePermission): Reach | null {
  const reach = reachOf(actor.role, needed.permission);
  if (reach === null) return null;
  if (actor.key) {
    const scope = PERMISSIONS[needed.permission];
    if (scope === null || !actor.key.scopes.includes(scope)) return null;
  }
  if (reach === 'own' && needed.reach !== 'own') return null;
  return reach;
}
