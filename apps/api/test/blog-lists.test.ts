import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOG_PAGE_MAX, BLOG_SEARCH_MAX, type BlogPostPage, type ContactMessagePage } from '@toolvault/shared';
import type { Repositories } from '../src/db';
import type { NewBlogPost } from '../src/db/blog-posts.repo';
import { BAD_AUTH, blogSetup } from './blog-fixtures';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { ADMIN_PASSWORD, buildApp } from './helpers';

const slugs = (page: BlogPostPage) => page.items.map((post) => post.slug);

describe('GET /api/blog pages', () => {
  // 26 posts through the sanitizer's own process, which starts with the first: slow on a busy machine.
  it(
    'splits the published posts into numbered pages, newest first, with no post twice or missing',
    { timeout: 30_000 },
    async () => {
      const { app, createPost } = blogSetup();
      for (let i = 1; i <= 25; i += 1) await createPost({ slug: `p-${i}`, published: true });
      await createPost({ slug: 'draft', published: false });
      const pages: BlogPostPage[] = [];
      for (const page of [1, 2, 3, 4]) pages.push((await request(app).get(`/api/blog?page=${page}&limit=10`)).body);
      expect(pages.map((page) => [page.page, page.pageSize, page.total, page.pageCount, page.items.length])).toEqual([
        [1, 10, 25, 3, 10],
        [2, 10, 25, 3, 10],
        [3, 10, 25, 3, 5],
        [4, 10, 25, 3, 0],
      ]);
      const all = pages.flatMap(slugs);
      expect(all).toEqual(Array.from({ length: 25 }, (_, i) => `p-${25 - i}`));
    },
  );

  it('answers summaries: an excerpt cut by the server, never the HTML', async () => {
    const { app, createPost } = blogSetup();
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    await createPost({ slug: 'long', content: `<h2>Title</h2><p>${words}</p>`, published: true });
    const [post] = (await request(app).get('/api/blog')).body.items;
    expect(post).not.toHaveProperty('content');
    expect(post.excerpt).toMatch(/^Title word0 word1 .* word\d+…$/);
    expect(post.excerpt.length).toBeLessThanOrEqual(160);
  });

  it('orders by views with sort=popular (the Popular Posts box)', async () => {
    const { app, createPost } = blogSetup();
    for (const slug of ['a', 'b', 'c']) await createPost({ slug, published: true });
    for (const [slug, views] of [
      ['b', 3],
      ['c', 1],
    ] as const) {
      for (let i = 0; i < views; i += 1) await request(app).get(`/api/blog/${slug}`);
    }
    const page = (await request(app).get('/api/blog?sort=popular&limit=2')).body as BlogPostPage;
    expect(page.items.map((post) => [post.slug, post.view_count])).toEqual([
      ['b', 3],
      ['c', 1],
    ]);
  });

  it('pages within one category and counts only its posts', async () => {
    const { app, createPost, createCategory } = blogSetup();
    const tech = await createCategory();
    for (let i = 1; i <= 4; i += 1) await createPost({ slug: `t-${i}`, category_id: tech.id, published: true });
    await createPost({ slug: 'other', published: true });
    const page = (await request(app).get('/api/blog?category=tech-news&page=2&limit=3')).body as BlogPostPage;
    expect([slugs(page), page.total, page.pageCount]).toEqual([['t-1'], 4, 2]);
    expect(page.items[0]).toMatchObject({ category_name: 'Tech News', category_slug: 'tech-news' });
  });

  it('searches titles in any case, taking % and _ literally', async () => {
    const { adminList, createPost } = blogSetup();
    await createPost({ slug: 'a', title: 'Hashing 101' });
    await createPost({ slug: 'b', title: 'Why 100% coverage lies', published: true });
    await createPost({ slug: 'c', title: 'snake_case names' });
    await createPost({ slug: 'd', title: 'Plain' });
    const titles = async (q: string) => (await adminList(`?q=${encodeURIComponent(q)}`)).map((post) => post.slug);
    expect(await titles('HASHING')).toEqual(['a']);
    expect(await titles('%')).toEqual(['b']);
    expect(await titles('_')).toEqual(['c']);
    expect(await titles('1')).toEqual(['b', 'a']);
    expect(await titles('nothing like it')).toEqual([]);
  });

  it.each([
    ['page=0', 'page must be a whole number from 1 to 10000'],
    ['page=-1', 'page must be a whole number from 1 to 10000'],
    ['page=abc', 'page must be a whole number from 1 to 10000'],
    ['page=1.5', 'page must be a whole number from 1 to 10000'],
    [`page=${BLOG_PAGE_MAX + 1}`, 'page must be a whole number from 1 to 10000'],
    ['page=1&page=2', 'page must be given once'],
    ['limit=0', 'limit must be a whole number from 1 to 50'],
    ['limit=51', 'limit must be a whole number from 1 to 50'],
    ['limit=1e3', 'limit must be a whole number from 1 to 50'],
    ['sort=oldest', 'sort must be one of: newest, popular'],
    ['sort=newest&sort=popular', 'sort must be given once'],
    ['category=Not%20A%20Slug', 'category must be one category slug'],
    [`q=${'x'.repeat(BLOG_SEARCH_MAX + 1)}`, `q must be at most ${BLOG_SEARCH_MAX} characters`],
    ['q=a&q=b', 'q must be given once'],
  ])('answers 400 for ?%s', async (query, error) => {
    const { app } = blogSetup();
    const res = await request(app).get(`/api/blog?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'VALIDATION' });
  });

  it('shows drafts to the admin only', async () => {
    const { createPost, adminList, visitorList } = blogSetup();
    await createPost({ slug: 'draft' });
    expect((await adminList()).map((post) => post.slug)).toEqual(['draft']);
    expect(await visitorList()).toEqual([]);
  });

  it('writes the excerpt of a post stored before excerpts existed, once', async () => {
    const { app, createPost, database } = blogSetup();
    await createPost({ slug: 'old', content: '<p>Stored <em>before</em></p>', published: true });
    database.sqlite!.prepare('UPDATE blog_posts SET excerpt = NULL').run();
    expect((await request(app).get('/api/blog')).body.items[0].excerpt).toBe('Stored before');
    expect(database.sqlite!.prepare('SELECT excerpt FROM blog_posts').pluck().get()).toBe('Stored before');
  });
});

describe('GET /api/blog/:slug?edit=1', () => {
  it('loads a post into the admin editor without counting a view; visitors are counted as ever', async () => {
    const { app, auth, createPost } = blogSetup();
    await createPost({ slug: 'p', published: true });
    const editing = await request(app).get('/api/blog/p?edit=1').set(auth());
    expect(editing.body).toMatchObject({ content: '<p>Hello <strong>world</strong></p>', view_count: 0 });
    expect((await request(app).get('/api/blog/p?edit=1')).body.view_count).toBe(1);
  });
});

describe('the post lists read indexes, not rows', () => {
  it.each([
    ['newest', 'blog_posts_published_created_at', ''],
    ['popular', 'blog_posts_published_view_count', ''],
    ['newest', 'blog_posts_category_created_at', 'tech'],
  ])('sort=%s uses %s', (sort, index, category) => {
    const { database } = blogSetup();
    const order = sort === 'popular' ? 'view_count DESC, id DESC' : 'created_at DESC, id DESC';
    const where = category ? 'category_id = 1 AND published = 1' : 'published = 1';
    const plan = database
      .sqlite!.prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM blog_posts WHERE ${where} ORDER BY ${order} LIMIT 10 OFFSET 1990`,
      )
      .all() as { detail: string }[];
    const details = plan.map((row) => row.detail).join('\n');
    expect(details).toContain(`USING COVERING INDEX ${index}`);
    expect(details).not.toContain('TEMP B-TREE');
  });
});

