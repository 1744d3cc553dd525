import type { PersonRef } from './made-by';

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
  /**
   * For a signed-in caller only (a visitor's answer leaves it out): the person who wrote it (its
   * byline is their display name when they wrote it); null for posts written before accounts.
   */
  authored_by?: PersonRef | null;
  /** For a signed-in caller only: who changed it last; null until someone does. */
  updated_by?: PersonRef | null;
}

/** Query parameter of /blog that names a category slug. */
export const CATEGORY_PARAM = 'category';
/** Query parameter of /blog and the admin's list that holds the page number (1 is left out). */
export const PAGE_PARAM = 'page';

/** The page number in `?page=`: a whole number from 1 to the API's maximum, else 1. */
export function pageFromParam(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= BLOG_PAGE_MAX ? page : 1;
}
