import { isbot } from 'isbot';
import {
  isBlogSlug,
  type BlogListQuery,
  type BlogPost,
  type BlogPostPage,
  type BlogPostSummary,
  type PostInput,
} from '@toolvault/shared';
import type { BlogPostsRepo, StoredSummary } from '../db/blog-posts.repo';
import type { CategoriesRepo } from '../db/categories.repo';
import type { Clock } from '../lib/clock';
import type { PageMeta } from './html-meta';
import type { HtmlSanitizerPool, SanitizeFailure } from './html-sanitizer.pool';
import { fail, ok, type Result } from '../lib/result';

/** What an admin can get wrong here; the route maps each to the error of the same name. */
export type BlogFailure =
  'BLOG_POST_NOT_FOUND' | 'POST_SLUG_TAKEN' | 'UNKNOWN_CATEGORY' | 'POST_CONTENT_UNSAFE' | SanitizeFailure;

/** Who reads: the admin (token checked by the route) sees drafts; bots are never counted. */
export interface Reader {
  admin: boolean;
  userAgent?: string | undefined;
  /** False when the read is not a reading (the admin loading a post into the editor). */
  count?: boolean;
}

export interface BlogService {
  /** One numbered page of summaries, newest or most viewed first; drafts only for the admin. */
  list(reader: Pick<Reader, 'admin'>, query: BlogListQuery): Promise<BlogPostPage>;
  /** The post of `slug` with one more view, unless the reader is a bot (then no count); null when unknown or a draft for visitors. */
  read(slug: string, reader: Reader): Promise<BlogPost | null>;
  /** The post as stored, drafts included; never counts a view. */
  findById(id: number): Promise<BlogPost | null>;
  create(input: PostInput): Promise<Result<BlogPost, BlogFailure>>;
  update(id: number, input: PostInput): Promise<Result<BlogPost, BlogFailure>>;
  delete(id: number): Promise<Result<void, BlogFailure>>;
  /** The crawler preview of `/blog/{slug}` (published posts only); never counts a view. */
  preview(slug: string, pageUrl: string): Promise<PageMeta | null>;
}

export interface BlogServiceDeps {
  blogPosts: BlogPostsRepo;
  categories: CategoriesRepo;
  clock: Clock;
  /** Sanitizes post HTML in a process of its own, within a time limit. */
  sanitizer: HtmlSanitizerPool;
}

export function createBlogService({ blogPosts, categories, clock, sanitizer }: BlogServiceDeps): BlogService {
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
  const withExcerpts = async (items: StoredSummary[]): Promise<BlogPostSummary[]> => {
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

  return {
    async list({ admin }, { page, limit, category, sort, q }) {
      // The admin's screen lists posts before anyone saves one: start the sanitizer process now, so the
      // first save does not wait seconds for it.
      if (admin) void sanitizer.ready();
      const { items, total } = await blogPosts.page({
        includeDrafts: admin,
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
    },

    read(slug, { admin, userAgent, count = true }) {
      const options = { includeDrafts: admin };
      // One UPDATE … RETURNING per counted read: concurrent reads are never lost (docs/decisions/0005-storage.md).
      return !count || isbot(userAgent) ? blogPosts.findBySlug(slug, options) : blogPosts.countView(slug, options);
    },

    findById: (id) => blogPosts.findById(id),

    async create(input) {
      if (await categoryMissing(input)) return fail('UNKNOWN_CATEGORY');
      const cleaned = await clean(input);
      if (!cleaned.ok) return cleaned;
      const created = await blogPosts.insert({ ...cleaned.value, createdAt: clock().toISOString() });
      return created ? ok(created) : fail('POST_SLUG_TAKEN');
    },

    async update(id, input) {
      if (await categoryMissing(input)) return missingPost(id, 'UNKNOWN_CATEGORY');
      const cleaned = await clean(input);
      if (!cleaned.ok) return missingPost(id, cleaned.error);
      const result = await blogPosts.update(id, { ...cleaned.value, updatedAt: clock().toISOString() });
      if (result.ok) return ok(result.post);
      return fail(result.reason === 'slug-taken' ? 'POST_SLUG_TAKEN' : 'BLOG_POST_NOT_FOUND');
    },

    delete: async (id) => ((await blogPosts.delete(id)) ? ok(undefined) : fail('BLOG_POST_NOT_FOUND')),

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
