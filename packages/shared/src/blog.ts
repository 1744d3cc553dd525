import { z } from './zod';
import { checkHttpUrl } from './shortlinks';
import { BLOG_HTML_MAX_DEPTH, BLOG_HTML_TOO_DEEP, htmlNestingDepth } from './blog-html-policy';

/** Messages of the blog area, verbatim as designed (docs/decisions/0011-original-design.md); the API answers with the same strings. */
export const BLOG_MESSAGES = {
  /** 400 when a post's title, slug or content is blank after trimming. */
  postRequired: 'Title, Slug, and Content are required.',
  /** 400 when a category's name or slug is blank after trimming. */
  categoryRequired: 'Name and Slug are required.',
  /** 404 of `GET /api/blog/:slug` and of PUT/DELETE for an unknown id; also the post page's error. */
  postNotFound: 'Blog post not found',
  /** 404 for an unknown category id in PUT/DELETE; 400 when a post's category_id names no category. */
  categoryNotFound: 'Category not found',
  /** 409, code POST_SLUG_TAKEN. */
  postSlugTaken: 'A post with this slug already exists',
  /** 409, code CATEGORY_SLUG_TAKEN. */
  categorySlugTaken: 'A category with this slug already exists',
  /** 400 for a slug that is not lower-case letters and digits joined by single hyphens. */
  invalidSlug: 'Slug may only contain lower-case letters, digits and single hyphens (like tech-news).',
} as const;

/** Length caps; the original design has none, so these are ours (every field is capped: docs/decisions/0002-server-enforces-rules.md). */
export const BLOG_LIMITS = {
  title: 200,
  postSlug: 120,
  content: 200_000,
  coverImage: 2048,
  author: 100,
  tags: 20,
  tag: 50,
  categoryName: 80,
  categorySlug: 80,
  categoryDescription: 500,
} as const;

/** Author stored when the form leaves it blank (the original design leaves the choice to us: 'Admin', as the original's admin wrote every post). */
export const BLOG_DEFAULT_AUTHOR = 'Admin';

/** Number of posts in the blog's popular list, by view_count. */
export const BLOG_POPULAR_COUNT = 5;

/** URL-safe slug of posts and categories: `tech-news`, `post-2`. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** True for a slug that BLOG_SLUG_PATTERN accepts. */
export function isBlogSlug(value: string): boolean {
  return BLOG_SLUG_PATTERN.test(value);
}

/**
 * Lower-cases a title into a slug suggestion: `Hello, World!` → `hello-world`.
 * Letters outside a–z (after removing accents) become separators; may return ''.
 */
export function slugify(text: string, max: number = BLOG_LIMITS.postSlug): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, max)
    .replace(/^-+|-+$/g, '');
}

/**
 * The tags of a post as the API returns them (a JSON-encoded list, as designed),
 * decoded; anything that is not a JSON list gives [] and non-text items are dropped.
 */
