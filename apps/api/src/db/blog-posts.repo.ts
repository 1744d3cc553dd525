import { parsePostTags, type BlogPost, type PostInput } from '@toolvault/shared';
import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { BlogPostsTable, Tables } from './schema';

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
  list(options: BlogPostListOptions): Promise<BlogPost[]>;
  findById(id: number): Promise<BlogPost | null>;
  /** Never counts a view. */
  findBySlug(slug: string, options: { includeDrafts: boolean }): Promise<BlogPost | null>;
  /** Adds one view in one UPDATE (concurrent reads are never lost) and answers the post with its new count. */
  countView(slug: string, options: { includeDrafts: boolean }): Promise<BlogPost | null>;
  /** The new post, or null when its slug is taken (nothing is written then). */
  insert(post: NewBlogPost): Promise<BlogPost | null>;
  update(id: number, changes: BlogPostChanges): Promise<BlogPostWrite>;
  delete(id: number): Promise<boolean>;
  /** Published posts, newest first. */
  publishedLinks(): Promise<BlogPostLink[]>;
}

type BlogPostRow = Selectable<BlogPostsTable> & { category_name: string | null };

const OWN_COLUMNS = [
  'id',
  'slug',
  'title',
  'author',
  'category_id',
  'cover_image',
  'content',
  'tags',
  'published',
  'view_count',
  'created_at',
  'updated_at',
] as const;

// A subquery rather than a join, so UPDATE … RETURNING can answer the same shape (it cannot join).
const categoryName = (eb: ExpressionBuilder<Tables, 'blog_posts'>) =>
  eb
    .selectFrom('categories')
    .select('categories.name')
    .whereRef('categories.id', '=', 'blog_posts.category_id')
    .as('category_name');

const COLUMNS = [...OWN_COLUMNS, categoryName] as const;

function writeValues(post: PostInput) {
  return {
    slug: post.slug,
    title: post.title,
    author: post.author,
    category_id: post.category_id,
    cover_image: post.cover_image,
    content: post.content,
    tags: JSON.stringify(post.tags),
    published: post.published ? (1 as const) : (0 as const),
  };
}

export function createBlogPostsRepo(db: Kysely<Tables>): BlogPostsRepo {
  const visible = (includeDrafts: boolean) => (eb: ExpressionBuilder<Tables, 'blog_posts'>) =>
    includeDrafts ? eb.lit(true) : eb('published', '=', 1);

  return {
    async list({ includeDrafts, categorySlug, limit }) {
      let query = db
        .selectFrom('blog_posts')
        .select(COLUMNS)
        .where(visible(includeDrafts))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc');
      if (categorySlug !== undefined) {
        query = query.where('category_id', '=', (eb) =>
          eb.selectFrom('categories').select('categories.id').where('categories.slug', '=', categorySlug),
        );
      }
      if (limit !== undefined) query = query.limit(limit);
      return (await query.execute()).map(toBlogPost);
    },
    async findById(id) {
      const row = await db.selectFrom('blog_posts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row ? toBlogPost(row) : null;
    },
    async findBySlug(slug, { includeDrafts }) {
      const row = await db
        .selectFrom('blog_posts')
        .select(COLUMNS)
        .where('slug', '=', slug)
        .where(visible(includeDrafts))
        .executeTakeFirst();
      return row ? toBlogPost(row) : null;
    },
    async countView(slug, { includeDrafts }) {
      const row = await db
        .updateTable('blog_posts')
        .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
        .where('slug', '=', slug)
        .where(visible(includeDrafts))
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toBlogPost(row) : null;
    },
    async insert(post) {
      // ON CONFLICT … DO NOTHING: a taken slug returns no row instead of throwing.
      const row = await db
        .insertInto('blog_posts')
        .values({ ...writeValues(post), view_count: 0, created_at: post.createdAt, updated_at: post.createdAt })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toBlogPost(row) : null;
    },
    // One transaction, so the slug check and the write see the same rows.
    update: (id, changes) =>
      db.transaction().execute(async (trx): Promise<BlogPostWrite> => {
        const taken = await trx
          .selectFrom('blog_posts')
          .select('id')
          .where('slug', '=', changes.slug)
          .where('id', '<>', id)
          .executeTakeFirst();
        if (taken) {
          const exists = await trx.selectFrom('blog_posts').select('id').where('id', '=', id).executeTakeFirst();
          return { ok: false, reason: exists ? 'slug-taken' : 'not-found' };
        }
        const row = await trx
          .updateTable('blog_posts')
          .set({ ...writeValues(changes), updated_at: changes.updatedAt })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst();
        return row ? { ok: true, post: toBlogPost(row) } : { ok: false, reason: 'not-found' };
      }),
    async delete(id) {
      const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    publishedLinks: async () =>
      (
        await db
          .selectFrom('blog_posts')
          .select(['slug', 'updated_at'])
          .where('published', '=', 1)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((row) => ({ slug: row.slug, updatedAt: row.updated_at })),
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
    // Re-encoded from the decoded list, so a hand-edited row still answers a JSON list.
    tags: JSON.stringify(parsePostTags(row.tags)),
    published: Number(row.published) === 1,
    view_count: row.view_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
