import type { BlogSort, PostInput } from '@toolvault/shared';
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import { COLUMNS, SUMMARY_COLUMNS, toBlogPost, toSummary, type StoredPost, type StoredSummary } from './blog-post-rows';
import { isRowId } from './row-id';
import type { Tables } from './schema';

export type { PostMakers, StoredPost, StoredSummary } from './blog-post-rows';

/** The stored fields of a new post: the validated input (content already sanitized) and its times. */
export interface NewBlogPost extends PostInput {
  /** ISO 8601, UTC. */
  createdAt: string;
  /** Plain-text summary of the content, for the lists. */
  excerpt: string;
  /** The person writing it; none for a post stored by other means (a test's, a script's). */
  authorId?: number | null;
}

export interface BlogPostChanges extends PostInput {
  /** ISO 8601, UTC. */
  updatedAt: string;
  excerpt: string;
  /** The person making the change. */
  updatedBy: number;
}

/**
 * What a change or a delete is limited to: the posts of one person (`authorId`), and drafts only
 * (`draftsOnly`: whoever may not publish may not change what is public either).
 */
export interface PostWriteLimits {
  authorId?: number | undefined;
  draftsOnly?: boolean | undefined;
}

/** Why a change or a delete did not happen: no such post, or one outside the limits given. */
export type PostRefusal = 'not-found' | 'not-yours' | 'published';

export type BlogPostWrite = { ok: true; post: StoredPost } | { ok: false; reason: PostRefusal | 'slug-taken' };

/** Which drafts a read shows besides the published posts: all, none, or one person's. */
export type DraftsShown = boolean | { authorId: number };

export interface BlogPostPageOptions {
  /** Drafts too (the admin's list; a person's own only, for `{ authorId }`); published posts only otherwise. */
  includeDrafts: DraftsShown;
  /** Only this person's posts. */
  authorId?: number | undefined;
  /** Only posts of the category with this slug (none when no category has it). */
  categorySlug?: string | undefined;
  /** Only posts whose title contains this text, in any case. */
  titleContains?: string | undefined;
  sort: BlogSort;
  offset: number;
  limit: number;
}

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
  findById(id: number): Promise<StoredPost | null>;
  /** The summary of a published post (crawler previews); never counts a view. */
  summaryBySlug(slug: string): Promise<StoredSummary | null>;
  /** Never counts a view. */
  findBySlug(slug: string, options: { includeDrafts: DraftsShown }): Promise<StoredPost | null>;
  /** Adds one view in one UPDATE (concurrent reads are never lost) and answers the post with its new count. */
  countView(slug: string, options: { includeDrafts: DraftsShown }): Promise<StoredPost | null>;
  /** The new post, or null when its slug is taken (nothing is written then). */
  insert(post: NewBlogPost): Promise<StoredPost | null>;
  update(id: number, changes: BlogPostChanges, limits?: PostWriteLimits): Promise<BlogPostWrite>;
  /** True when the post was deleted. */
  delete(id: number, limits?: PostWriteLimits): Promise<true | PostRefusal>;
  /** Published posts, oldest first (so a new post lands on the last sitemap), `limit` from `offset`. */
  publishedLinks(range: { offset: number; limit: number }): Promise<BlogPostLink[]>;
  /** How many posts are published. */
  publishedCount(): Promise<number>;
}

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

/**
 * Why a write limited by `limits` may not touch this post (undefined: it may). A post without an
 * author (written before accounts) is nobody's own.
 */
function refusalOf(post: { author_id: number | null; published: 0 | 1 }, limits: PostWriteLimits) {
  if (limits.authorId !== undefined && post.author_id !== limits.authorId) return 'not-yours';
  if (limits.draftsOnly && Number(post.published) === 1) return 'published';
  return undefined;
}

/** The same limits as conditions of the write itself, so a post published meanwhile is not changed. */
const within = (limits: PostWriteLimits) => (eb: ExpressionBuilder<Tables, 'blog_posts'>) =>
  eb.and([
    ...(limits.authorId !== undefined ? [eb('author_id', '=', limits.authorId)] : []),
    ...(limits.draftsOnly ? [eb('published', '=', 0)] : []),
  ]);

export function createBlogPostsRepo(db: Kysely<Tables>): BlogPostsRepo {
  const visible = (includeDrafts: DraftsShown) => (eb: ExpressionBuilder<Tables, 'blog_posts'>) =>
    includeDrafts === true
      ? eb.lit(true)
      : includeDrafts === false
        ? eb('published', '=', 1)
        : eb.or([eb('published', '=', 1), eb('author_id', '=', includeDrafts.authorId)]);

  /** Whether the post exists, and why `limits` keep a write from it. */
  const checkLimits = async (executor: Kysely<Tables>, id: number, limits: PostWriteLimits) => {
    const post = await executor
      .selectFrom('blog_posts')
      .select(['author_id', 'published'])
      .where('id', '=', id)
      .executeTakeFirst();
    return post ? refusalOf(post, limits) : 'not-found';
  };

  return {
    async page({ includeDrafts, authorId, categorySlug, titleContains, sort, offset, limit }) {
      // An id no row can have names nobody (and PostgreSQL would fail on it).
      if (authorId !== undefined && !isRowId(authorId)) return { items: [], total: 0 };
      const filtered = <O>(query: SelectQueryBuilder<Tables, 'blog_posts', O>) => {
        let result = query.where(visible(includeDrafts));
        if (authorId !== undefined) result = result.where('author_id', '=', authorId);
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
          author_id: post.authorId,
        })
        .onConflict((oc) => oc.column('slug').doNothing())
        .returning(COLUMNS)
        .executeTakeFirst();
      return row ? toBlogPost(row) : null;
    },
    // One transaction, so the checks and the write see the same rows.
    async update(id, changes, limits = {}) {
      if (!isRowId(id)) return { ok: false, reason: 'not-found' };
      return db.transaction().execute(async (trx): Promise<BlogPostWrite> => {
        const refused = await checkLimits(trx, id, limits);
        if (refused) return { ok: false, reason: refused };
        const taken = await trx
          .selectFrom('blog_posts')
          .select('id')
          .where('slug', '=', changes.slug)
          .where('id', '<>', id)
          .executeTakeFirst();
        if (taken) return { ok: false, reason: 'slug-taken' };
        const row = await trx
          .updateTable('blog_posts')
          .set({
            ...writeValues(changes),
            excerpt: changes.excerpt,
            updated_at: changes.updatedAt,
            updated_by: changes.updatedBy,
          })
          .where('id', '=', id)
          .where(within(limits))
          .returning(COLUMNS)
          .executeTakeFirst();
        return row ? { ok: true, post: toBlogPost(row) } : { ok: false, reason: 'not-found' };
      });
    },
    async delete(id, limits = {}) {
      if (!isRowId(id)) return 'not-found';
      const result = await db.deleteFrom('blog_posts').where('id', '=', id).where(within(limits)).executeTakeFirst();
      if (Number(result.numDeletedRows) > 0) return true;
      return (await checkLimits(db, id, limits)) ?? 'not-found';
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
