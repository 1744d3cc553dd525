import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { BLOG_LIMITS, BLOG_MESSAGES, SHORTLINK_MESSAGES, type BlogPost } from '@toolvault/shared';
import { BAD_AUTH, blogSetup, POST, summaryOf } from './blog-fixtures';
import { ADMIN_PASSWORD } from './helpers';

const { postRequired, invalidSlug, postNotFound, postSlugTaken, categoryNotFound } = BLOG_MESSAGES;

describe('POST /api/blog', () => {
  it('creates a post with the defaults and answers it in full', async () => {
    const { app, auth } = blogSetup();
    const res = await request(app).post('/api/blog').set(auth()).send(POST);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: 1,
      slug: 'hello',
      title: 'Hello',
      author: 'Admin',
      category_id: null,
      category_name: null,
      cover_image: '',
      content: '<p>Hello <strong>world</strong></p>',
      tags: '[]',
      published: false,
      view_count: 0,
      created_at: '2025-03-15T12:00:00.000Z',
      updated_at: '2025-03-15T12:00:00.000Z',
      // A signed-in caller sees who wrote it: the test session is the Owner's.
      authored_by: { id: 1, name: 'Owner' },
      updated_by: null,
    } satisfies BlogPost);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('stores every field, trimmed, with tags sent as a list and returned as a JSON string', async () => {
    const { app, auth, createCategory } = blogSetup();
    const category = await createCategory();
    const res = await request(app)
      .post('/api/blog')
      .set(auth())
      .send({
        title: '  My Post  ',
        slug: ' my-post ',
        content: '<h2>Intro</h2><p>Text</p>',
        cover_image: 'https://images.example/cover.png',
        author: ' Jane Doe ',
        tags: [' security ', '', 'xss', '   '],
        category_id: category.id,
        published: true,
      });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'My Post',
      slug: 'my-post',
      content: '<h2>Intro</h2><p>Text</p>',
      cover_image: 'https://images.example/cover.png',
      author: 'Jane Doe',
      tags: '["security","xss"]',
      category_id: category.id,
      category_name: 'Tech News',
      published: true,
    });
    expect(typeof res.body.tags).toBe('string');
    expect(JSON.parse(res.body.tags)).toEqual(['security', 'xss']);
  });

  it('sanitizes the content before storing it', async () => {
    const { app, auth, database } = blogSetup();
    const res = await request(app)
      .post('/api/blog')
      .set(auth())
      .send({ ...POST, content: '<p onclick="alert(1)">Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(res.status).toBe(201);
    expect(res.body.content).toBe('<p>Hi</p><img>');
    const stored = database.sqlite!.prepare<[], { content: string }>('SELECT content FROM blog_posts').get();
    expect(stored?.content).toBe('<p>Hi</p><img>');
  });

  it.each(['<script>alert(1)</script>', '<iframe src="https://evil.example"></iframe>', '<style>p{}</style>  '])(
    'refuses content that is empty once sanitized (%s), on create and update, writing nothing',
    async (content) => {
      const { app, auth, adminList, createPost } = blogSetup();
      const created = await request(app)
        .post('/api/blog')
        .set(auth())
        .send({ ...POST, content });
      expect(created.status).toBe(400);
      expect(created.body.code).toBe('POST_CONTENT_UNSAFE');
      expect(await adminList()).toEqual([]);
      const post = await createPost();
      const updated = await request(app)
        .put(`/api/blog/posts/${post.id}`)
        .set(auth())
        .send({ ...POST, content });
      expect(updated.status).toBe(400);
      expect((await request(app).get(`/api/blog/${post.slug}`).set(auth())).body.content).toBe(post.content);
    },
  );

  it('accepts content at its 200 000 character cap (a body above the app-wide 100 kB limit)', async () => {
    const { app, auth } = blogSetup();
    const content = `<p>${'x'.repeat(BLOG_LIMITS.content - 7)}</p>`;
    expect(content).toHaveLength(BLOG_LIMITS.content);
    const res = await request(app)
      .post('/api/blog')
      .set(auth())
      .send({ ...POST, content });
    expect(res.status).toBe(201);
    expect(res.body.content).toBe(content);
  });

  it('refuses a body above 1 MB with 413', async () => {
    const { app, auth } = blogSetup();
    const res = await request(app)
      .post('/api/blog')
      .set(auth())
      .send({ ...POST, content: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 409 for a slug that is taken, and writes nothing', async () => {
    const { app, auth, createPost, adminList } = blogSetup();
    await createPost();
    const res = await request(app)
      .post('/api/blog')
      .set(auth())
      .send({ ...POST, title: 'Other' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: postSlugTaken, code: 'POST_SLUG_TAKEN' });
    expect(await adminList()).toHaveLength(1);
  });

  it('answers 400 for a category_id that names no category, and writes nothing', async () => {
    const { app, auth, adminList } = blogSetup();
    const res = await request(app)
      .post('/api/blog')
      .set(auth())
      .send({ ...POST, category_id: 99 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: categoryNotFound, code: 'UNKNOWN_CATEGORY' });
    expect(await adminList()).toEqual([]);
  });
});

/** Every validation message of the post body, as the API answers it (400, code VALIDATION). */
const INVALID_POSTS: [label: string, body: unknown, message: string][] = [
  ['an empty body', {}, postRequired],
  ['a list instead of an object', [], postRequired],
  ['a blank title', { ...POST, title: '   ' }, postRequired],
  ['no slug', { title: 'x', content: 'y' }, postRequired],
  ['blank content', { ...POST, content: ' \n\t ' }, postRequired],
  ['blank content and a bad slug', { ...POST, slug: 'Bad Slug', content: '' }, postRequired],
  ['a slug with spaces and capitals', { ...POST, slug: 'Bad Slug' }, invalidSlug],
  ['a slug with a slash', { ...POST, slug: 'a/b' }, invalidSlug],
  ['a slug with a trailing hyphen', { ...POST, slug: 'a-' }, invalidSlug],
  ['a title too long', { ...POST, title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
  ['a slug too long', { ...POST, slug: 'a'.repeat(121) }, 'Slug must be at most 120 characters'],
  ['content too long', { ...POST, content: 'x'.repeat(200_001) }, 'Content must be at most 200000 characters'],
  ['a javascript: cover', { ...POST, cover_image: 'javascript:alert(1)' }, SHORTLINK_MESSAGES.invalidUrl],
  ['a data: cover', { ...POST, cover_image: 'data:image/png;base64,AAAA' }, SHORTLINK_MESSAGES.invalidUrl],
  ['a relative cover', { ...POST, cover_image: '/cover.png' }, SHORTLINK_MESSAGES.invalidUrl],
  ['a cover with credentials', { ...POST, cover_image: 'https://u:p@x.example/' }, SHORTLINK_MESSAGES.credentialsInUrl],
  [
    'a cover too long',
    { ...POST, cover_image: `https://x.example/${'a'.repeat(2048)}` },
    'Cover image URL must be at most 2048 characters',
  ],
  ['an author too long', { ...POST, author: 'a'.repeat(101) }, 'Author must be at most 100 characters'],
  ['tags as comma text', { ...POST, tags: 'a, b' }, 'Tags must be a list of text'],
  ['a tag that is not text', { ...POST, tags: ['a', 2] }, 'Each tag must be text'],
  ['a tag too long', { ...POST, tags: ['a'.repeat(51)] }, 'Each tag must be at most 50 characters'],
  ['21 tags', { ...POST, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'At most 20 tags are allowed'],
  ['a category id as text', { ...POST, category_id: '1' }, 'Category must be a category id or null'],
  ['a fractional category id', { ...POST, category_id: 1.5 }, 'Category must be a category id or null'],
  ['a negative category id', { ...POST, category_id: -1 }, 'Category must be a category id or null'],
  ['published as text', { ...POST, published: 'true' }, 'Published must be true or false'],
];

describe('post validation', () => {
  it.each(INVALID_POSTS)('POST with %s → 400 %j', async (_label, body, message) => {
    const { app, auth, adminList } = blogSetup();
    const res = await request(app)
      .post('/api/blog')
      .set(auth())
      .send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION' });
    expect(await adminList()).toEqual([]);
  });

  it.each(INVALID_POSTS)('PUT with %s → 400 %j', async (_label, body, message) => {
    const { app, auth, createPost } = blogSetup();
    const post = await createPost();
    const res = await request(app)
      .put(`/api/blog/posts/${post.id}`)
      .set(auth())
      .send(body as object);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('answers malformed JSON with 400', async () => {
    const { app, auth } = blogSetup();
    const res = await request(app).post('/api/blog').set(auth()).type('json').send('{"title":');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('MALFORMED_JSON');
  });

  it.each(['0', '-1', 'abc', '1.5', '01'])('PUT and DELETE /api/blog/posts/%s → 400', async (id) => {
    const { app, auth } = blogSetup();
    const put = await request(app).put(`/api/blog/posts/${id}`).set(auth()).send(POST);
    const del = await request(app).delete(`/api/blog/posts/${id}`).set(auth());
    for (const res of [put, del]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Post id must be a positive integer', code: 'VALIDATION' });
    }
  });
});

describe('PUT /api/blog/posts/:id', () => {
  it('replaces the fields, keeps created_at and view_count, and moves updated_at', async () => {
    const { app, auth, time, createPost, createCategory } = blogSetup();
    const category = await createCategory();
    const post = await createPost({ published: true });
    await request(app).get('/api/blog/hello');
    time.advance(60_000);
    const res = await request(app)
      .put(`/api/blog/posts/${post.id}`)
      .set(auth())
      .send({
        title: 'Hello again',
        slug: 'hello-again',
        content: '<p>New <em>text</em></p>',
        tags: ['one'],
        category_id: category.id,
        published: false,
      });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...post,
      title: 'Hello again',
      slug: 'hello-again',
      content: '<p>New <em>text</em></p>',
      tags: '["one"]',
      category_id: category.id,
      category_name: 'Tech News',
      published: false,
      view_count: 1,
      updated_at: '2025-03-15T12:01:01.000Z',
      updated_by: { id: 1, name: 'Owner' },
    });
  });

  it('sanitizes the new content', async () => {
    const { app, auth, createPost } = blogSetup();
    const post = await createPost();
    const res = await request(app)
      .put(`/api/blog/posts/${post.id}`)
      .set(auth())
      .send({ ...POST, content: '<a href="javascript:alert(1)">x</a>' });
    expect(res.status).toBe(200);
    expect(res.body.content).toBe('<a>x</a>');
  });

  it('keeps its own slug, and answers 409 for the slug of another post', async () => {
    const { app, auth, createPost } = blogSetup();
    const first = await createPost();
    await createPost({ slug: 'second' });
    const same = await request(app)
      .put(`/api/blog/posts/${first.id}`)
      .set(auth())
      .send({ ...POST, title: 'Renamed' });
    expect(same.status).toBe(200);
    const taken = await request(app)
      .put(`/api/blog/posts/${first.id}`)
      .set(auth())
      .send({ ...POST, slug: 'second' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: postSlugTaken, code: 'POST_SLUG_TAKEN' });
  });

  it('answers 400 for an unknown category, and 404 for an unknown post', async () => {
    const { app, auth, createPost } = blogSetup();
    const post = await createPost();
    const unknownCategory = await request(app)
      .put(`/api/blog/posts/${post.id}`)
      .set(auth())
      .send({ ...POST, category_id: 42 });
    expect(unknownCategory.status).toBe(400);
    expect(unknownCategory.body).toEqual({ error: categoryNotFound, code: 'UNKNOWN_CATEGORY' });
    for (const body of [POST, { ...POST, category_id: 42 }]) {
      const unknownPost = await request(app).put('/api/blog/posts/999').set(auth()).send(body);
      expect(unknownPost.status).toBe(404);
      expect(unknownPost.body).toEqual({ error: postNotFound, code: 'BLOG_POST_NOT_FOUND' });
    }
  });
});

describe('DELETE /api/blog/posts/:id', () => {
  it('deletes with 204, then answers 404', async () => {
    const { app, auth, createPost, adminList } = blogSetup();
    const post = await createPost({ published: true });
    const res = await request(app).delete(`/api/blog/posts/${post.id}`).set(auth());
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await adminList()).toEqual([]);
    expect((await request(app).get('/api/blog/hello')).status).toBe(404);
    const again = await request(app).delete(`/api/blog/posts/${post.id}`).set(auth());
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: postNotFound, code: 'BLOG_POST_NOT_FOUND' });
  });
});

describe('admin routes need a valid token', () => {
  const routes: [method: 'post' | 'put' | 'delete', path: string][] = [
    ['post', '/api/blog'],
    ['put', '/api/blog/posts/1'],
    ['delete', '/api/blog/posts/1'],
  ];

  describe.each(routes)('%s %s', (method, path) => {
    it.each(BAD_AUTH)('→ 401 with %s, and changes nothing', async (_label, header) => {
      const { app, createPost, adminList } = blogSetup();
      const post = await createPost({ published: true });
      const call = request(app)[method](path);
      if (header) call.set('Authorization', header());
      const res = await call.send({ ...POST, slug: 'changed', title: 'Changed' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(await adminList()).toEqual([summaryOf(post)]);
    });

    it('checks the token before the body and the id', async () => {
      const { app } = blogSetup();
      const res = await request(app)[method](path.replace('1', 'abc')).send({});
      expect(res.status).toBe(401);
    });
  });

  it('accepts the token of POST /api/admin/login', async () => {
    const { app } = blogSetup();
    const login = await request(app).post('/api/admin/login').send({ password: ADMIN_PASSWORD });
    const res = await request(app).post('/api/blog').set('Authorization', `Bearer ${login.body.token}`).send(POST);
    expect(res.status).toBe(201);
  });
});

describe('GET /api/blog', () => {
  it('answers an empty first page without posts', async () => {
    const { app } = blogSetup();
    const res = await request(app).get('/api/blog');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], page: 1, pageSize: 10, total: 0, pageCount: 1 });
  });

  it('lists published posts newest first for visitors, and drafts too for the admin', async () => {
    const { createPost, visitorList, adminList } = blogSetup();
    await createPost({ slug: 'old', published: true });
    await createPost({ slug: 'draft', published: false });
    await createPost({ slug: 'new', published: true });
    expect((await visitorList()).map((post) => post.slug)).toEqual(['new', 'old']);
    expect((await adminList()).map((post) => post.slug)).toEqual(['new', 'draft', 'old']);
  });

  it('never lets a shared cache mix the two views', async () => {
    const { app, auth } = blogSetup();
    const visitor = await request(app).get('/api/blog');
    const admin = await request(app).get('/api/blog').set(auth());
    expect(visitor.headers.vary).toMatch(/Authorization/);
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(admin.headers['cache-control']).toBe('private, no-store');
  });

  it('filters by category slug, with category_name on each post', async () => {
    const { createPost, createCategory, visitorList, adminList } = blogSetup();
    const tech = await createCategory();
    const other = await createCategory({ name: 'Other', slug: 'other' });
    await createPost({ slug: 'a', category_id: tech.id, published: true });
    await createPost({ slug: 'b', category_id: other.id, published: true });
    await createPost({ slug: 'c', category_id: tech.id, published: false });
    await createPost({ slug: 'd', published: true });
    const techPosts = await visitorList('?category=tech-news');
    expect(techPosts.map((post) => [post.slug, post.category_name])).toEqual([['a', 'Tech News']]);
    expect((await adminList('?category=tech-news')).map((post) => post.slug)).toEqual(['c', 'a']);
    expect(await visitorList('?category=missing')).toEqual([]);
    expect((await visitorList('?category=')).map((post) => post.slug)).toEqual(['d', 'b', 'a']);
  });

  it('answers 400 for a repeated category parameter', async () => {
    const { app } = blogSetup();
    const res = await request(app).get('/api/blog?category=a&category=b');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'category must be given once', code: 'VALIDATION' });
  });

  it.each(BAD_AUTH.filter(([, header]) => header !== undefined))(
    'answers 401 for %s (present but invalid: the admin is logged out)',
    async (_label, header) => {
      const { app, createPost } = blogSetup();
      await createPost({ published: true });
      const res = await request(app).get('/api/blog').set('Authorization', header!());
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
    },
  );
});

