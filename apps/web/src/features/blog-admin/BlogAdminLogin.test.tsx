// The blog admin logged out and logged in: the login card, the page's lists and messages once in,
// logging out, and a 401 on a protected call that sends the admin to /login.
import { fireEvent, screen, within } from '@testing-library/react';
import type { ContactMessage } from '@toolvault/shared';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import {
  baseRoutes,
  categoryForm,
  fillPost,
  inbox,
  json,
  LIST,
  networkDown,
  page,
  postForm,
  renderAdmin,
  settle,
  stubApi,
  TOKEN,
  type,
} from './blog-admin-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('./RichTextEditor', async () => ({ default: (await import('./blog-admin-testing')).FakeEditor }));

describe('blog admin: logged out and logged in', () => {
  it('shows the Admin Login card without a token, and makes no admin call', async () => {
    const calls = stubApi({});
    renderAdmin(false);
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Admin Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    await settle();
    expect(calls).toEqual([]);
  });

  it('shows the heading, Logout, the lists with their meta and the contact messages newest first', async () => {
    const messages: ContactMessage[] = [
      {
        id: 1,
        name: 'Old',
        email: 'old@example.com',
        subject: 'First',
        message: 'm1',
        createdAt: '2024-01-01T00:00:00Z',
      },
      {
        id: 2,
        name: 'New',
        email: 'new@example.com',
        subject: 'Second',
        message: 'm2',
        createdAt: '2024-02-01T00:00:00Z',
      },
    ];
    const calls = stubApi(baseRoutes({ 'GET /api/contact': json(inbox(messages)) }));
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Admin' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getAllByText('Loading...').length).toBeGreaterThan(0);
    await settle();

    const posts = screen.getByRole('list', { name: 'All Posts' });
    const [first, second] = [...posts.querySelectorAll<HTMLElement>(':scope > li')];
    if (!first || !second) throw new Error('expected two posts');
    expect(within(first).getByRole('heading', { name: 'Post 1' })).toBeInTheDocument();
    expect(within(first).getByText('/post-1')).toBeInTheDocument();
    expect(within(first).getByText('By Ada')).toBeInTheDocument();
    expect(within(first).getByText('Category: Guides')).toBeInTheDocument();
    expect(within(first).getByText('Views: 4')).toBeInTheDocument();
    expect(within(first).getByText('January 15, 2024')).toBeInTheDocument();
    expect(within(first).getByText('Published')).toBeInTheDocument();
    expect(within(first).getByRole('list', { name: 'Tags' })).toHaveTextContent('onetwo');
    expect(second).toHaveTextContent('Draft');
    expect(second).toHaveTextContent('Category: Uncategorized');

    const categories = screen.getByRole('list', { name: 'All Categories' });
    expect(within(categories).getByRole('heading', { name: 'Guides' })).toBeInTheDocument();
    expect(within(categories).getByText('/guides')).toBeInTheDocument();
    expect(within(categories).getByText('How-tos')).toBeInTheDocument();

    const subjects = screen.getAllByRole('heading', { level: 3, name: /First|Second/ }).map((h) => h.textContent);
    expect(subjects).toEqual(['Second', 'First']);
    expect(screen.getByRole('link', { name: 'new@example.com' })).toHaveAttribute('href', 'mailto:new@example.com');

    // Drafts are listed because the admin's token is sent.
    expect(calls.find((call) => call.key === LIST)?.auth).toBe(`Bearer ${TOKEN}`);
  });

  it.each([
    [
      'empty lists',
      baseRoutes({ [LIST]: json(page([])), 'GET /api/categories': json([]) }),
      ['No posts found.', 'No categories found.', 'No contact messages yet.'],
    ],
    [
      'failed loads',
      baseRoutes({ [LIST]: json({}, 500), 'GET /api/categories': networkDown }),
      ['Failed to load posts', 'Failed to load categories'],
    ],
  ])('%s', async (_name, routes, texts) => {
    stubApi(routes);
    renderAdmin();
    await settle();
    for (const text of texts) expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('logs out: token cleared, login card back, toast', async () => {
    stubApi(baseRoutes());
    renderAdmin();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Logged Out', { description: 'Admin access revoked' });
  });
});

describe('401 on a protected call (docs/decisions/0004-one-administrator.md)', () => {
  it.each([
    [
      'saving a post',
      'POST /api/blog',
      async () => {
        await fillPost();
        fireEvent.click(within(postForm()).getByRole('button', { name: 'Create Post' }));
      },
    ],
    [
      'saving a category',
      'POST /api/categories',
      async () => {
        type(categoryForm(), 'Category Name', 'Tech');
        type(categoryForm(), 'Category Slug', 'tech');
        fireEvent.click(within(categoryForm()).getByRole('button', { name: 'Create Category' }));
      },
    ],
    [
      'deleting a post',
      'DELETE /api/blog/posts/1',
      async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Delete Post 1' }));
        fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      },
    ],
  ])('%s: token cleared and redirect to /login', async (_name, route, act) => {
    stubApi(baseRoutes({ [route]: json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401) }));
    const router = renderAdmin();
    await settle();
    await act();
    await settle();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Login route' })).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledWith('Session expired', { description: 'Please log in again.' });
  });

  it('a 401 while loading the contact messages also logs out', async () => {
    stubApi(baseRoutes({ 'GET /api/contact': json({ error: 'Unauthorized', code: 'UNAUTHORIZED' }, 401) }));
    const router = renderAdmin();
    await settle();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });
});
