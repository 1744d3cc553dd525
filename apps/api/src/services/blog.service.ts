import { isbot } from 'isbot';
import {
  BLOG_DEFAULT_AUTHOR,
  isBlogSlug,
  type BlogListQuery,
  type BlogPost,
  type BlogPostPage,
  type BlogPostSummary,
  type PostInput,
  type Reach,
} from '@toolvault/shared';
import type { BlogPostsRepo, PostMakers, PostRefusal, StoredSummary } from '../db/blog-posts.repo';
import type { CategoriesRepo } from '../db/categories.repo';
import type { UsersRepo } from '../db/users.repo';
import { listedPerson, type Caller } from './caller';
import type { Clock } from '../lib/clock';
import type { PageMeta } from './html-meta';
import type { HtmlSanitizerPool, SanitizeFailure } from './html-sanitizer.pool';
import { fail, ok, type Result } from '../lib/result';

/**
 * Refusals of the team's rules (403 FORBIDDEN), in words that say the rule and nothing of the post:
 * someone whose reach is `own` works on their own posts only, and whoever may not publish writes
 * drafts only (a published post is no longer theirs to change).
 */
export const POST_REFUSALS = {
  NOT_YOUR_POST: 'You can change or delete only your own posts.',
  POST_PUBLISHED: 'This post is published: only someone who may publish can change or delete it.',
  PUBLISH_NOT_ALLOWED: 'Your role cannot publish posts. Save the post as a draft; an Editor can publish it.',
  NOT_YOUR_POSTS: 'You can list only your own posts.',
} as const;
export type PostRefusalCode = keyof typeof POST_REFUSALS;

/** 401 for a visitor asking for one person's posts: the filter is the admin list's. */
export const AUTHOR_FILTER_SIGNED_OUT = 'Sign in to list the posts of one person.';

/** What a caller can get wrong here; the route maps each to the error of the same name (or to FORBIDDEN). */
export type BlogFailure =
  | 'BLOG_POST_NOT_FOUND'
  | 'POST_SLUG_TAKEN'
  | 'UNKNOWN_CATEGORY'
  | 'POST_CONTENT_UNSAFE'
  | 'AUTHOR_FILTER_SIGNED_OUT'
  | PostRefusalCode
  | SanitizeFailure;

/**
 * Who reads: a visitor (null) sees published posts; a signed-in caller drafts too (their own only,
 * when blog:read reaches only their own), and whoever made and changed each post.
 */
export type Viewer = Caller | null;

/** A read of one post; bots are never counted. */
export interface Reader {
  viewer: Viewer;
  userAgent?: string | undefined;
  /** False when the read is not a reading (a person loading a post into the editor). */
  count?: boolean;
}

/** Who writes: the caller (reach of blog:write) and how far blog:publish reaches for them (null: not at all). */
export interface Writer extends Caller {
  publish: Reach | null;
}

export interface BlogService {
  /**
   * One numbered page of summaries, newest or most viewed first. A caller whose blog:read reaches
   * only their own sees only their posts (`author` may name only them); a visitor may not filter by author.
   */
  list(viewer: Viewer, query: BlogListQuery): Promise<Result<BlogPostPage, BlogFailure>>;
  /** The visitors' list (feeds, the page's preloaded answers): published posts, no filter by author. */
  listPublished(query: Omit<BlogListQuery, 'author'>): Promise<BlogPostPage>;
  /**
   * The post of `slug` with one more view, unless the reader is a bot (then no count); null when
   * unknown, or a draft the viewer may not see (a visitor: any; an own-reach caller: another's).
   */
  read(slug: string, reader: Reader): Promise<BlogPost | null>;
  /** The post as stored, drafts included; never counts a view. */
  findById(id: number): Promise<BlogPost | null>;
  /** Written by `writer`, whose display name is the byline unless their reach is `all` (then the input's). */
  create(input: PostInput, writer: Writer): Promise<Result<BlogPost, BlogFailure>>;
  update(id: number, input: PostInput, writer: Writer): Promise<Result<BlogPost, BlogFailure>>;
  delete(id: number, writer: Writer): Promise<Result<void, BlogFailure>>;
  /** The crawler preview of `/blog/{slug}` (published posts only); never counts a view. */
  preview(slug: string, pageUrl: string): Promise<PageMeta | null>;
}

export interface BlogServiceDeps {
  blogPosts: BlogPostsRepo;
  categories: CategoriesRepo;
  /** For the byline of those who may write only their own posts: their display name. */
  users: Pick<UsersRepo, 'byId'>;
  clock: Clock;
  /** Sanitizes post HTML in a process of its own, within a time limit. */
  sanitizer: HtmlSanitizerPool;
}

/** A stored post as `viewer` may see it: who made and changed it for a signed-in caller only. */
function shown<T extends { makers: PostMakers }>(stored: T, viewer: Viewer): Omit<T, 'makers'> & Partial<PostMakers> {
  const { makers, ...post } = stored;
  return viewer === null ? post : { ...post, ...makers };
}

const REFUSED: Record<PostRefusal, BlogFailure> = {
  'not-found': 'BLOG_POST_NOT_FOUND',
  'not-yours': 'NOT_YOUR_POST',
  published: 'POST_PUBLISHED',
};

