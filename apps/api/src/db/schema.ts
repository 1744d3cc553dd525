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
}
