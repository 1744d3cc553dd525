/**
 * The blog's zod schemas: request bodies, route parameters and the list query. Kept apart from
 * blog.ts so that the pages which only read posts (the public blog) never load zod; the API and the
 * admin's forms validate with these.
 */
import { z } from './zod';
import { SHORTLINK_MESSAGES } from './shortlinks';
import {
  httpUrlMeta,
  notAnObject,
  oneValue,
  optionalText,
  positiveIdParameter,
  requiredText,
  text,
  wholeNumber,
} from './text.schemas';
import { BLOG_HTML_MAX_DEPTH, BLOG_HTML_TOO_DEEP, htmlNestingDepth } from './blog-html-policy';
import {
  BLOG_DEFAULT_AUTHOR,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  BLOG_PAGE_MAX,
  BLOG_PAGE_SIZE,
  BLOG_PAGE_SIZE_MAX,
  BLOG_SEARCH_MAX,
  BLOG_SLUG_PATTERN,
  BLOG_SORTS,
  isBlogSlug,
  type BlogSort,
} from './blog';
import { normalizedHttpUrl } from './url.schemas';
import { personFilter } from './made-by.schemas';

/**
 * Slug format is checked after every field passed (object-level), so a blank
 * title, slug or content always reports the one "required" message first.
 */
function checkSlug(slug: string, ctx: z.RefinementCtx): void {
  if (!isBlogSlug(slug)) ctx.addIssue({ code: 'custom', message: BLOG_MESSAGES.invalidSlug, path: ['slug'] });
}

/** The slug rule, checked object-level (checkSlug) but said in the document at the field. */
const slugMeta = {
  description: 'Lower-case letters and digits joined by single hyphens (tech-news)',
  override: { pattern: BLOG_SLUG_PATTERN.source },
};

const ZCoverImage = optionalText(BLOG_LIMITS.coverImage, 'Cover image URL', {
  invalid: SHORTLINK_MESSAGES.invalidUrl,
})
  // Stored as the URL's serialised form (url.schemas.ts), which is what readers are sent.
  .transform(normalizedHttpUrl(BLOG_LIMITS.coverImage))
  .meta(httpUrlMeta(BLOG_LIMITS.coverImage, { optional: true }));

