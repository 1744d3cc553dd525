import { BLOG_POPULAR_COUNT } from '@toolvault/shared';
import { queryOptions } from '@tanstack/react-query';
import { fromApi } from '../../lib/query';
import { blogApi, type PostPageQuery } from './blog.api';

/**
 * The blog's server state in the query cache. Keys start with 'blog', so the admin's changes
 * refresh every list, post and category the visitors' pages hold as well.
 */
export const blogKeys = {
  all: ['blog'] as const,
  /** `viewer`: lists and posts read with the admin token include drafts, so they are kept apart. */
  posts: (query: PostPageQuery, viewer: 'public' | 'admin') => ['blog', 'posts', viewer, query] as const,
  post: (slug: string, viewer: 'public' | 'admin') => ['blog', 'post', viewer, slug] as const,
  categories: ['blog', 'categories'] as const,
};

/** The visitors' view of one page of posts: loaded without the admin token, so drafts never show. */
export const postPageQuery = (query: PostPageQuery) =>
  queryOptions({
    queryKey: blogKeys.posts(query, 'public'),
    queryFn: ({ signal }) => fromApi(blogApi.posts(query, { signal })),
  });

export const popularPostsQuery = () => postPageQuery({ sort: 'popular', limit: BLOG_POPULAR_COUNT });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: blogKeys.categories,
    queryFn: ({ signal }) => fromApi(blogApi.categories({ signal })),
  });
