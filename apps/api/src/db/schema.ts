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
  categories: CategoriesTable;
  blog_posts: BlogPostsTable;
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
}

export interface AdminSessionsTable {
  id: string;
  created_at: string;
  expires_at: string;
  revoked: Generated<0 | 1>;
}