describe('GET /api/blog/:slug', () => {
  it('answers a published post to anyone', async () => {
    const { app, createPost } = blogSetup();
    const post = await createPost({ published: true, tags: ['a'] });
    const res = await request(app).get('/api/blog/hello');
    expect(res.status).toBe(200);
    // A visitor is not told who wrote or changed it (beyond the byline).
    const { authored_by: _author, updated_by: _updater, ...visible } = post;
    expect(res.body).toEqual({ ...visible, view_count: 1 });
    expect(res.body.tags).toBe('["a"]');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('hides a draft from visitors (404) and shows it to the admin', async () => {
    const { app, auth, createPost } = blogSetup();
    await createPost({ published: false });
    const visitor = await request(app).get('/api/blog/hello');
    expect(visitor.status).toBe(404);
    expect(visitor.body).toEqual({ error: postNotFound, code: 'BLOG_POST_NOT_FOUND' });
    const admin = await request(app).get('/api/blog/hello').set(auth());
    expect(admin.status).toBe(200);
    expect(admin.body.published).toBe(false);
  });

  it.each(['missing', 'HELLO', '%zz', 'hello%20', '..%2F..%2Fetc'])('answers 404 for /api/blog/%s', async (slug) => {
    const { app, createPost } = blogSetup();
    await createPost({ published: true });
    const res = await request(app).get(`/api/blog/${slug}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: postNotFound, code: 'BLOG_POST_NOT_FOUND' });
  });

  it('answers 401 for a token that is present but invalid', async () => {
    const { app, createPost } = blogSetup();
    await createPost({ published: true });
    const res = await request(app).get('/api/blog/hello').set('Authorization', 'Bearer nope');
    expect(res.status).toBe(401);
  });
});

describe('deleting a category', () => {
  it('leaves its posts, uncategorised', async () => {
    const { app, auth, createCategory, createPost, adminList } = blogSetup();
    const category = await createCategory();
    const post = await createPost({ category_id: category.id, published: true });
    expect(post.category_name).toBe('Tech News');
    expect((await request(app).delete(`/api/categories/${category.id}`).set(auth())).status).toBe(204);
    const [after] = await adminList();
    expect(after).toEqual({ ...summaryOf(post), category_id: null, category_name: null });
    expect((await request(app).get('/api/blog/hello')).body.category_id).toBeNull();
  });
});
