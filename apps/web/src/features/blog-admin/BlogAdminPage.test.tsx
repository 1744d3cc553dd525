import { fireEvent, screen, within } from '@testing-library/react';
import type { ContactMessage } from '@toolvault/shared';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import {
  baseRoutes,
  categoryForm,
  fillPost,
  guides,
  inbox,
  json,
  LIST,
  networkDown,
  page,
  post,
  postForm,
  renderAdmin,
  settle,
  stubApi,
  TOKEN,
  type,
} from './blog-admin-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('./RichTextEditor', async () => ({ default: (await import('./blog-admin-testing')).FakeEditor }));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => void vi.unstubAllGlobals());

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

describe('post form', () => {
  it.each([
    ['everything blank', {}],
    ['blank content', { title: 'Hello', slug: 'hello', content: '<p><br></p>' }],
    ['blank title', { title: '  ', slug: 'hello', content: '<p>x</p>' }],
  ])('%s: the required message and no call', async (_name, values) => {
    const calls = stubApi(baseRoutes());
    renderAdmin();
    await settle();
    if ('title' in values) await fillPost(values);
    fireEvent.click(within(postForm()).getByRole('button', { name: 'Create Post' }));
    expect(within(postForm()).getByRole('alert')).toHaveTextContent('Title, Slug, and Content are required.');
    await settle();
    expect(calls.filter((call) => call.key === 'POST /api/blog')).toEqual([]);
  });

  it('creates a post, then resets the form and reloads the list', async () => {
    const calls = stubApi(baseRoutes({ 'POST /api/blog': json(post(9), 201) }));
    renderAdmin();
    await settle();
    await fillPost({ title: 'Hello', content: '<p>Two&nbsp;words</p>' });
    type(postForm(), 'Slug', '');
    fireEvent.click(within(postForm()).getByRole('button', { name: 'Generate from title' }));
    expect(within(postForm()).getByLabelText('Slug')).toHaveValue('hello');
    type(postForm(), 'Tags (comma separated)', 'a, b ,,');
    fireEvent.change(within(postForm()).getByLabelText('Category'), { target: { value: '3' } });
    fireEvent.click(within(postForm()).getByLabelText('Published'));
    fireEvent.click(within(postForm()).getByRole('button', { name: 'Create Post' }));
    await settle();

    const create = calls.find((call) => call.key === 'POST /api/blog');
    expect(create?.auth).toBe(`Bearer ${TOKEN}`);
    expect(create?.body).toEqual({
      title: 'Hello',
      slug: 'hello',
      content: '<p>Two words</p>',
      cover_image: '',
      // A new post's byline starts as the writer's display name.
      author: 'Ada Admin',
      tags: ['a', 'b'],
      category_id: 3,
      published: true,
    });
    expect(toast.success).toHaveBeenCalledWith('Post created', { description: 'Hello' });
    expect(within(postForm()).getByLabelText('Title')).toHaveValue('');
    expect(within(postForm()).getByLabelText('Published')).not.toBeChecked();
    expect(calls.filter((call) => call.key === LIST)).toHaveLength(2);
  });

  it.each([
    [
      'a refusal with a reason',
      json({ error: 'A post with this slug already exists', code: 'POST_SLUG_TAKEN' }, 409),
      ['Failed to create or update post.', 'A post with this slug already exists'],
    ],
    ['a refusal without a reason', json({}, 500), ['Failed to create or update post.']],
    ['no answer', networkDown, ['Network error. Please try again.']],
  ])('%s', async (_name, answer, texts) => {
    stubApi(baseRoutes({ 'POST /api/blog': answer }));
    renderAdmin();
    await settle();
    await fillPost();
    fireEvent.click(within(postForm()).getByRole('button', { name: 'Create Post' }));
    await settle();
    const alert = within(postForm()).getByRole('alert');
    for (const text of texts) expect(alert).toHaveTextContent(text);
    // The form keeps what was typed.
    expect(within(postForm()).getByLabelText('Title')).toHaveValue('Hello');
  });

  it('Edit fills the form (tags joined, category as text, published boolean); Update sends PUT; Cancel returns to New Post', async () => {
    const calls = stubApi(
      baseRoutes({
        'PUT /api/blog/posts/1': json(post(1)),
        'GET /api/blog/post-1?edit=1': json(post(1, { published: 1 as never })),
      }),
    );
    renderAdmin();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Post 1' }));
    // The whole post is loaded for the editor (the list holds summaries).
    await settle();
    expect(screen.getByRole('heading', { name: 'Edit Post' })).toBeInTheDocument();
    const form = postForm();
    expect(within(form).getByLabelText('Title')).toHaveValue('Post 1');
    expect(within(form).getByLabelText('Slug')).toHaveValue('post-1');
    expect(within(form).getByLabelText('Tags (comma separated)')).toHaveValue('one, two');
    expect(within(form).getByLabelText('Category')).toHaveValue('3');
    expect(within(form).getByLabelText('Published')).toBeChecked();
    expect(await within(form).findByRole('textbox', { name: 'Content' })).toHaveValue('<p>Body 1</p>');

    type(form, 'Title', 'Renamed');
    fireEvent.click(within(form).getByRole('button', { name: 'Update Post' }));
    await settle();
    const put = calls.find((call) => call.key === 'PUT /api/blog/posts/1');
    expect(put?.body).toMatchObject({
      title: 'Renamed',
      slug: 'post-1',
      category_id: 3,
      published: true,
      tags: ['one', 'two'],
    });
    expect(screen.getByRole('heading', { name: 'New Post' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Post 1' }));
    // The whole post is loaded for the editor (the list holds summaries).
    await settle();
    fireEvent.click(within(postForm()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'New Post' })).toBeInTheDocument();
    expect(within(postForm()).getByLabelText('Title')).toHaveValue('');
  });

  it('deletes a post after the confirm dialog; Escape cancels', async () => {
    const calls = stubApi(baseRoutes({ 'DELETE /api/blog/posts/1': json(null, 204) }));
    renderAdmin();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Post 1' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('DELETE'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Post 1' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(calls.find((call) => call.key === 'DELETE /api/blog/posts/1')?.auth).toBe(`Bearer ${TOKEN}`);
    expect(toast.success).toHaveBeenCalledWith('Post deleted', { description: 'Post 1' });
    expect(calls.filter((call) => call.key === LIST)).toHaveLength(2);
  });

  it('tells the admin when a delete fails (ours: the original design ignores it silently)', async () => {
    stubApi(
      baseRoutes({
        'DELETE /api/blog/posts/1': json({ error: 'Blog post not found', code: 'BLOG_POST_NOT_FOUND' }, 404),
      }),
    );
    renderAdmin();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Post 1' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to delete post', { description: 'Blog post not found' });
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe(TOKEN);
  });
});

describe('category form', () => {
  it.each([
    ['everything blank', '', ''],
    ['blank slug', 'Tech', '  '],
    ['blank name', '  ', 'tech'],
  ])('%s: the required message and no call', async (_name, name, slug) => {
    const calls = stubApi(baseRoutes());
    renderAdmin();
    await settle();
    type(categoryForm(), 'Category Name', name);
    type(categoryForm(), 'Category Slug', slug);
    fireEvent.click(within(categoryForm()).getByRole('button', { name: 'Create Category' }));
    expect(within(categoryForm()).getByRole('alert')).toHaveTextContent('Name and Slug are required.');
    await settle();
    expect(calls.filter((call) => call.key === 'POST /api/categories')).toEqual([]);
  });

  it('creates a category with trimmed fields and an empty description, then resets', async () => {
    const calls = stubApi(baseRoutes({ 'POST /api/categories': json({ ...guides, id: 4 }, 201) }));
    renderAdmin();
    await settle();
    expect(within(categoryForm()).getByLabelText('Category Slug')).toHaveAttribute('placeholder', 'e.g. tech-news');
    type(categoryForm(), 'Category Name', '  Tech News ');
    type(categoryForm(), 'Category Slug', ' tech-news ');
    fireEvent.click(within(categoryForm()).getByRole('button', { name: 'Create Category' }));
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/categories')?.body).toEqual({
      name: 'Tech News',
      slug: 'tech-news',
      description: '',
    });
    expect(within(categoryForm()).getByLabelText('Category Name')).toHaveValue('');
    expect(calls.filter((call) => call.key === 'GET /api/categories')).toHaveLength(2);
  });

  it.each([
    [
      'the server error field',
      json({ error: 'A category with this slug already exists', code: 'CATEGORY_SLUG_TAKEN' }, 409),
      'A category with this slug already exists',
    ],
    ['no error field', json({}, 500), 'Failed to create category.'],
    ['no answer', networkDown, 'Network error. Please try again.'],
  ])('a failed save shows %s', async (_name, answer, text) => {
    stubApi(baseRoutes({ 'POST /api/categories': answer }));
    renderAdmin();
    await settle();
    type(categoryForm(), 'Category Name', 'Tech');
    type(categoryForm(), 'Category Slug', 'tech');
    fireEvent.click(within(categoryForm()).getByRole('button', { name: 'Create Category' }));
    await settle();
    expect(within(categoryForm()).getByRole('alert')).toHaveTextContent(text);
  });

  it('Edit fills the form and shows Cancel; Update sends PUT; deleting asks "Delete this category?"', async () => {
    const calls = stubApi(
      baseRoutes({ 'PUT /api/categories/3': json(guides), 'DELETE /api/categories/3': json(null, 204) }),
    );
    renderAdmin();
    await settle();
    expect(within(categoryForm()).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Guides' }));
    expect(screen.getByRole('heading', { name: 'Edit Category' })).toBeInTheDocument();
    expect(within(categoryForm()).getByLabelText('Category Name')).toHaveValue('Guides');
    expect(within(categoryForm()).getByLabelText('Description (optional)')).toHaveValue('How-tos');
    fireEvent.click(within(categoryForm()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'New Category' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Edit Guides' }));
    type(categoryForm(), 'Description (optional)', 'Step by step');
    fireEvent.click(within(categoryForm()).getByRole('button', { name: 'Update Category' }));
    await settle();
    expect(calls.find((call) => call.key === 'PUT /api/categories/3')?.body).toEqual({
      name: 'Guides',
      slug: 'guides',
      description: 'Step by step',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Guides' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this category?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await settle();
    expect(calls.some((call) => call.key === 'DELETE /api/categories/3')).toBe(true);
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

describe('paged lists', () => {
  it('searches titles and pages through the posts, keeping both in the address', async () => {
    const many = { ...page([post(1)]), total: 45, pageCount: 3 };
    const calls = stubApi(
      baseRoutes({
        [LIST]: json(many),
        'GET /api/blog?limit=20&q=post': json({ ...many, total: 41 }),
        'GET /api/blog?page=2&limit=20&q=post': json({ ...many, page: 2, total: 41 }),
      }),
    );
    const router = renderAdmin();
    await settle();
    expect(screen.getByText('45 posts')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search posts by title' }), { target: { value: ' post ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await settle();
    expect(router.state.location.search).toBe('?q=post');
    expect(screen.getByText('41 posts with “post” in the title')).toBeInTheDocument();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Post pages' })).getByRole('button', { name: 'Next' }),
    );
    await settle();
    expect(router.state.location.search).toBe('?q=post&page=2');
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(calls.map((call) => call.key)).toContain('GET /api/blog?page=2&limit=20&q=post');
    expect(screen.getByRole('searchbox', { name: 'Search posts by title' })).toHaveValue('post');
  });

  it('says when a search finds nothing', async () => {
    stubApi(baseRoutes({ 'GET /api/blog?limit=20&q=zzz': json(page([])) }));
    const router = renderAdmin();
    await settle();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search posts by title' }), { target: { value: 'zzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await settle();
    expect(router.state.location.search).toBe('?q=zzz');
    expect(screen.getByText('No posts with “zzz” in the title.')).toBeInTheDocument();
  });

  it('loads older contact messages with "Load more" until there are none', async () => {
    const message = (id: number, day: number) => ({
      id,
      name: 'Ada',
      email: 'ada@example.com',
      subject: `Subject ${id}`,
      message: 'Hi',
      createdAt: `2024-01-${String(day).padStart(2, '0')}T00:00:00.000Z`,
    });
    const calls = stubApi(
      baseRoutes({
        'GET /api/contact': json({ items: [message(3, 3), message(2, 2)], nextCursor: 'c2', total: 3 }),
        'GET /api/contact?cursor=c2': json({ items: [message(1, 1)], nextCursor: null, total: 3 }),
      }),
    );
    renderAdmin();
    await settle();
    expect(screen.getByText('Showing 2 of 3 messages')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(screen.getAllByRole('heading', { level: 3, name: /^Subject/ }).map((h) => h.textContent)).toEqual([
      'Subject 3',
      'Subject 2',
      'Subject 1',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(calls.find((call) => call.key === 'GET /api/contact?cursor=c2')?.auth).toBe(`Bearer ${TOKEN}`);
  });

  it('tells the admin when older messages fail to load', async () => {
    stubApi(
      baseRoutes({
        'GET /api/contact': json(
          inbox(
            [{ id: 1, name: 'A', email: 'a@e.com', subject: 'S', message: 'M', createdAt: '2024-01-01T00:00:00.000Z' }],
            'c1',
          ),
        ),
        'GET /api/contact?cursor=c1': json({ error: 'boom', code: 'INTERNAL' }, 500),
      }),
    );
    renderAdmin();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await settle();
    expect(screen.getByText('Failed to load more messages')).toBeInTheDocument();
  });
});
