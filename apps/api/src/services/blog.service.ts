import { isbot } from 'isbot';
import type { BlogPost, PostInput } from '@toolvault/shared';
import type { BlogPostsRepo } from '../db/blog-posts.repo';
import type { CategoriesRepo } from '../db/categories.repo';
import type { Clock } from './clock';
import type { PageMeta } from './html-meta';
import { htmlText, sanitizeHtml } from './html-sanitizer';
import { fail, ok, type Result } from './result';

/** What an admin can get wrong here; the route maps each to the error of the same name. */
export type BlogFailure = 'BLOG_POST_NOT_FOUND' | 'POST_SLUG_TAKEN' | 'UNKNOWN_CATEGORY' | 'POST_CONTENT_UNSAFE';

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
}

/** Length of a post's description for crawlers and feeds (contract: about the first 160 characters). */
export const DESCRIPTION_LENGTH = 160;

/** The first `max` characters of the post's text, cut at a word where one is near, with an ellipsis. */
export function excerpt(html: string, max: number = DESCRIPTION_LENGTH): string {
  const text = htmlText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function createBlogService({ blogPosts, categories, clock }: BlogServiceDeps): BlogService {
  /** The stored form of an input: content sanitized at write time (DECISIONS P2). */
  const clean = (input: PostInput): PostInput => ({ ...input, content: sanitizeHtml(input.content) });
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
      const cleaned = clean(input);
      if (cleaned.content.trim() === '') return fail('POST_CONTENT_UNSAFE');
      const created = await blogPosts.insert({ ...cleaned, createdAt: clock().toISOString() });
      return created ? ok(created) : fail('POST_SLUG_TAKEN');
    },

    async update(id, input) {
      if (await categoryMissing(input)) return missingPost(id, 'UNKNOWN_CATEGORY');
      const cleaned = clean(input);
      if (cleaned.content.trim() === '') return missingPost(id, 'POST_CONTENT_UNSAFE');
      const result = await blogPosts.update(id, { ...cleaned, updatedAt: clock().toISOString() });
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
