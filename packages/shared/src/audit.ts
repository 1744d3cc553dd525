/**
 * The audit log's API bodies (docs/decisions/0016-audit-log.md): who changed what, when and from
 * which address. Kept apart from the zod schemas so the Audit page loads no zod.
 */

/** What an event is about; `GET /api/audit?type=` filters by one of these. */
export const AUDIT_TARGET_TYPES = [
  'link',
  'post',
  'category',
  'folder',
  'person',
  'invitation',
  'key',
  'session',
  'login',
  'ownership',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_TARGET_LABELS: Readonly<Record<AuditTargetType, string>> = {
  link: 'Links',
  post: 'Posts',
  category: 'Categories',
  folder: 'Link folders',
  person: 'People',
  invitation: 'Invitations',
  key: 'API keys',
  session: 'Sessions',
  login: 'Failed logins',
  ownership: 'Ownership',
};

/** Events per page of the log, and the most a client may ask for. */
export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_PAGE_SIZE_MAX = 100;

/** Who did it, as the event recorded them. */
export interface AuditEventActor {
  /** The person; null when nobody was signed in (a failed login, a guest's link). */
  id: number | null;
  /** Their login when it happened (a later rename does not change the log), `guest` or `anonymous`. */
  label: string;
  /** The first characters of the API key that acted for the person, when one did. */
  keyPrefix?: string;
}

export interface AuditEvent {
  id: number;
  /** ISO 8601, UTC. */
  at: string;
  actor: AuditEventActor;
  /** `<type>.<verb>`: `link.created`, `post.published`, `login.failed`… */
  action: string;
  targetType: string;
  targetId: string;
  /** Names of the fields that changed, never their values. */
  fields: string[];
  /** The address the request came from ('' for a guest: a visitor's address is never stored). */
  ip: string;
}

/** `GET /api/audit`: one page, newest first. */
export interface AuditPage {
  events: AuditEvent[];
  /** Pass as `cursor` for the next (older) page, with the same filters; null on the last page. */
  nextCursor: string | null;
}

/** The columns of `GET /api/audit/export` (CSV), in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actor_id',
  'actor',
  'key_prefix',
  'action',
  'target_type',
  'target_id',
  'fields',
  'ip',
] as const;