export function parsePostTags(tags: string | null | undefined): string[] {
  if (typeof tags !== 'string' || tags === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(tags);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** Trimmed text that must not be blank; blank answers `required` (the form's one message). */
const requiredText = (required: string, max: number, label: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** Absent or null counts as '' (trimmed). */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, { error: `${label} must be at most ${max} characters` }));

/**
 * Slug format is checked after every field passed (object-level), so a blank
 * title, slug or content always reports the one "required" message first.
 */
function checkSlug(slug: string, ctx: z.RefinementCtx): void {
  if (!isBlogSlug(slug)) ctx.addIssue({ code: 'custom', message: BLOG_MESSAGES.invalidSlug, path: ['slug'] });
}

const ZCoverImage = optionalText(BLOG_LIMITS.coverImage, 'Cover image URL').superRefine((value, ctx) => {
  if (value === '') return;
  const check = checkHttpUrl(value);
  if (!check.ok) ctx.addIssue({ code: 'custom', message: check.error });
});

/** Sent as a list of text; each trimmed, empties dropped. */
const ZPostTags = z
  .array(z.string({ error: 'Each tag must be text' }), { error: 'Tags must be a list of text' })
  .nullish()
  .transform((tags) => (tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''))
  .pipe(
    z
      .array(z.string().max(BLOG_LIMITS.tag, { error: `Each tag must be at most ${BLOG_LIMITS.tag} characters` }))
      .max(BLOG_LIMITS.tags, { error: `At most ${BLOG_LIMITS.tags} tags are allowed` }),
  );

const categoryIdMessage = 'Category must be a category id or null';
/** "Empty category selection sends null, otherwise an integer"; absent means null. */
const ZPostCategoryId = z
  .number({ error: categoryIdMessage })
  .int({ error: categoryIdMessage })
  .positive({ error: categoryIdMessage })
  .max(Number.MAX_SAFE_INTEGER, { error: categoryIdMessage })
  .nullish()
  .transform((value) => value ?? null);

/**
 * Create/update body of a blog post: `POST /api/blog`
 * and `PUT /api/blog/:id`, and the admin form. `content` is HTML; the API
 * sanitizes it before storing it.
 */
export const ZPostInput = z
  .object(
    {
      title: requiredText(BLOG_MESSAGES.postRequired, BLOG_LIMITS.title, 'Title'),
      slug: requiredText(BLOG_MESSAGES.postRequired, BLOG_LIMITS.postSlug, 'Slug'),
      content: requiredText(BLOG_MESSAGES.postRequired, BLOG_LIMITS.content, 'Content'),
      cover_image: ZCoverImage,
      author: optionalText(BLOG_LIMITS.author, 'Author').transform((author) => author || BLOG_DEFAULT_AUTHOR),
      tags: ZPostTags,
      category_id: ZPostCategoryId,
      published: z
        .boolean({ error: 'Published must be true or false' })
        .nullish()
        .transform((value) => value ?? false),
    },
    // A body that is not an object at all has none of the required fields.
    { error: BLOG_MESSAGES.postRequired },
  )
  .superRefine((post, ctx) => {
    checkSlug(post.slug, ctx);
    // Refused before any parser sees it: parsing and sanitizing cost grows with depth, not just length.
    if (htmlNestingDepth(post.content) > BLOG_HTML_MAX_DEPTH) {
      ctx.addIssue({ code: 'custom', message: BLOG_HTML_TOO_DEEP, path: ['content'] });
    }
  });
export type PostInput = z.output<typeof ZPostInput>;
/** What the form or a client sends (optional fields may be left out). */
export type PostInputBody = z.input<typeof ZPostInput>;

/** Create/update body of a category. Name and slug trimmed; description defaults to ''. */
export const ZCategoryInput = z
  .object(
    {
      name: requiredText(BLOG_MESSAGES.categoryRequired, BLOG_LIMITS.categoryName, 'Name'),
      slug: requiredText(BLOG_MESSAGES.categoryRequired, BLOG_LIMITS.categorySlug, 'Slug'),
      description: z
        .string({ error: 'Description must be text' })
        .nullish()
        .transform((value) => value ?? '')
        .pipe(
          z.string().max(BLOG_LIMITS.categoryDescription, {
            error: `Description must be at most ${BLOG_LIMITS.categoryDescription} characters`,
          }),
        ),
    },
    { error: BLOG_MESSAGES.categoryRequired },
  )
  .superRefine((category, ctx) => checkSlug(category.slug, ctx));
export type CategoryInput = z.output<typeof ZCategoryInput>;
export type CategoryInputBody = z.input<typeof ZCategoryInput>;

const positiveId = (message: string) =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,15}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER, { error: message }));

/** `:id` of `PUT/DELETE /api/blog/:id`. */
export const ZPostIdParams = z.object({ id: positiveId('Post id must be a positive integer') });
export type PostIdParams = z.output<typeof ZPostIdParams>;

/** `:id` of `PUT/DELETE /api/categories/:id`. */
export const ZCategoryIdParams = z.object({ id: positiveId('Category id must be a positive integer') });
export type CategoryIdParams = z.output<typeof ZCategoryIdParams>;