describe.each(ENGINES)('post and inbox pages on %s', (engine) => {
  let opened: TestStorage | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
  const open = async (): Promise<Repositories> => {
    opened = await openTestStorage(engine);
    return opened.db;
  };
  const post = (i: number, patch: Partial<NewBlogPost> = {}): NewBlogPost => ({
    title: `Post ${i}`,
    slug: `post-${i}`,
    content: `<p>${i}</p>`,
    excerpt: `${i}`,
    cover_image: '',
    author: 'A',
    tags: [],
    category_id: null,
    published: true,
    createdAt: `2025-01-01T00:00:${String(i).padStart(2, '0')}.000Z`,
    ...patch,
  });

  it('pages posts newest first, ties broken by id, and counts them', async () => {
    const db = await open();
    for (let i = 1; i <= 7; i += 1) await db.blogPosts.insert(post(i, i > 5 ? { createdAt: post(5).createdAt } : {}));
    const page = (offset: number) => db.blogPosts.page({ includeDrafts: false, sort: 'newest', offset, limit: 3 });
    const first = await page(0);
    expect(first.total).toBe(7);
    expect(first.items.map((item) => item.slug)).toEqual(['post-7', 'post-6', 'post-5']);
    expect((await page(3)).items.map((item) => item.slug)).toEqual(['post-4', 'post-3', 'post-2']);
    expect((await page(6)).items.map((item) => item.slug)).toEqual(['post-1']);
    expect(first.items[0]).toMatchObject({ excerpt: '7', category_slug: null });
  });

  it('searches titles with LIKE wildcards escaped', async () => {
    const db = await open();
    await db.blogPosts.insert(post(1, { title: '100% Sure' }));
    await db.blogPosts.insert(post(2, { title: 'a\\b' }));
    await db.blogPosts.insert(post(3, { title: 'Other' }));
    const search = async (titleContains: string) =>
      (await db.blogPosts.page({ includeDrafts: true, sort: 'newest', offset: 0, limit: 10, titleContains })).items.map(
        (item) => item.slug,
      );
    expect(await search('% sure')).toEqual(['post-1']);
    expect(await search('\\')).toEqual(['post-2']);
    expect(await search('_')).toEqual([]);
  });

  it('pages the inbox newest first by keyset, unshaken by a message arriving between pages', async () => {
    const db = await open();
    const message = { name: 'A', email: 'a@example.com', subject: 's', message: 'm' };
    for (let i = 1; i <= 5; i += 1) {
      await db.contact.insert({ ...message, subject: `s${i}` }, new Date(Date.UTC(2030, 0, 1, 0, 0, i % 3)));
    }
    const first = await db.contact.page({ limit: 2 });
    expect(first.total).toBe(5);
    await db.contact.insert({ ...message, subject: 'new' }, new Date(Date.UTC(2031, 0, 1)));
    const last = first.items.at(-1)!;
    const second = await db.contact.page({ after: { createdAt: last.createdAt, id: last.id }, limit: 10 });
    const subjects = [...first.items, ...second.items].map((item) => item.subject);
    // Seconds 2, 2, 1, 1, 0 (i % 3): newest first, and within one second the higher id first.
    expect(subjects).toEqual(['s5', 's2', 's4', 's1', 's3']);
  });
});

