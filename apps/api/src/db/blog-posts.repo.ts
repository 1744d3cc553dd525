import { parsePostTags, type BlogPost, type PostInput } from '@toolvault/shared';
import type { Db } from './database';

/** The stored fields of a post: the validated input (content already sanitized) and its times. */
export interface NewBlogPost extends PostInput {
  /** ISO 8601, UTC. */
  createdAt: string;
}

export interface BlogPostChanges extends PostInput {
  /** ISO 8601, UTC. */
  updatedAt: string;
}

export type BlogPostWrite = { ok: true; post: BlogPost } | { ok: false; reason: 'not-found' | 'slug-taken' };

export interface BlogPostListOptions {
  /** Drafts too (the admin's list); published posts only otherwise. */
  includeDrafts: boolean;
  /** Only posts of the category with this slug (none when no category has it). */
  categorySlug?: string;
  limit?: number;
}

/** Where a published post lives and when it last changed, for the sitemap. */
export interface BlogPostLink {
  slug: string;
  updatedAt: string;
}

export interface BlogPostsRepo {
  /** Newest first (created_at, then id). */
  list(options: BlogPostListOptions): BlogPost[];
  findById(id: number): BlogPost | null;
  /** Never counts a view. */
  findBySlug(slug: string, options: { includeDrafts: boolean }): BlogPost | null;
  /** Adds one view in one UPDATE (concurrent reads are never lost) and answers the post with its new count. */
  countView(slug: string, options: { includeDrafts: boolean }): BlogPost | null;
  /** The new post, or null when its slug is taken (nothing is written then). */
  insert(post: NewBlogPost): BlogPost | null;
  update(id: number, changes: BlogPostChanges): BlogPostWrite;
  delete(id: number): boolean;
  /** Published posts, newest first. */
  publishedLinks(): BlogPostLink[];
}

interface BlogPostRow {
  id: number;
  slug: string;
  title: string;
  author: string;
  category_id: number | null;
  category_name: string | null;
  cover_image: string;
  content: string;
  tags: string;
  published: number;
  view_count: number;
  created_at: string;
  updated_at: string;
}

// A subquery rather than a join, so UPDATE … RETURNING can answer the same shape (it cannot join).
const COLUMNS = `id, slug, title, author, category_id,
  (SELECT name FROM categories WHERE categories.id = blog_posts.category_id) AS category_name,
  cover_image, content, tags, published, view_count, created_at, updated_at`;
/** Newest first; id breaks ties between posts created in the same millisecond. */
const NEWEST_FIRST = 'created_at DESC, id DESC';
/** SQLite's largest integer: LIMIT with it means "no limit" in a prepared statement. */
const NO_LIMIT = Number.MAX_SAFE_INTEGER;
/** `@drafts` is 1 when drafts are visible (the admin), 0 for visitors. */
const VISIBLE = '(published = 1 OR @drafts = 1)';

interface WriteParams {
  slug: string;
  title: string;
  author: string;
  categoryId: number | null;
  coverImage: string;
  content: string;
  tags: string;
  published: 0 | 1;
}

function writeParams(post: PostInput): WriteParams {
  return {
    slug: post.slug,
    title: post.title,
    author: post.author,
    categoryId: post.category_id,
    coverImage: post.cover_image,
    content: post.content,
    tags: JSON.stringify(post.tags),
    published: post.published ? 1 : 0,
  };
}