/** Sent as a list of text; each trimmed, blank ones dropped after the count. */
const ZPostTags = z
  .array(
    text('Each tag must be text')
      .trim()
      .max(BLOG_LIMITS.tag, { error: `Each tag must be at most ${BLOG_LIMITS.tag} characters` }),
    { error: 'Tags must be a list of text' },
  )
  .max(BLOG_LIMITS.tags, { error: `At most ${BLOG_LIMITS.tags} tags are allowed` })
  .nullish()
  .transform((tags) => (tags ?? []).filter((tag) => tag !== ''));

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
  .strictObject(
    {
      title: requiredText(BLOG_MESSAGES.postRequired, BLOG_LIMITS.title, 'Title'),
      slug: requiredText(BLOG_MESSAGES.postRequired, BLOG_LIMITS.postSlug, 'Slug').meta(slugMeta),
      content: requiredText(BLOG_MESSAGES.postRequired, BLOG_LIMITS.content, 'Content', { multiline: true }).meta({
        description: 'HTML; sanitized before it is stored. Refused past 256 levels of nesting.',
      }),
      cover_image: ZCoverImage,
      author: optionalText(BLOG_LIMITS.author, 'Author')
        .transform((author) => author || BLOG_DEFAULT_AUTHOR)
        .meta({ description: `'' or null: ${BLOG_DEFAULT_AUTHOR}` }),
      tags: ZPostTags,
      category_id: ZPostCategoryId,
      published: z
        .boolean({ error: 'Published must be true or false' })
        .nullish()
        .transform((value) => value ?? false),
    },
    // A body that is not an object at all has none of the required fields.
    { error: notAnObject(BLOG_MESSAGES.postRequired) },
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
  .strictObject(
    {
      name: requiredText(BLOG_MESSAGES.categoryRequired, BLOG_LIMITS.categoryName, 'Name'),
      slug: requiredText(BLOG_MESSAGES.categoryRequired, BLOG_LIMITS.categorySlug, 'Slug').meta(slugMeta),
      description: optionalText(BLOG_LIMITS.categoryDescription, 'Description', { multiline: true }),
    },
    { error: notAnObject(BLOG_MESSAGES.categoryRequired) },
  )
  .superRefine((category, ctx) => checkSlug(category.slug, ctx));
export type CategoryInput = z.output<typeof ZCategoryInput>;
export type CategoryInputBody = z.input<typeof ZCategoryInput>;

/** `:id` of `PUT/DELETE /api/blog/posts/:id`. */
export const ZPostIdParams = z.object({ id: positiveIdParameter('Post id must be a positive integer') });
export type PostIdParams = z.output<typeof ZPostIdParams>;

/** `:id` of `PUT/DELETE /api/categories/:id`. */
export const ZCategoryIdParams = z.object({ id: positiveIdParameter('Category id must be a positive integer') });
export type CategoryIdParams = z.output<typeof ZCategoryIdParams>;

const categoryMessage = 'category must be one category slug';
const sortMessage = `sort must be one of: ${BLOG_SORTS.join(', ')}`;

/**
 * `GET /api/blog?page=&limit=&category=&sort=&q=&author=`: numbered pages, newest (or most viewed)
 * first. `category` is a category slug ('' or absent: every category); `q` searches titles and
 * `author` picks one person's posts (the admin's list; `author` needs a signed-in caller).
 */
export const ZBlogListQuery = z.object({
  category: oneValue('category')
    .trim()
    .max(BLOG_LIMITS.categorySlug, { error: categoryMessage })
    .regex(new RegExp(`^(?:${BLOG_SLUG_PATTERN.source.slice(1, -1)})?$`), { error: categoryMessage })
    .optional()
    .transform((slug) => slug || undefined)
    .meta({ description: "A category's slug: its posts only. An unknown slug lists no posts." }),
  page: wholeNumber('page', 1, BLOG_PAGE_MAX, 1),
  limit: wholeNumber('limit', 1, BLOG_PAGE_SIZE_MAX, BLOG_PAGE_SIZE),
  sort: oneValue('sort')
    .optional()
    .transform((value, ctx): BlogSort => {
      const sort = (value ?? '').trim() || 'newest';
      if ((BLOG_SORTS as readonly string[]).includes(sort)) return sort as BlogSort;
      ctx.addIssue({ code: 'custom', message: sortMessage });
      return z.NEVER;
    })
    .meta({ override: { enum: [...BLOG_SORTS], default: 'newest' } }),
  q: oneValue('q')
    .trim()
    .max(BLOG_SEARCH_MAX, { error: `q must be at most ${BLOG_SEARCH_MAX} characters` })
    .optional()
    .transform((value) => value || undefined)
    .meta({ description: "Words of the title (the admin's search)" }),
  author: personFilter('author'),
});
export type BlogListQuery = z.output<typeof ZBlogListQuery>;

/** `GET /api/blog/:slug?edit=1`: the admin opening the editor, which counts no view. */
export const ZBlogReadQuery = z.object({
  edit: z
    .literal('1', { error: 'edit must be 1 or absent' })
    .optional()
    .meta({ description: "1: the admin is opening the editor, and no view is counted (a visitor's read counts one)" }),
});
export type BlogReadQuery = z.output<typeof ZBlogReadQuery>;

/** `:slug` of `GET /api/blog/:slug`: a slug as posts are written with (BLOG_SLUG_PATTERN). */
export const ZPostSlugParams = z.object({
  slug: text(BLOG_MESSAGES.postNotFound)
    .max(BLOG_LIMITS.postSlug, { error: BLOG_MESSAGES.postNotFound })
    .regex(BLOG_SLUG_PATTERN, { error: BLOG_MESSAGES.postNotFound })
    .meta({ description: 'The post slug' }),
});
