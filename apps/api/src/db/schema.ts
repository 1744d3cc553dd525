import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them. Both engines store the same types: times are ISO 8601 UTC text
 * (so text order is time order and the first 10 characters are the UTC day), booleans are 0/1
 * integers, and lists (tags) are JSON text.
 */
export interface Tables {
  settings: SettingsTable;
  contact_messages: ContactMessagesTable;
  shortlinks: ShortlinksTable;
  shortlink_clicks: ShortlinkClicksTable;
  shortlink_tags: ShortlinkTagsTable;
  shortlink_folders: ShortlinkFoldersTable;
  shortlink_tag_counts: ShortlinkTagCountsTable;
  shortlink_search: ShortlinkSearchTable;
  shortlink_totals: ShortlinkTotalsTable;
  shortlink_daily_created: ShortlinkDailyCreatedTable;
  click_daily_stats: ClickDailyStatsTable;
  shortlink_daily_stats: ShortlinkDailyStatsTable;
  click_value_totals: ClickValueTotalsTable;
  categories: CategoriesTable;
  blog_posts: BlogPostsTable;
  rate_counters: RateCountersTable;
  admin_sessions: AdminSessionsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  invitations: InvitationsTable;
  audit_events: AuditEventsTable;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  created_at: string;
}

export interface ShortlinksTable {
  id: Generated<number>;
  short_code: string;
  target_url: string;
  title: string;
  description: Generated<string>;
  meta_image: Generated<string>;
  tags: Generated<string>;
  click_count: Generated<number>;
  created_at: string;
  redirect_mode: Generated<'preview' | 'direct'>;
  /** The token of the import that wrote the link and has not published it yet; NULL once visible. */
  import_pending: number | null;
  /** users.id of who created it; NULL for a guest's link and links made before accounts. */
  created_by: Generated<number | null>;
  updated_by: Generated<number | null>;
  /** shortlink_folders.id, or NULL for no folder. */
  folder_id: Generated<number | null>;
  /** 1 when archived: it still redirects, but leaves the default list. */
  archived: Generated<0 | 1>;
}

/** Folders of links, one level; name_key is the name in lower case (unique). */
export interface ShortlinkFoldersTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  created_at: string;
  created_by: number | null;
}

/** One row per tag of a link; created_at is the link's, so the tag filter pages in (tag, created_at) order. */
export interface ShortlinkTagsTable {
  shortlink_id: number;
  tag: string;
  created_at: string;
}

export interface ShortlinkTagCountsTable {
  tag: string;
  count: number;
}

/** Lower-case search terms of a link (code, title, target, tags); see shortlink-index.sql.ts. */
export interface ShortlinkSearchTable {
  term: string;
  shortlink_id: number;
  /** The link's UTC creation day, YYYY-MM-DD (substr(created_at, 1, 10)). */
  created_day: string;
}

/** The one row (id 1) of link and click totals, kept with every write. */
/** Visible links per UTC creation day, kept with every insert, publish and delete. */
export interface ShortlinkDailyCreatedTable {
  /** YYYY-MM-DD, the first 10 characters of created_at. */
  day: string;
  links: number;
}

export interface ShortlinkTotalsTable {
  id: number;
  links: number;
  clicks: number;
}

export type StatsDimension = 'referrer' | 'country' | 'device';

/** Clicks of all links per UTC day and referrer host / country / device ('' for none or unknown). */
export interface ClickDailyStatsTable {
  dimension: StatsDimension;
  day: string;
  value: string;
  clicks: number;
}

/** All links' clicks of all time per referrer host, country and device: click_daily_stats summed over its days. */
export interface ClickValueTotalsTable {
  dimension: StatsDimension;
  value: string;
  clicks: number;
}

export interface ShortlinkDailyStatsTable extends ClickDailyStatsTable {
  shortlink_id: number;
}

export interface ShortlinkClicksTable {
  id: Generated<number>;
  shortlink_id: number;
  clicked_at: string;
  referrer_host: string | null;
  country: string | null;
  device: 'desktop' | 'mobile' | 'tablet';
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: Generated<string>;
}

export interface BlogPostsTable {
  id: Generated<number>;
  slug: string;
  title: string;
  author: Generated<string>;
  category_id: number | null;
  cover_image: Generated<string>;
  content: string;
  tags: Generated<string>;
  published: Generated<0 | 1>;
  view_count: Generated<number>;
  created_at: string;
  updated_at: string;
  /** Plain-text summary for lists; NULL until written (posts saved before it existed). */
  excerpt: string | null;
  /** users.id of the post's author; NULL for posts written before accounts (the Owner's). */
  author_id: Generated<number | null>;
  updated_by: Generated<number | null>;
}

export interface RateCountersTable {
  key: string;
  hits: number;
  /** End of the current window, in milliseconds since the epoch. */
  reset_at: number;
}

export interface AdminSessionsTable {
  id: string;
  created_at: string;
  expires_at: string;
  revoked: Generated<0 | 1>;
  /** The person signed in (users.id). */
  user_id: number;
  user_agent: Generated<string>;
  ip: Generated<string>;
  /** Written at most once a minute; NULL until the first request after login. */
  last_seen_at: string | null;
}

/** A person of the team. login is stored lower-case; role is one of ROLES. */
export interface UsersTable {
  id: Generated<number>;
  login: string;
  display_name: string;
  role: string;
  /** scrypt (password-hash.ts); empty only for an Owner whose password ADMIN_PASSWORD sets at start. */
  password_hash: string;
  disabled: Generated<0 | 1>;
  created_at: string;
  updated_at: string;
}

/** A script's key: only its SHA-256 (hex) is kept, and the first characters to recognise it by. */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  prefix: string;
  hash: string;
  /** JSON array of ApiKeyScope. */
  scopes: string;
  /** Requests per minute. */
  rate_limit: number;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** A one-time link to join the team; only the SHA-256 (hex) of its token is kept. */
export interface InvitationsTable {
  id: Generated<number>;
  token_hash: string;
  role: string;
  /** Who it is for, in the inviter's words (an email or a name); shown in the list only. */
  label: Generated<string>;
  created_by: number;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  accepted_by: number | null;
  revoked_at: string | null;
}

/** One change or security event. fields is a JSON array of field names, never their values. */
export interface AuditEventsTable {
  id: Generated<number>;
  at: string;
  actor_user_id: number | null;
  actor_key_id: number | null;
  /** Who, as shown when the event was written (the person's login, or "key <prefix>"). */
  actor_label: Generated<string>;
  action: string;
  target_type: string;
  target_id: Generated<string>;
  fields: Generated<string>;
  ip: Generated<string>;
}