describe('GET /api/contact pages', () => {
  const login = async (app: ReturnType<typeof buildApp>['app']) =>
    `Bearer ${(await request(app).post('/api/admin/login').send({ password: ADMIN_PASSWORD })).body.token}`;

  it('walks every message once, newest first, following nextCursor', async () => {
    const { app, db } = buildApp();
    const message = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };
    for (let i = 1; i <= 7; i += 1)
      await db.contact.insert({ ...message, subject: `m${i}` }, new Date(Date.UTC(2030, 0, 1, 0, 0, i)));
    const token = await login(app);
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const res = await request(app)
        .get(`/api/contact?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        .set('Authorization', token);
      expect(res.status).toBe(200);
      const page = res.body as ContactMessagePage;
      expect(page.total).toBe(7);
      seen.push(...page.items.map((item) => item.subject));
      cursor = page.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(['m7', 'm6', 'm5', 'm4', 'm3', 'm2', 'm1']);
  });

  it.each([
    ['cursor=abc', 'cursor must be a cursor from a previous page'],
    ['cursor=2030-01-01T00:00:00.000Z~0', 'cursor must be a cursor from a previous page'],
    ['cursor=2030-13-01T00:00:00Z~1', 'cursor must be a cursor from a previous page'],
    [`cursor=${'x'.repeat(500)}`, 'cursor must be a cursor from a previous page'],
    ['cursor=a&cursor=b', 'cursor must be a cursor from a previous page'],
    ['limit=0', 'limit must be a whole number from 1 to 100'],
    ['limit=101', 'limit must be a whole number from 1 to 100'],
    ['limit=ten', 'limit must be a whole number from 1 to 100'],
  ])('answers 400 for ?%s', async (query, error) => {
    const { app } = buildApp();
    const res = await request(app)
      .get(`/api/contact?${query}`)
      .set('Authorization', await login(app));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'VALIDATION' });
  });

  it.each(BAD_AUTH)('answers 401 with %s, before reading the query', async (_label, header) => {
    const { app } = buildApp();
    const call = request(app).get('/api/contact?limit=9999');
    if (header) call.set('Authorization', header());
    expect((await call).status).toBe(401);
  });
});
