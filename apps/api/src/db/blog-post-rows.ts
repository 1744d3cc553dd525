import { parsePostTags, type BlogPost, type BlogPostSummary, type PersonRef } from '@toolvault/shared';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { namedPerson } from './people-refs';
import type { BlogPostsTable, Tables } from './schema';

/*
 * A post's row and the objects made of it, in one place: the post's own columns, its category's,
 * and the names of who wrote and changed it, read and mapped the same way by every query.
 */

/** Who wrote a post and who changed it last; the service shows them to signed-in callers only. */
export interface PostMakers {
  authored_by: PersonRef | null;
  updated_by: PersonRef | null;
}

/** A post as stored, with its makers. */
export type StoredPost = BlogPost & { makers: PostMakers };

/** A summary whose excerpt is not written yet is answered with excerpt null; the service fills it in. */
export type StoredSummary = Omit<BlogPostSummary, 'excerpt'> & { excerpt: string | null; makers: PostMakers };

type BlogPostRow = Omit<Selectable<BlogPostsTable>, 'excerpt'> & {
  category_name: string | null;
  author_name: string | null;
  updated_by_name: string | null;
};

const OWN_COLUMNS = [
  'id',
  'slug',
  'title',
  'author',
  'category_id',
  'cover_image',
  'content',
  'tags',
  'published',
  'view_count',
  'created_at',
  'updated_at',
  'author_id',
  'updated_by',
] as const;

// A subquery rather than a join, so UPDATE … RETURNING can answer the same shape (it cannot join).
const categoryName = (eb: ExpressionBuilder<Tables, 'blog_posts'>) =>
  eb
    .selectFrom('categories')
    .select('categories.name')
    .whereRef('categories.id', '=', 'blog_posts.category_id')
    .as('category_name');

/**
 * The display names of who wrote and who changed the post: subqueries by primary key (two per post
 * of a page, inside its one query), which UPDATE … RETURNING can answer too.
 */
const authorName = (eb: ExpressionBuilder<Tables, 'blog_posts'>) =>
  eb
    .selectFrom('users')
    .select('users.display_name')
    .whereRef('users.id', '=', 'blog_posts.author_id')
    .as('author_name');
const updatedByName = (eb: ExpressionBuilder<Tables, 'blog_posts'>) =>
  eb
    .selectFrom('users')
    .select('users.display_name')
    .whereRef('users.id', '=', 'blog_posts.updated_by')
    .as('updated_by_name');

export const COLUMNS = [...OWN_COLUMNS, categoryName, authorName, updatedByName] as const;

const categorySlug = (eb: ExpressionBuilder<Tables, 'blog_posts'>) =>
  eb
    .selectFrom('categories')
    .select('categories.slug')
    .whereRef('categories.id', '=', 'blog_posts.category_id')
    .as('category_slug');

/** What a list shows: every column but the HTML (which may be 200 000 characters), and the excerpt. */
export const SUMMARY_COLUMNS = [
  ...OWN_COLUMNS.filter((column) => column !== 'content'),
  'excerpt',
  categoryName,
  categorySlug,
  authorName,
  updatedByName,
] as const;

const makersOf = (
  row: Pick<BlogPostRow, 'author_id' | 'updated_by' | 'author_name' | 'updated_by_name'>,
): PostMakers => ({
  authored_by: namedPerson(row.author_id, row.author_name),
  updated_by: namedPerson(row.updated_by, row.updated_by_name),
});

type SummaryRow = Omit<BlogPostRow, 'content'> & { excerpt: string | null; category_slug: string | null };

/** What a post and its summary share: every field but the HTML, the excerpt and the category's slug. */
function sharedFields(row: Omit<BlogPostRow, 'content'>): Omit<StoredPost, 'content'> {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    author: row.author,
    category_id: row.category_id,
    category_name: row.category_name,
    cover_image: row.cover_image,
    // Re-encoded from the decoded list, so a hand-edited row still answers a JSON list.
    tags: JSON.stringify(parsePostTags(row.tags)),
    published: Number(row.published) === 1,
    view_count: row.view_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
    makers: makersOf(row),
  };
}

export function toBlogPost(row: BlogPostRow): StoredPost {
  return { ...sharedFields(row), content: row.content };
}

export function toSummary(row: SummaryRow): StoredSummary {
  return { ...sharedFields(row), category_slug: row.category_slug, excerpt: row.excerpt };
}