export function createBlogService({ blogPosts, categories, users, clock, sanitizer }: BlogServiceDeps): BlogService {
  /** The stored form of an input: content sanitized at write time (docs/decisions/0002-server-enforces-rules.md), off the event loop. */
  const clean = async (input: PostInput): Promise<Result<PostInput & { excerpt: string }, BlogFailure>> => {
    const result = await sanitizer.clean(input.content);
    if (!result.ok) return result;
    if (result.value.html.trim() === '') return fail('POST_CONTENT_UNSAFE');
    return ok({ ...input, content: result.value.html, excerpt: result.value.excerpt });
  };
  /**
   * Posts saved before excerpts were stored have none yet: written now, from the stored (already
   * sanitized) content, in the sanitizer's process, and kept, so each post pays for this once.
   */
  const withExcerpts = async (items: StoredSummary[]): Promise<(BlogPostSummary & Pick<StoredSummary, 'makers'>)[]> => {
    const missing = items.filter((item) => item.excerpt === null).map((item) => item.id);
    const written = new Map<number, string>();
    for (const { id, content } of await blogPosts.contents(missing)) {
      const result = await sanitizer.clean(content);
      const text = result.ok ? result.value.excerpt : '';
      await blogPosts.setExcerpt(id, text);
      written.set(id, text);
    }
    return items.map((item) => ({ ...item, excerpt: item.excerpt ?? written.get(item.id) ?? '' }));
  };
  const categoryMissing = async (input: PostInput) =>
    input.category_id !== null && !(await categories.exists(input.category_id));
  const missingPost = async (id: number, otherwise: BlogFailure) =>
    fail((await blogPosts.findById(id)) ? otherwise : 'BLOG_POST_NOT_FOUND');
  /** The byline: the writer's display name, unless their reach is `all` (Editors and above write any). */
  const byline = async (input: PostInput, writer: Writer) =>
    writer.reach === 'all' ? input.author : ((await users.byId(writer.userId))?.displayName ?? BLOG_DEFAULT_AUTHOR);
  /** What a change or delete by `writer` is limited to: their own posts, and drafts if they may not publish. */
  const limitsOf = (writer: Writer) => ({
    authorId: writer.reach === 'own' ? writer.userId : undefined,
    draftsOnly: writer.publish === null,
  });

  const listPage = async (query: BlogListQuery, drafts: boolean | { authorId: number }, authorId?: number) => {
    const { page, limit, category, sort, q } = query;
    const { items, total } = await blogPosts.page({
      includeDrafts: drafts,
      authorId,
      categorySlug: category,
      titleContains: q,
      sort,
      offset: (page - 1) * limit,
      limit,
    });
    return {
      items: await withExcerpts(items),
      page,
      pageSize: limit,
      total,
      pageCount: Math.max(1, Math.ceil(total / limit)),
    };
  };

  const listPublished = async (query: Omit<BlogListQuery, 'author'>): Promise<BlogPostPage> => {
    const page = await listPage({ ...query, author: undefined }, false);
    return { ...page, items: page.items.map((item) => shown(item, null)) };
  };

  return {
    async list(viewer, query) {
      if (viewer === null) {
        return query.author === undefined ? ok(await listPublished(query)) : fail('AUTHOR_FILTER_SIGNED_OUT');
      }
      // The admin's screen lists posts before anyone saves one: start the sanitizer process now, so the
      // first save does not wait seconds for it.
      void sanitizer.ready();
      const authorId = listedPerson(query.author, viewer);
      if (authorId === null) return fail('NOT_YOUR_POSTS');
      const page = await listPage(query, true, authorId);
      return ok({ ...page, items: page.items.map((item) => shown(item, viewer)) });
    },

    listPublished,

    async read(slug, { viewer, userAgent, count = true }) {
      const options = {
        includeDrafts: viewer === null ? false : viewer.reach === 'all' ? true : { authorId: viewer.userId },
      };
      // One UPDATE … RETURNING per counted read: concurrent reads are never lost (docs/decisions/0005-storage.md).
      const post =
        !count || isbot(userAgent)
          ? await blogPosts.findBySlug(slug, options)
          : await blogPosts.countView(slug, options);
      return post && shown(post, viewer);
    },

    findById: (id) => blogPosts.findById(id),

    async create(input, writer) {
      if (input.published && writer.publish === null) return fail('PUBLISH_NOT_ALLOWED');
      if (await categoryMissing(input)) return fail('UNKNOWN_CATEGORY');
      const cleaned = await clean(input);
      if (!cleaned.ok) return cleaned;
      const created = await blogPosts.insert({
        ...cleaned.value,
        author: await byline(input, writer),
        createdAt: clock().toISOString(),
        authorId: writer.userId,
      });
      return created ? ok(shown(created, writer)) : fail('POST_SLUG_TAKEN');
    },

    async update(id, input, writer) {
      if (input.published && writer.publish === null) return fail('PUBLISH_NOT_ALLOWED');
      if (await categoryMissing(input)) return missingPost(id, 'UNKNOWN_CATEGORY');
      const cleaned = await clean(input);
      if (!cleaned.ok) return missingPost(id, cleaned.error);
      const changes = {
        ...cleaned.value,
        author: await byline(input, writer),
        updatedAt: clock().toISOString(),
        updatedBy: writer.userId,
      };
      const result = await blogPosts.update(id, changes, limitsOf(writer));
      if (result.ok) return ok(shown(result.post, writer));
      return fail(result.reason === 'slug-taken' ? 'POST_SLUG_TAKEN' : REFUSED[result.reason]);
    },

    async delete(id, writer) {
      const deleted = await blogPosts.delete(id, limitsOf(writer));
      return deleted === true ? ok(undefined) : fail(REFUSED[deleted]);
    },

    async preview(slug, pageUrl) {
      // The page at /blog/{anything} asks with whatever the address holds (`%00` included); no post
      // has a slug outside the pattern, so such a slug is never looked up.
      if (!isBlogSlug(slug)) return null;
      const found = await blogPosts.summaryBySlug(slug);
      if (!found) return null;
      const [post] = await withExcerpts([found]);
      if (!post) return null;
      return {
        title: post.title,
        description: post.excerpt,
        image: post.cover_image,
        url: pageUrl,
        type: 'article',
      };
    },
  };
}
