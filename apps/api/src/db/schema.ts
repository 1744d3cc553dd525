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
  click_salts: ClickSaltsTable;
  click_visitors: ClickVisitorsTable;
  categories: CategoriesTable;
  blog_posts: BlogPostsTable;
  rate_counters: RateCountersTable;
  admin_sessions: AdminSessionsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  invitations: InvitationsTable;
  audit_events: AuditEventsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_event_keys: WebhookEventKeysTable;
  sweep_marks: SweepMarksTable;
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
  /** Rules (migration 17): UTC ISO instants, a visit limit, a fallback URL, a 'direct' link's status. */
  valid_from: Generated<string | null>;
  valid_until: Generated<string | null>;
  max_visits: Generated<number | null>;
  fallback_url: Generated<string | null>;
  redirect_status: Generated<number>;
  /** The token of the import that wrote the link and has not published it yet; NULL once visible. */
  import_pending: number | null;
  /** users.id of who created it; NULL for a guest's link and links made before accounts. */
  created_by: Generated<number | null>;
  updated_by: Generated<number | null>;
  /** scrypt hash of the link's password; NULL: anyone may open it. Never leaves the repositories. */
  password_hash: Generated<string | null>;
  /** Raised by every change or removal of the password: unlock cookies of an older version are refused. */
  password_version: Generated<number>;
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
  /** Of these clicks, the first of their visitor in their UTC hour. */
  deduplicated: Generated<number>;
  /** Of these clicks, the first of their visitor that UTC day. */
  uniques: Generated<number>;
}

/** One random salt per UTC day (YYYY-MM-DD) for the visitor hashes; deleted after 48 hours. */
export interface ClickSaltsTable {
  day: string;
  salt: string;
}

/** One visitor of one link on one day, by hash (never an address); deleted with its day's salt. */
export interface ClickVisitorsTable {
  visitor: string;
  day: string;
  /** UTC hours, YYYY-MM-DDTHH: the first click's, and the last one counted as deduplicated. */
  first_hour: string;
  hour: string;
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
  /** 1 for the first click of its visitor in its UTC hour, else 0. */
  deduplicated: Generated<number>;
  /** 1 for the first click of its visitor that UTC day, else 0. */
  unique_visitor: Generated<number>;
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

/** A URL an Administrator registered for events; events is a JSON array of WebhookEvent. */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  description: Generated<string>;
  events: string;
  /** The signing secret (`whsec_…`), kept whole: the server signs with it and admins may read it. */
  secret: string;
  active: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** One delivery of one event to one webhook: the queue and the delivery log in one row. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event: string;
  /** The JSON body sent, byte for byte the signed text. */
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: Generated<number>;
  /** When it is due next; null once delivered or failed. */
  next_attempt_at: string | null;
  /** The lease of the worker that claimed it; a lease that ran out may be claimed again. */
  claimed_until: string | null;
  claim_token: string | null;
  response_status: number | null;
  last_error: Generated<string>;
  /** Retries stop after this time (24 hours after the event). */
  give_up_at: string;
  created_at: string;
  updated_at: string;
}

/** An event sent once across replicas: its key is written by the first that notices it. */
export interface WebhookEventKeysTable {
  key: string;
  created_at: string;
}

/** How far each periodic sweep has looked (ISO 8601, UTC), by the sweep's name. */
export interface SweepMarksTable {
  name: string;
  swept_until: string;
}
