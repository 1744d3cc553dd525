import { ENDPOINTS, type CategoryInput, type PersonFilter, type PostInput } from '@toolvault/shared';
import { callApi } from '../../lib/api';
import { blogApi } from '../blog/blog.api';

/** Posts per page of the admin's list. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * The blog admin's calls, each answering an ApiResult; a 401 is
 * left to the caller, which logs out. The token is read when the call is made,
 * so a token replaced or cleared meanwhile is the one sent.
 */
export const blogAdminApi = {
  /** One page of summaries; with the token the list includes drafts. `q` searches titles, `author` picks one person's. */
  posts: (token: string | null, query: { page: number; q: string; author?: PersonFilter }, signal?: AbortSignal) =>
    blogApi.posts({ ...query, limit: ADMIN_PAGE_SIZE }, { token, ...(signal ? { signal } : {}) }),
  /** The whole post, to edit; loading it into the editor counts no view. */
  post: (token: string | null, slug: string) =>
    callApi(ENDPOINTS.blogRead, { params: { slug }, query: { edit: 1 }, token }),
  createPost: (token: string | null, body: PostInput) => callApi(ENDPOINTS.blogCreate, { body, token }),
  updatePost: (token: string | null, id: number, body: PostInput) =>
    callApi(ENDPOINTS.blogUpdate, { params: { id }, body, token }),
  deletePost: (token: string | null, id: number) => callApi(ENDPOINTS.blogDelete, { params: { id }, token }),

  categories: (signal?: AbortSignal) => callApi(ENDPOINTS.categoryList, signal ? { signal } : {}),
  createCategory: (token: string | null, body: CategoryInput) => callApi(ENDPOINTS.categoryCreate, { body, token }),
  updateCategory: (token: string | null, id: number, body: CategoryInput) =>
    callApi(ENDPOINTS.categoryUpdate, { params: { id }, body, token }),
  deleteCategory: (token: string | null, id: number) => callApi(ENDPOINTS.categoryDelete, { params: { id }, token }),

  /** One page of the inbox, newest first; `cursor` (from the previous page) asks for older ones. */
  contactMessages: (token: string | null, cursor: string | null, signal?: AbortSignal) =>
    callApi(ENDPOINTS.contactList, { query: { cursor }, token, ...(signal ? { signal } : {}) }),
};
