import { BLOG_POPULAR_COUNT, blogListUrl, endpointUrl, ENDPOINTS, type BlogPageQuery } from '@toolvault/shared';
import { queryOptions, type Query } from '@tanstack/react-query';
import { takePreloaded } from '../../lib/api';
import { fromApi } from '../../lib/query';
import { blogApi } from './blog.api';
import { isCategoryList, isPostPage } from './blog.service';

/**
 * How long an answer that came with the page's HTML counts as fresh: long enough for the screen
 * that asked for it to mount without asking again, even on a slow phone; once fetched, a query is
 * stale at once as before, so a later visit of the page refreshes it.
 */
const FROM_PAGE_FRESH_MS = 10_000;

/**
 * The answer /blog's HTML brought for `url` (api/src/http/spa.ts), if it has the right form. A query
 * starts with it as its data, so the screen's first render already shows it: no request, and no
 * second render of the whole list once a request (even one answered from the page) resolved.
 */
function fromPage<T>(url: string, isRight: (value: unknown) => value is T) {
  return {
    initialData: (): T | undefined => {
      const answer = takePreloaded(url);
      return answer && isRight(answer.value) ? answer.value : undefined;
    },
    staleTime: (query: Query<T, never, T, readonly unknown[]>) =>
      query.state.dataUpdateCount === 0 ? FROM_PAGE_FRESH_MS : 0,
  };
}

/**
 * The blog's server state in the query cache. Keys start with 'blog', so the admin's changes
 * refresh every list, post and category the visitors' pages hold as well.
 */
export const blogKeys = {
  all: ['blog'] as const,
  /** `viewer`: lists and posts read with the admin token include drafts, so they are kept apart. */
  posts: (query: BlogPageQuery, viewer: 'public' | 'admin') => ['blog', 'posts', viewer, query] as const,
  post: (slug: string, viewer: 'public' | 'admin') => ['blog', 'post', viewer, slug] as const,
  categories: ['blog', 'categories'] as const,
};

/** The visitors' view of one page of posts: loaded without the admin token, so drafts never show. */
export const postPageQuery = (query: BlogPageQuery) =>
  queryOptions({
    queryKey: blogKeys.posts(query, 'public'),
    queryFn: ({ signal }) => fromApi(blogApi.posts(query, { signal })),
    ...fromPage(blogListUrl(query), isPostPage),
  });

export const popularPostsQuery = () => postPageQuery({ sort: 'popular', limit: BLOG_POPULAR_COUNT });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: blogKeys.categories,
    queryFn: ({ signal }) => fromApi(blogApi.categories({ signal })),
    ...fromPage(endpointUrl(ENDPOINTS.categoryList, {}), isCategoryList),
  });
