import type { BlogPost, Category, CategoryInput, ContactMessage, PostInput } from '@toolvault/shared';
import { apiFetch } from '../../lib/api';

/**
 * The blog admin's calls (spec 001 §7), each answering an ApiResult; a 401 is
 * left to the caller, which logs out. The token is read when the call is made,
 * so a token replaced or cleared meanwhile is the one sent.
 */
export const blogAdminApi = {
  /** With the token the list includes drafts. */
  posts: (token: string | null, signal?: AbortSignal) =>
    apiFetch<BlogPost[]>('/api/blog', { token, ...(signal ? { signal } : {}) }),
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

  contactMessages: (token: string | null, signal?: AbortSignal) =>
    apiFetch<ContactMessage[]>('/api/contact', { token, ...(signal ? { signal } : {}) }),
};