/** Page sizes of the post lists: the public list shows 10 cards a page; no client may ask for more than 50. */
export const BLOG_PAGE_SIZE = 10;
export const BLOG_PAGE_SIZE_MAX = 50;
/** Highest page number a client may ask for: 10 000 pages of 50 are far past any blog, and bound the work. */
export const BLOG_PAGE_MAX = 10_000;
/** Title searches longer than this are refused: no title is longer (BLOG_LIMITS.title). */
export const BLOG_SEARCH_MAX = BLOG_LIMITS.title;
/** How a post list may be ordered: newest first, or most viewed first (the "Popular Posts" box). */
export const BLOG_SORTS = ['newest', 'popular'] as const;
export type BlogSort = (typeof BLOG_SORTS)[number];

/** A query parameter sent once: `?page=1&page=2` arrives as a list, which no parameter accepts. */
const oneValue = (name: string) => z.string({ error: `${name} must be given once` });

/** A whole number from `min` to `max` sent as decimal digits, or its default when absent or ''. */
const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  oneValue(name)
    .optional()
    .transform((value, ctx) => {
      const text = (value ?? '').trim();
      if (text === '') return fallback;
      const number = /^\d{1,6}$/.test(text) ? Number(text) : Number.NaN;
      if (Number.isInteger(number) && number >= min && number <= max) return number;
      ctx.addIssue({ code: 'custom', message: `${name} must be a whole number from ${min} to ${max}` });
      return z.NEVER;
    });

/**
 * `GET /api/blog?page=&limit=&category=&sort=&q=`: numbered pages, newest (or most viewed) first.
 * `category` is a category slug ('' or absent: every category); `q` searches titles (the admin's list).
 */
export const ZBlogListQuery = z.object({
  category: z
    .string({ error: 'category must be one category slug' })
    .optional()
    .transform((value, ctx) => {
      const slug = (value ?? '').trim();
      if (slug === '') return undefined;
      if (slug.length > BLOG_LIMITS.categorySlug || !isBlogSlug(slug)) {
        ctx.addIssue({ code: 'custom', message: 'category must be one category slug' });
        return z.NEVER;
      }
      return slug;
    }),
  page: wholeNumber('page', 1, BLOG_PAGE_MAX, 1),
  limit: wholeNumber('limit', 1, BLOG_PAGE_SIZE_MAX, BLOG_PAGE_SIZE),
  sort: oneValue('sort')
    .optional()
    .transform((value, ctx): BlogSort => {
      const sort = (value ?? '').trim() || 'newest';
      if ((BLOG_SORTS as readonly string[]).includes(sort)) return sort as BlogSort;
      ctx.addIssue({ code: 'custom', message: `sort must be one of: ${BLOG_SORTS.join(', ')}` });
      return z.NEVER;
    }),
  q: oneValue('q')
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(BLOG_SEARCH_MAX, { error: `q must be at most ${BLOG_SEARCH_MAX} characters` }))
    .transform((value) => value || undefined),
});
export type BlogListQuery = z.output<typeof ZBlogListQuery>;

/**
 * A post as the lists return it: everything but the HTML, with a plain-text excerpt cut by the server
 * (a list of whole posts would carry megabytes of HTML nobody reads there).
 */
export interface BlogPostSummary extends Omit<BlogPost, 'content'> {
  /** The category's slug, for the card's category link; null when uncategorised. */
  category_slug: string | null;
  /** About the first 160 characters of the post's text, whole words, with an ellipsis when cut. */
  excerpt: string;
}

/** One numbered page of a post list. */
export interface BlogPostPage {
  items: BlogPostSummary[];
  /** 1-based; may be past the last page (then items is empty). */
  page: number;
  pageSize: number;
  /** Posts matching the query, on every page. */
  total: number;
  /** At least 1, so "page 1 of 1" reads right for an empty list. */
  pageCount: number;
}

/** A category as the API returns it. */
export interface Category {
  id: number;
  slug: string;
  name: string;
  description: string;
}

/** A blog post as the API returns it. */
export interface BlogPost {
  id: number;
  slug: string;
  title: string;
  author: string;
  category_id: number | null;
  /** Read-only: the category's name, null when uncategorised. */
  category_name: string | null;
  cover_image: string;
  /** Sanitized HTML. */
  content: string;
  /** A JSON-encoded list of text, as the original design returns it; decode with parsePostTags. */
  tags: string;
  published: boolean;
  view_count: number;
  /** ISO 8601, UTC. */
  created_at: string;
  /** ISO 8601, UTC. */
  updated_at: string;
}
