/**
 * The blog's zod schemas: request bodies, route parameters and the list query. Kept apart from
 * blog.ts so that the pages which only read posts (the public blog) never load zod; the API and the
 * admin's forms validate with these.
 */
import { z } from './zod';
import { BLOG_HTML_MAX_DEPTH, BLOG_HTML_TOO_DEEP, htmlNestingDepth } from './blog-html-policy';
import {
  BLOG_DEFAULT_AUTHOR,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  BLOG_PAGE_MAX,
  BLOG_PAGE_SIZE,
  BLOG_PAGE_SIZE_MAX,
  BLOG_SEARCH_MAX,
  BLOG_SORTS,
  isBlogSlug,
  type BlogSort,
} from './blog';
import { normalizedHttpUrl } from './url.schemas';

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

const ZCoverImage = optionalText(BLOG_LIMITS.coverImage, 'Cover image URL').transform(
  normalizedHttpUrl(BLOG_LIMITS.coverImage),
);

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
