import { PG_ID, PG_TEXT, type Migration } from './migration';

export default {
  version: 3,
  name: 'blog categories and posts',
  // Deleting a category leaves its posts uncategorised, never deleted: ON DELETE SET NULL.
  // tags holds a JSON list of text, as the API returns it; published is 0 or 1.
  sqlite: `
    CREATE TABLE categories (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      slug        TEXT NOT NULL UNIQUE,
      name        TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX categories_name ON categories (name COLLATE NOCASE);
    CREATE TABLE blog_posts (
      id          INTEGER PRIMARY KEY AUTOINCREMENT,
      slug        TEXT NOT NULL UNIQUE,
      title       TEXT NOT NULL,
      author      TEXT NOT NULL DEFAULT '',
      category_id INTEGER REFERENCES categories (id) ON DELETE SET NULL,
      cover_image TEXT NOT NULL DEFAULT '',
      content     TEXT NOT NULL,
      tags        TEXT NOT NULL DEFAULT '[]',
      published   INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
      view_count  INTEGER NOT NULL DEFAULT 0 CHECK (view_count >= 0),
      created_at  TEXT NOT NULL,
      updated_at  TEXT NOT NULL
    );
    CREATE INDEX blog_posts_published_created_at ON blog_posts (published, created_at);
    CREATE INDEX blog_posts_category_id ON blog_posts (category_id);
    CREATE INDEX blog_posts_view_count ON blog_posts (view_count);
  `,
  postgres: `
    CREATE TABLE categories (
      ${PG_ID},
      slug        ${PG_TEXT} NOT NULL UNIQUE,
      name        TEXT NOT NULL,
      description TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX categories_name ON categories (lower(name));
    CREATE TABLE blog_posts (
      ${PG_ID},
      slug        ${PG_TEXT} NOT NULL UNIQUE,
      title       TEXT NOT NULL,
      author      TEXT NOT NULL DEFAULT '',
      category_id INTEGER REFERENCES categories (id) ON DELETE SET NULL,
      cover_image TEXT NOT NULL DEFAULT '',
      content     TEXT NOT NULL,
      tags        TEXT NOT NULL DEFAULT '[]',
      published   INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
      view_count  INTEGER NOT NULL DEFAULT 0 CHECK (view_count >= 0),
      created_at  ${PG_TEXT} NOT NULL,
      updated_at  ${PG_TEXT} NOT NULL
    );
    CREATE INDEX blog_posts_published_created_at ON blog_posts (published, created_at);
    CREATE INDEX blog_posts_category_id ON blog_posts (category_id);
    CREATE INDEX blog_posts_view_count ON blog_posts (view_count);
  `,
} satisfies Migration;
