import { parsePostTags, type BlogPost, type BlogPostSummary, type BlogSort, type PostInput } from '@toolvault/shared';
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type Selectable } from 'kysely';
import { isRowId } from './row-id';
import type { BlogPostsTable, Tables } from './schema';

/** The stored fields of a post: the validated input (content already sanitized) and its times. */
export interface NewBlogPost extends PostInput {
  /** ISO 8601, UTC. */
  createdAt: string;
  /** Plain-text summary of the content, for the lists. */
  excerpt: string;
}

export interface BlogPostChanges extends PostInput {
  /** ISO 8601, UTC. */
  updatedAt: string;
  excerpt: string;
}

export type BlogPostWrite = { ok: true; post: BlogPost } | { ok: false; reason: 'not-found' | 'slug-taken' };

export interface BlogPostPageOptions {
  /** Drafts too (the admin's list); published posts only otherwise. */
  includeDrafts: boolean;
  /** Only posts of the category with this slug (none when no category has it). */
  categorySlug?: string | undefined;
  /** Only posts whose title contains this text, in any case. */
  titleContains?: string | undefined;
  sort: BlogSort;
  offset: number;
  limit: number;
}

/** A summary whose excerpt is not written yet is answered with excerpt null; the service fills it in. */
export type StoredSummary = Omit<BlogPostSummary, 'excerpt'> & { excerpt: string | null };

/** Where a published post lives and when it last changed, for the sitemap. */
export interface BlogPostLink {
  slug: string;
  updatedAt: string;
}

export interface BlogPostsRepo {
  /**
   * One page of summaries (no content), newest first (created_at, then id) or most viewed first
   * (view_count, then id), and how many posts match in all.
   */
  page(options: BlogPostPageOptions): Promise<{ items: StoredSummary[]; total: number }>;
  /** The content of these posts, for summaries whose excerpt is missing. */
  contents(ids: readonly number[]): Promise<{ id: number; content: string }[]>;
  setExcerpt(id: number, excerpt: string): Promise<void>;
  findById(id: number): Promise<BlogPost | null>;
  /** The summary of a published post (crawler previews); never counts a view. */
  summaryBySlug(slug: string): Promise<StoredSummary | null>;
  /** Never counts a view. */
  findBySlug(slug: string, options: { includeDrafts: boolean }): Promise<BlogPost | null>;
  /** Adds one view in one UPDATE (concurrent reads are never lost) and answers the post with its new count. */
  countView(slug: string, options: { includeDrafts: boolean }): Promise<BlogPost | null>;
  /** The new post, or null when its slug is taken (nothing is written then). */
  insert(post: NewBlogPost): Promise<BlogPost | null>;
  update(id: number, changes: BlogPostChanges): Promise<BlogPostWrite>;
  delete(id: number): Promise<boolean>;
  /** Published posts, oldest first (so a new post lands on the last sitemap), `limit` from `offset`. */
  publishedLinks(range: { offset: number; limit: number }): Promise<BlogPostLink[]>;
  /** How many posts are published. */
  publishedCount(): Promise<number>;
}

// Who wrote and changed a post is read by the team code (author_id, updated_by), not the post's own views.
type BlogPostRow = Omit<Selectable<BlogPostsTable>, 'excerpt' | 'author_id' | 'updated_by'> & {
  category_name: string | null;
};

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

const categorySlug = (eb: ExpressionBuilder<Tables, 'blog_posts'>) =>
  eb
    .selectFrom('categories')
    .select('categories.slug')
    .whereRef('categories.id', '=', 'blog_posts.category_id')
    .as('category_slug');

/** What a list shows: every column but the HTML (which may be 200 000 characters), and the excerpt. */
const SUMMARY_COLUMNS = [
  ...OWN_COLUMNS.filter((column) => column !== 'content'),
  'excerpt',
  categoryName,
  categorySlug,
] as const;

