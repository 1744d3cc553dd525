/**
 * What the blog admin's page tests share: post, page and account fixtures, a fetch answered from a
 * table (recording every call), the page rendered inside a router, and the form helpers (imported
 * by tests only).
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ROLE_GRANTS, type Account, type BlogPost, type Category } from '@toolvault/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import { QueryWrapper } from '../../lib/testing-query';
import BlogAdminPage from './BlogAdminPage';

/** Quill needs a real browser (the e2e suite drives it); the page tests' Content field is a plain textarea. */
export const FakeEditor = ({
  labelId,
  initialValue,
  onChange,
}: {
  labelId: string;
  initialValue: string;
  onChange: (html: string) => void;
}) => (
  <textarea aria-labelledby={labelId} defaultValue={initialValue} onChange={(event) => onChange(event.target.value)} />
);

export const TOKEN = 'header.payload.signature';

export const post = (id: number, extra: Partial<BlogPost> = {}): BlogPost => ({
  id,
  slug: `post-${id}`,
  title: `Post ${id}`,
  author: 'Ada',
  category_id: 3,
  category_name: 'Guides',
  cover_image: '',
  content: `<p>Body ${id}</p>`,
  tags: '["one","two"]',
  published: true,
  view_count: 4,
  created_at: '2024-01-15T10:00:00.000Z',
  updated_at: '2024-01-15T10:00:00.000Z',
  ...extra,
});
/** What the list answers: one page of summaries (no HTML). */
export const page = (posts: BlogPost[]) => ({
  items: posts.map(({ content: _content, ...rest }) => ({
    ...rest,
    category_slug: rest.category_id ? 'guides' : null,
    excerpt: '',
  })),
  page: 1,
  pageSize: 20,
  total: posts.length,
  pageCount: 1,
});
/** One page of the inbox. */
export const inbox = (items: unknown[], nextCursor: string | null = null) => ({
  items,
  nextCursor,
  total: items.length,
});
export const LIST = 'GET /api/blog?limit=20';
export const guides: Category = { id: 3, slug: 'guides', name: 'Guides', description: 'How-tos' };

export type Handler = (body: unknown) => Response | Promise<Response>;
export interface Call {
  key: string;
  body: unknown;
  auth: string | null;
}

/** The signed-in person of most tests: the Owner, whose role holds everything. */
export const OWNER: Account = {
  id: 1,
  login: 'owner',
  displayName: 'Ada Admin',
  role: 'owner',
  grants: ROLE_GRANTS.owner,
};

/** A fetch that answers `METHOD /path` from a table and records every call; the account is the Owner's unless given. */
export function stubApi(given: Record<string, Handler>) {
  const routes: Record<string, Handler> = { 'GET /api/account': () => Response.json(OWNER), ...given };
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const key = `${init.method ?? 'GET'} ${String(input)}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ key, body, auth: headers.Authorization ?? null });
      const handler = routes[key];
      if (!handler) return Response.json({ error: `no route ${key}` }, { status: 500 });
      return handler(body);
    }),
  );
  return calls;
}

export const json =
  (body: unknown, status = 200) =>
  () =>
    status === 204 ? new Response(null, { status }) : Response.json(body, { status });
export const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

export const settle = async () => {
  for (let i = 0; i < 6; i++) await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
};

export function renderAdmin(loggedIn = true) {
  if (loggedIn) localStorage.setItem(ADMIN_TOKEN_KEY, TOKEN);
  const router = createMemoryRouter(
    [
      { path: '/blog-admin', element: <BlogAdminPage /> },
      { path: '/login', element: <h1>Login route</h1> },
    ],
    { initialEntries: ['/blog-admin'] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return router;
}

export const baseRoutes = (extra: Record<string, Handler> = {}): Record<string, Handler> => ({
  [LIST]: json(page([post(1), post(2, { published: false, category_id: null, category_name: null })])),
  'GET /api/blog/post-1?edit=1': json(post(1)),
  'GET /api/categories': json([guides]),
  'GET /api/contact': json(inbox([])),
  ...extra,
});

export const postForm = () => screen.getByRole('form', { name: /New Post|Edit Post/ });
export const categoryForm = () => screen.getByRole('form', { name: /New Category|Edit Category/ });
export const type = (scope: HTMLElement, label: string | RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

export async function fillPost(values: { title?: string; slug?: string; content?: string } = {}) {
  const form = postForm();
  type(form, 'Title', values.title ?? 'Hello');
  type(form, 'Slug', values.slug ?? 'hello');
  const editor = await within(form).findByRole('textbox', { name: 'Content' });
  fireEvent.change(editor, { target: { value: values.content ?? '<p>Body</p>' } });
}
