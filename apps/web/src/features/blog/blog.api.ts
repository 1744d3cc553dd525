import type { BlogPost, Category } from '@toolvault/shared';
import { apiFetch } from '../../lib/api';

/** The public blog calls of spec 001 §7 (a token, when given, lets an admin see drafts). */
export const blogApi = {
  posts: (options: { token?: string | null; signal?: AbortSignal } = {}) => apiFetch<BlogPost[]>('/api/blog', options),

  post: (slug: string, options: { token?: string | null; signal?: AbortSignal } = {}) =>
    apiFetch<BlogPost>(`/api/blog/${encodeURIComponent(slug)}`, options),

  categories: (options: { signal?: AbortSignal } = {}) => apiFetch<Category[]>('/api/categories', options),
};
