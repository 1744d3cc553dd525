import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { BlogPost, BlogPostPage as PostPage, BlogPostSummary, Category } from '@toolvault/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TOKEN_KEY } from '../auth/admin-session';
import { QueryWrapper } from '../../lib/testing-query';
import BlogListPage from './BlogListPage';
import BlogPostPage from './BlogPostPage';
import type * as CodeHighlight from './code-highlight';

/**
 * Counts the page's imports of the code highlighter (a chunk of its own, fetched on demand): the page
 * reads `highlightCodeBlocks` from the module once each time its import() resolves.
 */
const highlighter = vi.hoisted(() => ({ loads: 0 }));
vi.mock('./code-highlight', async (importOriginal) => {
  const actual = await importOriginal<typeof CodeHighlight>();
  return {
    ...actual,
    get highlightCodeBlocks() {
      highlighter.loads += 1;
      return actual.highlightCodeBlocks;
    },
  };
});
// Loaded once up front, so an import the page should not make would resolve within a test's settle().
beforeAll(async () => void (await import('./code-highlight')));
beforeEach(() => {
  highlighter.loads = 0;
});

const post = (id: number, extra: Partial<BlogPost> = {}): BlogPost => ({
  id,
  slug: `post-${id}`,
  title: `Post ${id}`,
  author: 'Ada',
  category_id: null,
  category_name: null,
  cover_image: '',
  content: `<p>Body ${id}</p>`,
  tags: '[]',
  published: true,
  view_count: id,
  created_at: `2024-01-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  updated_at: `2024-01-${String(id).padStart(2, '0')}T10:00:00.000Z`,
  ...extra,
});
/** The list's form of a post: no HTML, an excerpt and the category's slug. */
const summary = (id: number, extra: Partial<BlogPostSummary> = {}): BlogPostSummary => {
  const { content: _content, ...rest } = post(id);
  return { ...rest, category_slug: null, excerpt: `Body ${id}`, ...extra };
};
const pageOf = (items: BlogPostSummary[], extra: Partial<PostPage> = {}): PostPage => ({
  items,
  page: 1,
  pageSize: 10,
  total: items.length,
  pageCount: 1,
  ...extra,
});
const POPULAR = '/api/blog?sort=popular&limit=5';
const categories: Category[] = [
  { id: 1, slug: 'tech-news', name: 'Tech News', description: 'Fresh news' },
  { id: 2, slug: 'guides', name: 'Guides', description: '' },
];

type Answer = () => Response | Promise<Response>;
function stubApi(routes: Record<string, Answer>) {
  const calls: { url: string; auth: string | null }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = String(input);
      calls.push({ url, auth: ((init.headers ?? {}) as Record<string, string>).Authorization ?? null });
      const answer = routes[url];
      return answer ? answer() : Response.json({ error: 'Blog post not found' }, { status: 404 });
    }),
  );
  return calls;
}
const json =
  (body: unknown, status = 200) =>
  () =>
    Response.json(body, { status });
const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/blog', element: <BlogListPage /> },
      { path: '/blog/:slug', element: <BlogPostPage /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />, { wrapper: QueryWrapper });
  return router;
}

describe('/blog', () => {
  const posts = [
    summary(1, {
      category_id: 1,
      category_name: 'Tech News',
      category_slug: 'tech-news',
      tags: '["xss","web"]',
      cover_image: 'https://e.com/c.png',
    }),
    summary(2, { category_id: 2, category_name: 'Guides', category_slug: 'guides' }),
    ...[3, 4, 5, 6, 7].map((id) => summary(id)),
  ];
  const popular = [7, 6, 5, 4, 3].map((id) => summary(id));

  it('lists one page of posts with their meta and excerpt, the categories and the popular posts, without a token', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'a.b.c');
    const calls = stubApi({
      '/api/blog': json(pageOf(posts)),
      [POPULAR]: json(pageOf(popular)),
      '/api/categories': json(categories),
    });
    renderAt('/blog');
    expect(screen.getByText('Loading blog posts...')).toBeInTheDocument();
    await settle();
    const list = screen.getByRole('region', { name: 'Latest Posts' });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(7);
    const first = cards[0]!;
    expect(within(first).getByRole('link', { name: 'Post 1' })).toHaveAttribute('href', '/blog/post-1');
    expect(within(first).getByText('By Ada')).toBeInTheDocument();
    expect(within(first).getByText('January 1, 2024')).toBeInTheDocument();
    expect(within(first).getByText('Body 1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Tech News' })).toHaveAttribute('href', '/blog?category=tech-news');
    expect(within(first).getByRole('list', { name: 'Tags' })).toHaveTextContent('xssweb');
    const cover = within(first).getByRole('img');
    expect(cover).toHaveAttribute('src', 'https://e.com/c.png');
    expect(cover).toHaveAttribute('loading', 'lazy');
    expect(cover).toHaveAttribute('alt', 'Cover of “Post 1”');
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).not.toBeInTheDocument();

    const box = screen.getByRole('heading', { name: 'Popular Posts' }).closest('section')!;
    expect(
      within(box)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Post 7', 'Post 6', 'Post 5', 'Post 4', 'Post 3']);
    expect(screen.getByText('Fresh news')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'RSS' })).toHaveAttribute('href', '/blog/rss.xml');
    expect(calls.every((call) => call.auth === null)).toBe(true);
  });

  it('shows the sidebar on a phone only with the list, so the cards arriving never push it down', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubApi({
      '/api/blog': () => new Promise<Response>((resolve) => (answer = resolve)),
      [POPULAR]: json(pageOf(popular)),
      '/api/categories': json(categories),
    });
    renderAt('/blog');
    await settle();
    expect(screen.getByText('Loading blog posts...')).toBeInTheDocument();
    // Its data is in while the list still loads; below the large breakpoint it stays hidden until the list is.
    const sidebar = screen.getByRole('complementary', { name: 'Blog sidebar', hidden: true });
    expect(within(sidebar).getByText('Fresh news')).toBeInTheDocument();
    expect(sidebar).toHaveClass('max-lg:hidden');
    answer(Response.json(pageOf(posts)));
    await settle();
    expect(within(screen.getByRole('region', { name: 'Latest Posts' })).getAllByRole('article')).toHaveLength(7);
    expect(sidebar).not.toHaveClass('max-lg:hidden');
  });

  it.each([
    ['a known category', '/blog?category=guides', '/api/blog?category=guides', 'Posts in Guides', ['Post 2']],
    ['an unknown category', '/blog?category=nope', '/api/blog?category=nope', 'Posts in nope', []],
  ])('asks the server for %s', async (_name, path, api, heading, titles) => {
    const items = titles.length ? [posts[1]!] : [];
    const calls = stubApi({
      [api]: json(pageOf(items)),
      [POPULAR]: json(pageOf(popular)),
      '/api/categories': json(categories),
    });
    renderAt(path);
    await settle();
    expect(calls.map((call) => call.url)).toContain(api);
    const region = screen.getByRole('region', { name: heading });
    expect(
      within(region)
        .queryAllByRole('article')
        .map((card) => within(card).getByRole('heading').textContent),
    ).toEqual(titles);
    if (titles.length === 0) expect(within(region).getByText('No posts found.')).toBeInTheDocument();
    const filter = screen.getByRole('navigation', { name: 'Filter by category' });
    expect(within(filter).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/blog');
    const current = within(filter).queryByRole('link', { current: 'page' });
    expect(current?.textContent ?? null).toBe(path.endsWith('guides') ? 'Guides' : null);
  });

  it('shows the page of ?page= with links to the others, keeping the category', async () => {
    const calls = stubApi({
      '/api/blog?page=6&category=guides': json(pageOf([summary(51)], { page: 6, total: 200, pageCount: 20 })),
      [POPULAR]: json(pageOf(popular)),
      '/api/categories': json(categories),
    });
    renderAt('/blog?category=guides&page=6');
    await settle();
    expect(calls.map((call) => call.url)).toContain('/api/blog?page=6&category=guides');
    const pager = screen.getByRole('navigation', { name: 'Blog pages' });
    expect(
      within(pager)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Previous', '/blog?category=guides&page=5'],
      ['1', '/blog?category=guides'],
      ['4', '/blog?category=guides&page=4'],
      ['5', '/blog?category=guides&page=5'],
      ['6', '/blog?category=guides&page=6'],
      ['7', '/blog?category=guides&page=7'],
      ['8', '/blog?category=guides&page=8'],
      ['20', '/blog?category=guides&page=20'],
      ['Next', '/blog?category=guides&page=7'],
    ]);
    expect(within(pager).getByRole('link', { current: 'page' })).toHaveTextContent('6');
    expect(screen.getByRole('status')).toHaveTextContent('Page 6 of 20, 200 posts');
  });

  it('offers the last page for a page number past it (an old link)', async () => {
    stubApi({
      '/api/blog?page=9': json(pageOf([], { page: 9, total: 12, pageCount: 2 })),
      [POPULAR]: json(pageOf(popular)),
      '/api/categories': json(categories),
    });
    renderAt('/blog?page=9');
    await settle();
    expect(screen.getByText(/There is no page 9/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the last page (2)' })).toHaveAttribute('href', '/blog?page=2');
  });

  it.each([
    [
      'no posts and no categories',
      { '/api/blog': json(pageOf([])), [POPULAR]: json(pageOf([])), '/api/categories': json([]) },
      ['No posts found.', 'No categories found.'],
    ],
    [
      'failed loads',
      { '/api/blog': json({}, 500), [POPULAR]: json({}, 500), '/api/categories': networkDown },
      ['Failed to load blog posts', 'Failed to load categories'],
    ],
    [
      'an answer that is not a page',
      { '/api/blog': json([]), [POPULAR]: json([]), '/api/categories': json([]) },
      ['Failed to load blog posts'],
    ],
  ])('%s', async (_name, routes, texts) => {
    stubApi(routes);
    renderAt('/blog');
    await settle();
    for (const text of texts) expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Popular Posts' })).not.toBeInTheDocument();
  });

  it('loads the posts again from "Try again" after a failure', async () => {
    let failures = 1;
    stubApi({
      '/api/blog': () => (failures-- > 0 ? Response.json({}, { status: 500 }) : Response.json(pageOf(posts))),
      [POPULAR]: json(pageOf(popular)),
      '/api/categories': json(categories),
    });
    renderAt('/blog');
    await settle();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    await settle();
    expect(within(screen.getByRole('region', { name: 'Latest Posts' })).getAllByRole('article')).toHaveLength(7);
  });
});

describe('/blog/:slug', () => {
  it('shows the post with its meta line and sanitized content', async () => {
    stubApi({
      '/api/blog/hello': json(
        post(3, {
          slug: 'hello',
          title: 'Hello <b>there</b>',
          category_name: 'Guides',
          view_count: 41,
          content:
            '<p><strong>bold</strong></p><ul><li>item</li></ul><p><a href="https://example.com">link</a></p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:alert(1)">bad</a>',
        }),
      ),
    });
    renderAt('/blog/hello');
    expect(screen.getByText('Loading post...')).toBeInTheDocument();
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello <b>there</b>');
    expect(screen.getByText('By Ada')).toBeInTheDocument();
    expect(screen.getByText('41 views')).toBeInTheDocument();
    expect(screen.getByText('Guides')).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(article.querySelector('strong')).toHaveTextContent('bold');
    expect(article.querySelector('ul > li')).toHaveTextContent('item');
    expect(within(article).getByRole('link', { name: 'link' })).toHaveAttribute('href', 'https://example.com');
    expect(article.querySelector('script, [onerror], img[src="x"]')).toBeNull();
    expect(within(article).getByText('bad')).not.toHaveAttribute('href');
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Hello <b>there</b>');
    expect(document.head.querySelector('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  });

  it('highlights the code blocks of a post with code, from their text only', async () => {
    stubApi({
      '/api/blog/code': json(
        post(4, {
          slug: 'code',
          content:
            '<p>Example:</p><pre data-language="javascript">const greeting = "&lt;script&gt;window.__xss=3&lt;/script&gt;";\n</pre><pre data-language="plain">plain text</pre>',
        }),
      ),
    });
    renderAt('/blog/code');
    await settle();
    const article = screen.getByRole('article');
    const [code, plain] = article.querySelectorAll('pre');
    await waitFor(() => expect(code).toHaveClass('hljs'));
    expect(highlighter.loads).toBe(1);
    expect(code?.querySelector('.hljs-keyword')).toHaveTextContent('const');
    expect(code?.querySelector('.hljs-string')).toHaveTextContent('"<script>window.__xss=3</script>"');
    expect(article.querySelector('script')).toBeNull();
    expect((window as { __xss?: number }).__xss).toBeUndefined();
    expect(plain).not.toHaveClass('hljs');
    expect(plain?.innerHTML).toBe('plain text');
  });

  it.each([
    ['no code', '<p>Hello <code>inline()</code></p>'],
    ['an empty body', ''],
  ])('never fetches the highlighter for a post with %s', async (_name, content) => {
    stubApi({ '/api/blog/prose': json(post(5, { slug: 'prose', content })) });
    renderAt('/blog/prose');
    await settle();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Post 5');
    expect(highlighter.loads).toBe(0);
  });

  it.each([
    ['404', json({ error: 'Blog post not found' }, 404), 'Blog post not found'],
    ['no answer', networkDown, 'Failed to load blog post'],
  ])('%s → %s', async (_name, answer, heading) => {
    stubApi({ '/api/blog/gone': answer });
    renderAt('/blog/gone');
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toBeInTheDocument();
  });

  it('shows an admin their draft, and falls back to the visitor view when the token is refused', async () => {
    localStorage.setItem(ADMIN_TOKEN_KEY, 'expired.token.value');
    let asked = 0;
    const calls = stubApi({
      '/api/blog/draft': () => {
        asked += 1;
        return asked === 1
          ? Response.json({ error: 'Unauthorized' }, { status: 401 })
          : Response.json({ error: 'Blog post not found' }, { status: 404 });
      },
    });
    renderAt('/blog/draft');
    await settle();
    expect(calls.map((call) => call.auth)).toEqual(['Bearer expired.token.value', null]);
    expect(screen.getByRole('heading', { level: 1, name: 'Blog post not found' })).toBeInTheDocument();
  });
});