export function createBlogPostsRepo(db: Db): BlogPostsRepo {
  const list = db.prepare<{ drafts: 0 | 1; category: string | null; limit: number }, BlogPostRow>(
    `SELECT ${COLUMNS} FROM blog_posts
     WHERE ${VISIBLE}
       AND (@category IS NULL OR category_id = (SELECT id FROM categories WHERE slug = @category))
     ORDER BY ${NEWEST_FIRST}
     LIMIT @limit`,
  );
  const byId = db.prepare<[number], BlogPostRow>(`SELECT ${COLUMNS} FROM blog_posts WHERE id = ?`);
  const bySlug = db.prepare<{ slug: string; drafts: 0 | 1 }, BlogPostRow>(
    `SELECT ${COLUMNS} FROM blog_posts WHERE slug = @slug AND ${VISIBLE}`,
  );
  const countView = db.prepare<{ slug: string; drafts: 0 | 1 }, BlogPostRow>(
    `UPDATE blog_posts SET view_count = view_count + 1
     WHERE slug = @slug AND ${VISIBLE}
     RETURNING ${COLUMNS}`,
  );
  // ON CONFLICT … DO NOTHING: a taken slug returns no row instead of throwing.
  const insert = db.prepare<WriteParams & { createdAt: string }, BlogPostRow>(
    `INSERT INTO blog_posts
       (slug, title, author, category_id, cover_image, content, tags, published, view_count, created_at, updated_at)
     VALUES
       (@slug, @title, @author, @categoryId, @coverImage, @content, @tags, @published, 0, @createdAt, @createdAt)
     ON CONFLICT (slug) DO NOTHING
     RETURNING ${COLUMNS}`,
  );
  const slugTakenByOther = db.prepare<{ slug: string; id: number }, { found: number }>(
    'SELECT 1 AS found FROM blog_posts WHERE slug = @slug AND id <> @id',
  );
  const exists = db.prepare<[number], { found: number }>('SELECT 1 AS found FROM blog_posts WHERE id = ?');
  const update = db.prepare<WriteParams & { id: number; updatedAt: string }, BlogPostRow>(
    `UPDATE blog_posts
     SET slug = @slug, title = @title, author = @author, category_id = @categoryId, cover_image = @coverImage,
         content = @content, tags = @tags, published = @published, updated_at = @updatedAt
     WHERE id = @id
     RETURNING ${COLUMNS}`,
  );
  const remove = db.prepare<[number]>('DELETE FROM blog_posts WHERE id = ?');
  const links = db.prepare<[], { slug: string; updated_at: string }>(
    `SELECT slug, updated_at FROM blog_posts WHERE published = 1 ORDER BY ${NEWEST_FIRST}`,
  );

  // One transaction, so the slug check and the write see the same rows.
  const updateChecked = db.transaction((id: number, changes: BlogPostChanges): BlogPostWrite => {
    if (slugTakenByOther.get({ slug: changes.slug, id })) {
      return exists.get(id) ? { ok: false, reason: 'slug-taken' } : { ok: false, reason: 'not-found' };
    }
    const row = update.get({ ...writeParams(changes), id, updatedAt: changes.updatedAt });
    return row ? { ok: true, post: toBlogPost(row) } : { ok: false, reason: 'not-found' };
  });

  const drafts = (includeDrafts: boolean): 0 | 1 => (includeDrafts ? 1 : 0);

  return {
    list: ({ includeDrafts, categorySlug, limit = NO_LIMIT }) =>
      list.all({ drafts: drafts(includeDrafts), category: categorySlug ?? null, limit }).map(toBlogPost),
    findById(id) {
      const row = byId.get(id);
      return row ? toBlogPost(row) : null;
    },
    findBySlug(slug, { includeDrafts }) {
      const row = bySlug.get({ slug, drafts: drafts(includeDrafts) });
      return row ? toBlogPost(row) : null;
    },
    countView(slug, { includeDrafts }) {
      const row = countView.get({ slug, drafts: drafts(includeDrafts) });
      return row ? toBlogPost(row) : null;
    },
    insert(post) {
      const row = insert.get({ ...writeParams(post), createdAt: post.createdAt });
      return row ? toBlogPost(row) : null;
    },
    update: (id, changes) => updateChecked(id, changes),
    delete: (id) => remove.run(id).changes > 0,
    publishedLinks: () => links.all().map((row) => ({ slug: row.slug, updatedAt: row.updated_at })),
  };
}

function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    category_id: row.category_id,
    category_name: row.category_name,
    cover_image: row.cover_image,
    content: row.content,
    // Re-encoded from the decoded list, so a hand-edited row still answers a JSON list (spec 001 §3).
    tags: JSON.stringify(parsePostTags(row.tags)),
    published: row.published === 1,
    view_count: row.view_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
