import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BLOG_MESSAGES, type Category } from '@toolvault/shared';
import { createRepositories, migrateSqlite, MIGRATIONS, openMemorySqlite, schemaVersion } from '../src/db';
import { BAD_AUTH, blogSetup, CATEGORY } from './blog-fixtures';

const { categoryRequired, invalidSlug, categoryNotFound, categorySlugTaken } = BLOG_MESSAGES;

describe('GET /api/categories', () => {
  it('answers [] without categories, and needs no token', async () => {
    const { app } = blogSetup();
    const res = await request(app).get('/api/categories');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('lists by name, case-insensitively', async () => {
    const { app, createCategory } = blogSetup();
    await createCategory({ name: 'zeta', slug: 'zeta' });
    await createCategory({ name: 'Alpha', slug: 'alpha' });
    await createCategory({ name: 'beta', slug: 'beta' });
    const res = await request(app).get('/api/categories');
    expect((res.body as Category[]).map((category) => category.name)).toEqual(['Alpha', 'beta', 'zeta']);
  });
});

describe('POST /api/categories', () => {
  it('creates a category and answers it', async () => {
    const { app, auth } = blogSetup();
    const res = await request(app).post('/api/categories').set(auth()).send(CATEGORY);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 1, name: 'Tech News', slug: 'tech-news', description: 'Everything new' });
    expect((await request(app).get('/api/categories')).body).toEqual([res.body]);
  });

  it('trims name and slug, and defaults the description to ""', async () => {
    const { app, auth } = blogSetup();
    const res = await request(app).post('/api/categories').set(auth()).send({ name: '  News ', slug: ' news ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: 1, name: 'News', slug: 'news', description: '' });
  });

  it('answers 409 for a slug that is taken', async () => {
    const { app, auth, createCategory } = blogSetup();
    await createCategory();
    const res = await request(app)
      .post('/api/categories')
      .set(auth())
      .send({ ...CATEGORY, name: 'Another' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: categorySlugTaken, code: 'CATEGORY_SLUG_TAKEN' });
    expect((await request(app).get('/api/categories')).body).toHaveLength(1);
  });
});

const INVALID_CATEGORIES: [label: string, body: unknown, message: string][] = [
  ['an empty body', {}, categoryRequired],
  ['a list instead of an object', [], categoryRequired],
  ['a blank name', { name: '  ', slug: 'news' }, categoryRequired],
  ['a blank slug', { name: 'News', slug: ' ' }, categoryRequired],
  ['no slug', { name: 'News' }, categoryRequired],
  ['a name that is not text', { name: 5, slug: 'news' }, categoryRequired],
  ['a slug with spaces', { name: 'News', slug: 'tech news' }, invalidSlug],
  ['a slug with capitals', { name: 'News', slug: 'Tech-News' }, invalidSlug],
  ['a name too long', { name: 'x'.repeat(81), slug: 'news' }, 'Name must be at most 80 characters'],
  ['a slug too long', { name: 'News', slug: 'a'.repeat(81) }, 'Slug must be at most 80 characters'],
  ['a description that is not text', { ...CATEGORY, description: ['x'] }, 'Description must be text'],
  [
    'a description too long',
    { ...CATEGORY, description: 'x'.repeat(501) },
    'Description must be at most 500 characters',
  ],
];

describe('category validation', () => {
  it.each(INVALID_CATEGORIES)('POST with %s → 400 %j', async (_label, body, message) => {
    const { app, auth } = blogSetup();
    const res = await request(app)
      .post('/api/categories')
      .set(auth())
      .send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION' });
    expect((await request(app).get('/api/categories')).body).toEqual([]);
  });

  it.each(INVALID_CATEGORIES)('PUT with %s → 400 %j', async (_label, body, message) => {
    const { app, auth, createCategory } = blogSetup();
    const category = await createCategory();
    const res = await request(app)
      .put(`/api/categories/${category.id}`)
      .set(auth())
      .send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION' });
  });

  it.each(['0', 'x', '-3', '2.5'])('PUT and DELETE /api/categories/%s → 400', async (id) => {
    const { app, auth } = blogSetup();
    const put = await request(app).put(`/api/categories/${id}`).set(auth()).send(CATEGORY);
    const del = await request(app).delete(`/api/categories/${id}`).set(auth());
    for (const res of [put, del]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Category id must be a positive integer', code: 'VALIDATION' });
    }
  });
});

describe('PUT /api/categories/:id', () => {
  it('updates the category, and its posts show the new name', async () => {
    const { app, auth, createCategory, createPost } = blogSetup();
    const category = await createCategory();
    await createPost({ category_id: category.id, published: true });
    const res = await request(app)
      .put(`/api/categories/${category.id}`)
      .set(auth())
      .send({ name: 'Security', slug: 'security' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: category.id, name: 'Security', slug: 'security', description: '' });
    expect((await request(app).get('/api/blog')).body[0].category_name).toBe('Security');
  });

  it('keeps its own slug, and answers 409 for the slug of another category', async () => {
    const { app, auth, createCategory } = blogSetup();
    const first = await createCategory();
    await createCategory({ name: 'Other', slug: 'other' });
    const same = await request(app)
      .put(`/api/categories/${first.id}`)
      .set(auth())
      .send({ ...CATEGORY, name: 'Renamed' });
    expect(same.status).toBe(200);
    const taken = await request(app)
      .put(`/api/categories/${first.id}`)
      .set(auth())
      .send({ ...CATEGORY, slug: 'other' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: categorySlugTaken, code: 'CATEGORY_SLUG_TAKEN' });
  });

  it('answers 404 for an unknown category, whatever the slug', async () => {
    const { app, auth, createCategory } = blogSetup();
    await createCategory();
    for (const slug of ['fresh', 'tech-news']) {
      const res = await request(app)
        .put('/api/categories/99')
        .set(auth())
        .send({ ...CATEGORY, slug });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: categoryNotFound, code: 'CATEGORY_NOT_FOUND' });
    }
  });
});

