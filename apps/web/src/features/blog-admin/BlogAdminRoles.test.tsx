import { fireEvent, screen, within } from '@testing-library/react';
import { ROLE_GRANTS, type Account, type BlogPost, type Role } from '@toolvault/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  baseRoutes,
  fillPost,
  json,
  LIST,
  page,
  post,
  postForm,
  renderAdmin,
  settle,
  stubApi,
} from './blog-admin-testing';

/*
 * The blog admin as each role sees it: a Contributor writes drafts of their own with their display
 * name as the byline, an Author publishes their own, a Viewer reads; each post shows who wrote and
 * changed it, and the list filters by writer for those who see every post.
 */

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('./RichTextEditor', async () => ({ default: (await import('./blog-admin-testing')).FakeEditor }));

afterEach(() => {
  localStorage.clear();
});

const ME = { id: 7, name: 'Cleo Writer' };
const OTHER = { id: 3, name: 'Otto Other' };
const account = (role: Exclude<Role, 'owner'>): Account => ({
  id: ME.id,
  login: 'me',
  displayName: ME.name,
  role,
  grants: ROLE_GRANTS[role],
});

/** Mine as a draft, mine published, and another person's. */
const POSTS: BlogPost[] = [
  post(1, { title: 'My draft', published: false, author: ME.name, authored_by: ME, updated_by: null }),
  post(2, { title: 'My published', published: true, author: ME.name, authored_by: ME, updated_by: OTHER }),
  post(3, { title: 'Their post', published: false, author: 'Otto', authored_by: OTHER, updated_by: null }),
];

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('li')!;
const actions = (title: string) =>
  within(card(title))
    .queryAllByRole('button')
    .map((button) => button.textContent);
const keys = (calls: { key: string }[]) => calls.map((call) => call.key);

describe('the blog admin for each role', () => {
  it('keeps a Contributor to drafts of their own, with their name as the byline', async () => {
    const calls = stubApi(
      baseRoutes({
        'GET /api/account': json(account('contributor')),
        [LIST]: json(page(POSTS.slice(0, 2))),
        'POST /api/blog': json(post(9), 201),
      }),
    );
    renderAdmin();
    await settle();
    expect(screen.getByRole('heading', { name: 'Your Posts' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Written by')).not.toBeInTheDocument();
    // No categories to manage and no inbox: neither form nor request.
    expect(screen.queryByRole('form', { name: /New Category/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Guides' })).not.toBeInTheDocument();
    expect(keys(calls)).not.toContain('GET /api/contact');
    // Their draft is theirs to change; once published it is not.
    expect(actions('My draft')).toEqual(['Edit', 'Delete']);
    expect(actions('My published')).toEqual([]);

    const form = postForm();
    expect(within(form).getByLabelText('Author')).toHaveValue(ME.name);
    expect(within(form).getByLabelText('Author')).toHaveAttribute('readonly');
    expect(within(form).getByLabelText('Published')).toBeDisabled();
    expect(within(form).getByText('Your role saves posts as drafts; an Editor publishes them.')).toBeInTheDocument();
    await fillPost({ title: 'New', slug: 'new' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Post' }));
    await settle();
    expect(calls.find((call) => call.key === 'POST /api/blog')?.body).toMatchObject({ published: false });
  });

  it('lets an Author publish and change only their own posts, and filter the list to them', async () => {
    const calls = stubApi(
      baseRoutes({
        'GET /api/account': json(account('author')),
        [LIST]: json(page(POSTS)),
        'GET /api/blog?limit=20&author=me': json(page(POSTS.slice(0, 2))),
      }),
    );
    const router = renderAdmin();
    await settle();
    expect(screen.getByRole('heading', { name: 'All Posts' })).toBeInTheDocument();
    expect(actions('My draft')).toEqual(['Edit', 'Delete']);
    expect(actions('My published')).toEqual(['Edit', 'Delete']);
    expect(actions('Their post')).toEqual([]);
    expect(within(card('Their post')).getByText('Written by Otto Other')).toBeInTheDocument();
    expect(within(card('My published')).getByText('Changed by Otto Other')).toBeInTheDocument();
    expect(within(postForm()).getByLabelText('Published')).toBeEnabled();
    expect(within(postForm()).getByLabelText('Author')).toHaveAttribute('readonly');

    fireEvent.change(screen.getByLabelText('Written by'), { target: { value: 'me' } });
    await settle();
    expect(keys(calls)).toContain('GET /api/blog?limit=20&author=me');
    expect(router.state.location.search).toBe('?by=me');
    expect(screen.queryByRole('heading', { name: 'Their post' })).not.toBeInTheDocument();
  });

  it('lets an Editor pick anyone on the team by name in Written by', async () => {
    const team = [ME, OTHER].map(({ id, name }, i) => ({
      id,
      displayName: name,
      login: name.split(' ')[0]!.toLowerCase(),
      role: 'author' as const,
      disabled: false,
      createdAt: `2025-01-0${i + 1}T00:00:00.000Z`,
    }));
    const calls = stubApi(
      baseRoutes({
        'GET /api/account': json(account('editor')),
        'GET /api/team': json({ people: team }),
        [LIST]: json(page(POSTS)),
        'GET /api/blog?limit=20&author=3': json(page(POSTS.slice(2))),
      }),
    );
    const router = renderAdmin();
    await settle();
    const writtenBy = screen.getByLabelText('Written by');
    expect(
      within(writtenBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Everyone', 'Me', 'Cleo Writer (cleo)', 'Otto Other (otto)']);
    fireEvent.change(writtenBy, { target: { value: '3' } });
    await settle();
    expect(keys(calls)).toContain('GET /api/blog?limit=20&author=3');
    expect(router.state.location.search).toBe('?by=3');
    expect(screen.queryByRole('heading', { name: 'My draft' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Their post' })).toBeInTheDocument();
  });

  it('shows a Viewer the posts and nothing that changes them', async () => {
    const calls = stubApi(baseRoutes({ 'GET /api/account': json(account('viewer')), [LIST]: json(page(POSTS)) }));
    renderAdmin();
    await settle();
    expect(screen.queryByRole('form', { name: /New Post/ })).not.toBeInTheDocument();
    for (const title of ['My draft', 'My published', 'Their post']) expect(actions(title)).toEqual([]);
    expect(keys(calls).filter((key) => key !== 'GET /api/account' && !key.startsWith('GET '))).toEqual([]);
  });

  it('lets the Owner set any byline, starting from their display name', async () => {
    stubApi(baseRoutes({ [LIST]: json(page(POSTS)) }));
    renderAdmin();
    await settle();
    const author = within(postForm()).getByLabelText('Author');
    expect(author).toHaveValue('Ada Admin');
    expect(author).not.toHaveAttribute('readonly');
    expect(actions('Their post')).toEqual(['Edit', 'Delete']);
  });
});
