// The blog admin's post and category forms: required fields, creating, editing, deleting after the
// confirm dialog, and what a failed save or delete shows.
import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import {
  baseRoutes,
  categoryForm,
  fillPost,
  guides,
  json,
  LIST,
  networkDown,
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

  it("tells the admin when a category cannot be deleted, with the server's reason, and keeps it listed", async () => {
    stubApi(
      baseRoutes({
        'DELETE /api/categories/3': json({ error: 'Category not found', code: 'CATEGORY_NOT_FOUND' }, 404),
      }),
    );
    renderAdmin();
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Guides' }));
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this category?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await settle();
    expect(toast.error).toHaveBeenCalledWith('Failed to delete category', { description: 'Category not found' });
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete Guides' })).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe(TOKEN);
  });
});
