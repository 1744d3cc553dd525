import type { BlogPost, Category, CategoryInput, ContactMessagePage, PostInput } from '@toolvault/shared';
import { apiFetch } from '../../lib/api';
import { blogApi } from '../blog/blog.api';

/** Posts per page of the admin's list. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * The blog admin's calls, each answering an ApiResult; a 401 is
 * left to the caller, which logs out. The token is read when the call is made,
 * so a token replaced or cleared meanwhile is the one sent.
 */
export const blogAdminApi = {
  /** One page of summaries; with the token the list includes drafts. `q` searches titles. */
  posts: (token: string | null, query: { page: number; q: string }, signal?: AbortSignal) =>
    blogApi.posts({ ...query, limit: ADMIN_PAGE_SIZE }, { token, ...(signal ? { signal } : {}) }),
  /** The whole post, to edit; loading it into the editor counts no view. */
  post: (token: string | null, slug: string) =>
    apiFetch<BlogPost>(`/api/blog/${encodeURIComponent(slug)}?edit=1`, { token }),
  createPost: (token: string | null, body: PostInput) =>
    apiFetch<BlogPost>('/api/blog', { method: 'POST', body, token }),
  updatePost: (token: string | null, id: number, body: PostInput) =>
    apiFetch<BlogPost>(`/api/blog/${id}`, { method: 'PUT', body, token }),
  deletePost: (token: string | null, id: number) => apiFetch<null>(`/api/blog/${id}`, { method: 'DELETE', token }),

  categories: (signal?: AbortSignal) => apiFetch<Category[]>('/api/categories', signal ? { signal } : {}),
  createCategory: (token: string | null, body: CategoryInput) =>
    apiFetch<Category>('/api/categories', { method: 'POST', body, token }),
  updateCategory: (token: string | null, id: number, body: CategoryInput) =>
    apiFetch<Category>(`/api/categories/${id}`, { method: 'PUT', body, token }),
  deleteCategory: (token: string | null, id: number) =>
    apiFetch<null>(`/api/categories/${id}`, { method: 'DELETE', token }),

  /** One page of the inbox, newest first; `cursor` (from the previous page) asks for older ones. */
  contactMessages: (token: string | null, cursor: string | null, signal?: AbortSignal) =>
    apiFetch<ContactMessagePage>(`/api/contact${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, {
      token,
      ...(signal ? { signal } : {}),
    }),
};