describe('DELETE /api/categories/:id', () => {
  it('deletes with 204, then answers 404', async () => {
    const { app, auth, createCategory } = blogSetup();
    const category = await createCategory();
    const res = await request(app).delete(`/api/categories/${category.id}`).set(auth());
    expect(res.status).toBe(204);
    expect((await request(app).get('/api/categories')).body).toEqual([]);
    const again = await request(app).delete(`/api/categories/${category.id}`).set(auth());
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: categoryNotFound, code: 'CATEGORY_NOT_FOUND' });
  });

  it('never deletes posts: published and drafts alike become uncategorised', async () => {
    const { app, auth, createCategory, createPost, adminList } = blogSetup();
    const category = await createCategory();
    const kept = await createCategory({ name: 'Kept', slug: 'kept' });
    await createPost({ slug: 'one', category_id: category.id, published: true });
    await createPost({ slug: 'two', category_id: category.id, published: false });
    await createPost({ slug: 'three', category_id: kept.id, published: true });
    await request(app).delete(`/api/categories/${category.id}`).set(auth());
    const posts = await adminList();
    expect(posts.map((post) => [post.slug, post.category_id, post.category_name])).toEqual([
      ['three', kept.id, 'Kept'],
      ['two', null, null],
      ['one', null, null],
    ]);
  });
});

describe('admin routes need a valid token', () => {
  const routes: [method: 'post' | 'put' | 'delete', path: string][] = [
    ['post', '/api/categories'],
    ['put', '/api/categories/1'],
    ['delete', '/api/categories/1'],
  ];

  describe.each(routes)('%s %s', (method, path) => {
    it.each(BAD_AUTH)('→ 401 with %s, and changes nothing', async (_label, header) => {
      const { app, createCategory } = blogSetup();
      const category = await createCategory();
      const call = request(app)[method](path);
      if (header) call.set('Authorization', header());
      const res = await call.send({ name: 'Changed', slug: 'changed' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
      expect((await request(app).get('/api/categories')).body).toEqual([category]);
    });
  });
});

describe('migration 3 (categories and blog posts)', () => {
  it('upgrades a version-2 database and keeps its rows', async () => {
    const storage = openMemorySqlite();
    const db = storage.sqlite!;
    migrateSqlite(db, MIGRATIONS.slice(0, 2));
    db.prepare(
      `INSERT INTO shortlinks (short_code, target_url, title, created_at)
       VALUES ('abc123', 'https://x.example/', 'X', '2025-01-01T00:00:00.000Z')`,
    ).run();
    expect(migrateSqlite(db)).toEqual({ from: 2, to: MIGRATIONS.at(-1)!.version });
    expect(await schemaVersion(storage)).toBeGreaterThanOrEqual(3);
    expect(db.prepare('SELECT short_code FROM shortlinks').pluck().all()).toEqual(['abc123']);
    const repos = createRepositories(storage);
    expect(await repos.categories.list()).toEqual([]);
    expect(await repos.blogPosts.list({ includeDrafts: true })).toEqual([]);
  });

  it('refuses a category_id that names no category at the database level too', () => {
    const db = openMemorySqlite().sqlite!;
    migrateSqlite(db);
    const insert = db.prepare(
      `INSERT INTO blog_posts (slug, title, content, category_id, created_at, updated_at)
       VALUES ('a', 'A', 'x', 99, '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`,
    );
    expect(() => insert.run()).toThrow(/FOREIGN KEY/);
  });
});
