// The blog admin's paged lists: the post search and pages kept in the address, and older contact
// messages loaded with Load more.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { baseRoutes, inbox, json, LIST, page, post, renderAdmin, settle, stubApi, TOKEN } from './blog-admin-testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('./RichTextEditor', async () => ({ default: (await import('./blog-admin-testing')).FakeEditor }));

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
