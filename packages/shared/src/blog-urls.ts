/**
 * The blog's API addresses. Apart from blog.ts because they are built from ENDPOINTS, whose response types
 * name the blog's own types: together in one file they made an import loop.
 */
import { ENDPOINTS, endpointUrl } from './endpoints';
import type { PersonFilter } from './made-by';
import { BLOG_POPULAR_COUNT, CATEGORY_PARAM, PAGE_PARAM, pageFromParam, type BlogSort } from './blog';

/** One page of the post list as the screens ask for it. */
export interface BlogPageQuery {
  page?: number;
  category?: string | null;
  sort?: BlogSort;
  limit?: number;
  q?: string;
  /** The admin's list only: one person's posts. */
  author?: PersonFilter | undefined;
}

/** The API address of one page of posts; parameters at their defaults are left out. */
export function blogListUrl({
  page = 1,
  category = null,
  sort = 'newest',
  limit,
  q = '',
  author,
}: BlogPageQuery): string {
  return endpointUrl(ENDPOINTS.blogList, {
    query: {
      page: page > 1 ? page : undefined,
      category,
      sort: sort === 'newest' ? undefined : sort,
      limit,
      q: q.trim(),
      author,
    },
  });
}

/**
 * The API calls the /blog page makes as it opens, for its address's query: its page of posts, the
 * popular posts and the categories. The server answers them inside the page's HTML (API_PRELOAD_ID),
 * so the list shows without a round trip after the page's scripts have run.
 */
export function blogPageCalls(search: { get(name: string): string | null }): {
  posts: string;
  popular: string;
  categories: string;
} {
  const category = search.get(CATEGORY_PARAM) || null;
  return {
    posts: blogListUrl({ page: pageFromParam(search.get(PAGE_PARAM)), category }),
    popular: blogListUrl({ sort: 'popular', limit: BLOG_POPULAR_COUNT }),
    categories: endpointUrl(ENDPOINTS.categoryList, {}),
  };
}
