import { isbot } from 'isbot';
import type { BlogPost, PostInput } from '@toolvault/shared';
import type { BlogPostsRepo } from '../db/blog-posts.repo';
import type { CategoriesRepo } from '../db/categories.repo';
import type { Clock } from './clock';
import type { PageMeta } from './html-meta';
import { excerpt } from './html-sanitizer';
import type { HtmlSanitizerPool, SanitizeFailure } from './html-sanitizer.pool';
import { fail, ok, type Result } from './result';

export { DESCRIPTION_LENGTH, excerpt } from './html-sanitizer';

/** What an admin can get wrong here; the route maps each to the error of the same name. */
export type BlogFailure =
  | 'BLOG_POST_NOT_FOUND'
  | 'POST_SLUG_TAKEN'
  | 'UNKNOWN_CATEGORY'
  | 'POST_CONTENT_UNSAFE'
  | SanitizeFailure;

/** Who reads: the admin (token checked by the route) sees drafts; bots are never counted. */
export interface Reader {
  admin: boolean;
  userAgent?: string;
}

export interface BlogService {
  /** Newest first; drafts only for the admin; optionally one category (by slug). */
  list(reader: Pick<Reader, 'admin'>, categorySlug?: string): Promise<BlogPost[]>;
  /** The post of `slug` with one more view, unless the reader is a bot (then no count); null when unknown or a draft for visitors. */
  read(slug: string, reader: Reader): Promise<BlogPost | null>;
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
  /** Sanitizes post HTML in a worker thread, within a time limit. */
  sanitizer: HtmlSanitizerPool;
}

export function createBlogService({ blogPosts, categories, clock, sanitizer }: BlogServiceDeps): BlogService {
  /** The stored form of an input: content sanitized at write time (DECISIONS P2), off the event loop. */
  const clean = async (input: PostInput): Promise<Result<PostInput, BlogFailure>> => {
    const result = await sanitizer.clean(input.content);
    if (!result.ok) return result;
    if (result.value.html.trim() === '') return fail('POST_CONTENT_UNSAFE');
    return ok({ ...input, content: result.value.html });
  };
  const categoryMissing = async (input: PostInput) =>
    input.category_id !== null && !(await categories.exists(input.category_id));
  const missingPost = async (id: number, otherwise: BlogFailure) =>
    fail((await blogPosts.findById(id)) ? otherwise : 'BLOG_POST_NOT_FOUND');

  return {
    list: ({ admin }, categorySlug) => blogPosts.list({ includeDrafts: admin, categorySlug }),

    read(slug, { admin, userAgent }) {
      const options = { includeDrafts: admin };
      // One UPDATE … RETURNING per counted read: concurrent reads are never lost (DECISIONS P5).
      return isbot(userAgent) ? blogPosts.findBySlug(slug, options) : blogPosts.countView(slug, options);
    },

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
      const post = await blogPosts.findBySlug(slug, { includeDrafts: false });
      if (!post) return null;
      return {
        title: post.title,
        description: excerpt(post.content),
        image: post.cover_image,
        url: pageUrl,
        type: 'article',
      };
    },
  };
}