/** `text` as a LIKE pattern that matches it literally anywhere: %, _ and the escape itself are escaped. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

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
    async page({ includeDrafts, categorySlug, titleContains, sort, offset, limit }) {
      const filtered = <O>(query: SelectQueryBuilder<Tables, 'blog_posts', O>) => {
        let result = query.where(visible(includeDrafts));
        if (categorySlug !== undefined) {
          result = result.where('category_id', '=', (eb) =>
            eb.selectFrom('categories').select('categories.id').where('categories.slug', '=', categorySlug),
          );
        }
        if (titleContains !== undefined) {
          result = result.where(sql<boolean>`lower(title) LIKE ${containsPattern(titleContains)} ESCAPE '\\'`);
        }
        return result;
      };
      const ordered = <O>(query: SelectQueryBuilder<Tables, 'blog_posts', O>) =>
        sort === 'popular'
          ? query.orderBy('view_count', 'desc').orderBy('id', 'desc')
          : query.orderBy('created_at', 'desc').orderBy('id', 'desc');
      // Numbered pages need an offset. It is taken over ids only: the indexes (published, created_at, id),
      // (category_id, published, created_at, id) and (published, view_count, id) hold everything the inner
      // query reads, so skipping to page 200 of 10 000 posts walks 2 000 index entries (microseconds) and
      // reads no row; only the page's own rows are then fetched, by id. A keyset cursor would avoid even
      // that walk, but could not jump to a page number from a link.
      const pageIds = ordered(filtered(db.selectFrom('blog_posts').select('id')))
        .limit(limit)
        .offset(offset);
      const [rows, count] = await Promise.all([
        ordered(db.selectFrom('blog_posts').select(SUMMARY_COLUMNS).where('id', 'in', pageIds)).execute(),
        filtered(
          db.selectFrom('blog_posts').select((eb) => eb.fn.countAll<number | string>().as('total')),
        ).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toSummary), total: Number(count.total) };
    },
    async contents(ids) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('blog_posts')
        .select(['id', 'content'])
        .where('id', 'in', [...ids])
        .execute();
    },
    async setExcerpt(id, excerpt) {
      await db.updateTable('blog_posts').set({ excerpt }).where('id', '=', id).execute();
    },
    async findById(id) {
      if (!isRowId(id)) return null;
      const row = await db.selectFrom('blog_posts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return row ? toBlogPost(row) : null;
    },
    async summaryBySlug(slug) {
      const row = await db
        .selectFrom('blog_posts')
        .select(SUMMARY_COLUMNS)
        .where('slug', '=', slug)
        .where('published', '=', 1)
        .executeTakeFirst();
      return row ? toSummary(row) : null;
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
        .values({
          ...writeValues(post),
          excerpt: post.excerpt,
          view_count: 0,
          created_at: post.createdAt,
          updated_at: post.createdAt,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toBlogPost(row) : null;
    },
    // One transaction, so the slug check and the write see the same rows.
    async update(id, changes) {
      if (!isRowId(id)) return { ok: false, reason: 'not-found' };
      return db.transaction().execute(async (trx): Promise<BlogPostWrite> => {
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
          .set({ ...writeValues(changes), excerpt: changes.excerpt, updated_at: changes.updatedAt })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirst();
        return row ? { ok: true, post: toBlogPost(row) } : { ok: false, reason: 'not-found' };
      });
    },
    async delete(id) {
      if (!isRowId(id)) return false;
      const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    publishedLinks: async ({ offset, limit }) =>
      (
        await db
          .selectFrom('blog_posts')
          .select(['slug', 'updated_at'])
          .where('published', '=', 1)
          .orderBy('created_at', 'asc')
          .orderBy('id', 'asc')
          .limit(limit)
          .offset(offset)
          .execute()
      ).map((row) => ({ slug: row.slug, updatedAt: row.updated_at })),
    async publishedCount() {
      const row = await db
        .selectFrom('blog_posts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('published', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
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

type SummaryRow = Omit<BlogPostRow, 'content'> & { excerpt: string | null; category_slug: string | null };

function toSummary(row: SummaryRow): StoredSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    category_id: row.category_id,
    category_name: row.category_name,
    category_slug: row.category_slug,
    cover_image: row.cover_image,
    excerpt: row.excerpt,
    tags: JSON.stringify(parsePostTags(row.tags)),
    published: Number(row.published) === 1,
    view_count: row.view_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
