import {
  BLOG_MESSAGES,
  parsePostTags,
  parseTagsText,
  slugify,
  type BlogPost,
  type Category,
  type CategoryInput,
  type ContactMessage,
  type PostInput,
} from '@toolvault/shared';
import { ZCategoryInput, ZPostInput } from '@toolvault/shared/schemas';
import type { z } from 'zod';
import { NETWORK_ERROR, serverReason, type ApiFailure } from '../../lib/api';
import { err, ok, type Result } from '../../lib/result';
import { isAllowedImageSrc, isAllowedLinkUrl } from '../blog/blog.service';

/** Messages of the blog admin, verbatim as designed (docs/decisions/0011-original-design.md). */
export const ADMIN_MESSAGES = {
  loadPosts: 'Failed to load posts',
  loadCategories: 'Failed to load categories',
  savePost: 'Failed to create or update post.',
  saveCategory: 'Failed to create category.',
  network: NETWORK_ERROR,
  confirmDeletePost: 'Delete this post?',
  confirmDeleteCategory: 'Delete this category?',
  /** Ours: the editor's image prompt (only http, https and data images are allowed). */
  imageUrl: 'Images must use an http, https or data:image address.',
} as const;

/**
 * Placeholder of the content editor. The original promised "Markdown support coming soon"; the editor is
 * rich text only, so the placeholder promises nothing it does not do.
 */
export const EDITOR_PLACEHOLDER = 'Write your post…';

/** What Quill's link format stores for a refused address. */
export const REFUSED_LINK = 'about:blank';

export interface PostFormValues {
  title: string;
  slug: string;
  cover_image: string;
  author: string;
  /** Comma separated. */
  tags: string;
  /** The select's value: '' for none, else the category id as text. */
  category_id: string;
  published: boolean;
  /** The editor's HTML. */
  content: string;
}

export const EMPTY_POST_FORM: PostFormValues = {
  title: '',
  slug: '',
  cover_image: '',
  author: '',
  tags: '',
  category_id: '',
  published: false,
  content: '',
};

export interface CategoryFormValues {
  name: string;
  slug: string;
  description: string;
}

export const EMPTY_CATEGORY_FORM: CategoryFormValues = { name: '', slug: '', description: '' };

/**
 * The post form filled for Edit: tags joined with a comma and a
 * space, the category id as text, published coerced to a boolean.
 */
export function postFormFromPost(post: BlogPost): PostFormValues {
  return {
    title: post.title ?? '',
    slug: post.slug ?? '',
    cover_image: post.cover_image ?? '',
    author: post.author ?? '',
    tags: parsePostTags(post.tags).join(', '),
    category_id: post.category_id == null ? '' : String(post.category_id),
    published: Boolean(post.published),
    content: post.content ?? '',
  };
}

export function categoryFormFromCategory(category: Category): CategoryFormValues {
  return { name: category.name ?? '', slug: category.slug ?? '', description: category.description ?? '' };
}

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid input';
}

/** Empty selection → null, otherwise an integer; other text stays invalid (NaN). */
export function categoryIdFromText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** True when the editor holds no text and no image (Quill's empty document is `<p><br></p>` or `<p></p>`). */
export function isBlankEditorHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/gi, ' ')
    .trim();
  return text === '';
}

/**
 * Quill 2.0's semantic HTML writes every space as `&nbsp;`, which would stop
 * long lines from wrapping on the post page. A run of n such spaces becomes
 * n − 1 non-breaking spaces and one ordinary space, so the visible spacing is kept.
 */
export function normalizeEditorHtml(html: string): string {
  return html.replace(/(?:&nbsp;)+/g, (run) => `${'&nbsp;'.repeat(run.length / 6 - 1)} `);
}

/**
 * The create/update body from the form: title, slug and content
 * must not be blank after trimming ('Title, Slug, and Content are required.'),
 * then the shared schema checks the rest, exactly as the API will.
 */
export function postPayloadFromForm(values: PostFormValues): Result<PostInput> {
  const content = isBlankEditorHtml(values.content) ? '' : normalizeEditorHtml(values.content);
  if (!values.title.trim() || !values.slug.trim() || !content.trim()) return err(BLOG_MESSAGES.postRequired);
  const parsed = ZPostInput.safeParse({
    title: values.title,
    slug: values.slug,
    content,
    cover_image: values.cover_image,
    author: values.author,
    tags: parseTagsText(values.tags),
    category_id: categoryIdFromText(values.category_id),
    published: values.published,
  });
  return parsed.success ? ok(parsed.data) : err(firstIssue(parsed.error));
}

/** The category body: name and slug trimmed and required, description defaults to ''. */
export function categoryPayloadFromForm(values: CategoryFormValues): Result<CategoryInput> {
  if (!values.name.trim() || !values.slug.trim()) return err(BLOG_MESSAGES.categoryRequired);
  const parsed = ZCategoryInput.safeParse(values);
  return parsed.success ? ok(parsed.data) : err(firstIssue(parsed.error));
}

export interface SaveProblem {
  message: string;
  /** The server's explanation, when it gave one beside the designed message. */
  detail?: string;
}

/** Post save non-OK 'Failed to create or update post.'; no answer 'Network error. Please try again.' */
export function postSaveProblem(failure: ApiFailure): SaveProblem {
  if (failure.status === 0) return { message: ADMIN_MESSAGES.network };
  const detail = serverReason(failure);
  return detail ? { message: ADMIN_MESSAGES.savePost, detail } : { message: ADMIN_MESSAGES.savePost };
}

/** Category save non-OK shows the server's error field if present, else 'Failed to create category.' */
export function categorySaveProblem(failure: ApiFailure): SaveProblem {
  if (failure.status === 0) return { message: ADMIN_MESSAGES.network };
  return { message: serverReason(failure) ?? ADMIN_MESSAGES.saveCategory };
}

/** A slug suggested from the title ("generate from title"). */
export function slugFromTitle(title: string): string {
  return slugify(title);
}

/** 'Views: {count}', 0 when missing. */
export function viewsText(post: Pick<BlogPost, 'view_count'>): string {
  return `Views: ${post.view_count ?? 0}`;
}

/** 'Category: {name}'; a post without one says so. */
export function categoryText(post: Pick<BlogPost, 'category_name'>): string {
  return `Category: ${post.category_name || 'Uncategorized'}`;
}

/** 'By {author}'. */
export function authorText(post: Pick<BlogPost, 'author'>): string {
  return `By ${post.author || 'Admin'}`;
}

/**
 * The address Quill's link format keeps (http, https, mailto,
 * tel). An address typed without a scheme ("example.com/page") is taken as
 * https; anything else is refused.
 */
export function sanitizeEditorLink(url: string): string {
  const trimmed = String(url ?? '').trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed === '' ? trimmed : `https://${trimmed}`;
  return isAllowedLinkUrl(withScheme) ? withScheme : REFUSED_LINK;
}

/** The image address the editor's image prompt accepts (http, https or data images). */
export function editorImageUrl(url: string): Result<string> {
  const trimmed = url.trim();
  return isAllowedImageSrc(trimmed) ? ok(trimmed) : err(ADMIN_MESSAGES.imageUrl);
}

/** Contact messages, newest first (ties: higher id first). */
export function newestFirst(messages: readonly ContactMessage[]): ContactMessage[] {
  return [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
}
