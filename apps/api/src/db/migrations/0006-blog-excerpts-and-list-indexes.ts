import { type Migration } from './migration';

export default {
  version: 6,
  name: 'blog excerpts and list indexes',
  // excerpt: the plain-text summary the lists show, written with the sanitized content (NULL for posts
  // saved before this version, until the blog service fills it in on first listing).
  // The list indexes end in id, so each ordered list (newest, by category, most viewed, the admin's)
  // is read from one index, ties broken by id, without touching the rows it skips; the two newest-first
  // ones carry the title too, so a title search scans an index of short entries instead of the posts'
  // rows. The contact inbox's (created_at, id) serves its newest-first keyset pages. Each replaces a
  // narrower index it covers.
  sqlite: `
    ALTER TABLE blog_posts ADD COLUMN excerpt TEXT;
    DROP INDEX blog_posts_published_created_at;
    DROP INDEX blog_posts_category_id;
    DROP INDEX blog_posts_view_count;
    CREATE INDEX blog_posts_published_created_at ON blog_posts (published, created_at, id, title);
    CREATE INDEX blog_posts_category_created_at ON blog_posts (category_id, published, created_at, id);
    CREATE INDEX blog_posts_published_view_count ON blog_posts (published, view_count, id);
    CREATE INDEX blog_posts_created_at ON blog_posts (created_at, id, title);
    DROP INDEX contact_messages_created_at;
    CREATE INDEX contact_messages_created_at ON contact_messages (created_at, id);
  `,
  postgres: `
    ALTER TABLE blog_posts ADD COLUMN excerpt TEXT;
    DROP INDEX blog_posts_published_created_at;
    DROP INDEX blog_posts_category_id;
    DROP INDEX blog_posts_view_count;
    CREATE INDEX blog_posts_published_created_at ON blog_posts (published, created_at, id, title);
    CREATE INDEX blog_posts_category_created_at ON blog_posts (category_id, published, created_at, id);
    CREATE INDEX blog_posts_published_view_count ON blog_posts (published, view_count, id);
    CREATE INDEX blog_posts_created_at ON blog_posts (created_at, id, title);
    DROP INDEX contact_messages_created_at;
    CREATE INDEX contact_messages_created_at ON contact_messages (created_at, id);
  `,
} satisfies Migration;
