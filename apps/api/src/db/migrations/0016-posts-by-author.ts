import { type Migration } from './migration';

/*
 * The blog admin's list of one person's posts (a Contributor's own list, the author filter): read
 * from one index in the list's newest-first order, ties broken by id, as the other list indexes are
 * (migration 6), instead of every post's row. Most viewed first, the person's posts are read through
 * it and sorted: one person's posts, never the whole blog.
 */
const INDEX = 'CREATE INDEX blog_posts_author_created_at ON blog_posts (author_id, created_at, id);';

export default {
  version: 16,
  name: 'posts by author',
  sqlite: INDEX,
  postgres: INDEX,
} satisfies Migration;
