import { blogListUrl, ENDPOINTS, type BlogPageQuery, type BlogPostPage } from '@toolvault/shared';
import { apiFetch, callApi, type ApiResult } from '../../lib/api';
import { err, ok } from '../../lib/result';
import { isCategoryList, isPostPage } from './blog.service';

/** An answer of the wrong form (a page that is not a page, a list that is not a list) counts as a failed load. */
function checked<T>(result: ApiResult<unknown>, isRight: (value: unknown) => value is T): ApiResult<T> {
  if (!result.ok) return result;
  return isRight(result.value) ? ok(result.value) : err({ message: 'Unexpected answer', status: 200 });
}

/** The public blog calls (a token, when given, lets an admin see drafts). */
export const blogApi = {
  /** One page of post summaries (never the posts' HTML). */
  posts: async (query: BlogPageQuery = {}, options: { token?: string | null; signal?: AbortSignal } = {}) =>
    checked(await apiFetch<BlogPostPage>(blogListUrl(query), options), isPostPage),

  post: (slug: string, options: { token?: string | null; signal?: AbortSignal } = {}) =>
    callApi(ENDPOINTS.blogRead, { params: { slug }, ...options }),

  categories: async (options: { signal?: AbortSignal } = {}) =>
    checked(await callApi(ENDPOINTS.categoryList, options), isCategoryList),
};
