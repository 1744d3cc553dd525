import type { BlogPost, BlogPostPage, BlogSort, Category } from '@toolvault/shared';
import { apiFetch, type ApiResult } from '../../lib/api';
import { blogListUrl, isPostPage } from './blog.service';

/** One page of the post list as the screens ask for it. */
export interface PostPageQuery {
  page?: number;
  category?: string | null;
  sort?: BlogSort;
  limit?: number;
  q?: string;
}

/** A page answer that is not a page counts as a failed load. */
function asPage(result: ApiResult<BlogPostPage>): ApiResult<BlogPostPage> {
  if (!result.ok || isPostPage(result.data)) return result;
  return { ok: false, status: result.status, error: 'Unexpected answer' };
}

/** The public blog calls (a token, when given, lets an admin see drafts). */
export const blogApi = {
  /** One page of post summaries (never the posts' HTML). */
  posts: async (query: PostPageQuery = {}, options: { token?: string | null; signal?: AbortSignal } = {}) =>
    asPage(await apiFetch<BlogPostPage>(blogListUrl(query), options)),

  post: (slug: string, options: { token?: string | null; signal?: AbortSignal } = {}) =>
    apiFetch<BlogPost>(`/api/blog/${encodeURIComponent(slug)}`, options),

  categories: (options: { signal?: AbortSignal } = {}) => apiFetch<Category[]>('/api/categories', options),
};
