import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shortlink } from '@toolvault/shared';
import { ENGINES } from './engines';
import { engineApp, type EngineApp } from './engine-app';

/**
 * Text no form can type (control characters, unpaired surrogates) and fields a route does not take,
 * on both engines: PostgreSQL refuses U+0000 with an error of its own, which used to reach clients
 * as a 500. Every such request is refused with its own 400 code before any storage sees it.
 */

const LINK = { title: 'Docs', targetUrl: 'https://example.com/docs' };
const CONTACT = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' };
const POST = { title: 'Hello', slug: 'hello', content: '<p>Hello</p>' };
const CATEGORY = { name: 'Tech', slug: 'tech' };

type Call = [label: string, method: 'get' | 'post' | 'put', path: string, body: unknown, admin: boolean];

/** Requests that each carry one character no form types, in a body field, a path or a query parameter. */
const UNTYPABLE: Call[] = [
  ['a guest link title with NUL', 'post', '/api/shortlinks', { ...LINK, title: 'a\u0000b' }, false],
  ['an admin link description with NUL', 'post', '/api/shortlinks', { ...LINK, description: 'x\u0000' }, true],
  ['a tag with NUL', 'post', '/api/shortlinks', { ...LINK, tags: ['ok', 'b\u0000d'] }, true],
  ['a single-line title with a line feed', 'post', '/api/shortlinks', { ...LINK, title: 'a\nb' }, true],
  ['a title with an unpaired surrogate', 'post', '/api/shortlinks', { ...LINK, title: 'x\uD800y' }, true],
  ['a title with a C1 control', 'post', '/api/shortlinks', { ...LINK, title: 'x\u0085y' }, true],
  ['a link update title with NUL', 'put', '/api/shortlinks/1', { ...LINK, title: '\u0000' }, true],
  ['a contact name with NUL', 'post', '/api/contact', { ...CONTACT, name: 'A\u0000' }, false],
  ['a contact message with BEL', 'post', '/api/contact', { ...CONTACT, message: 'ding\u0007' }, false],
  ['a post title with NUL', 'post', '/api/blog', { ...POST, title: 'T\u0000' }, true],
  ['post content with NUL', 'post', '/api/blog', { ...POST, content: '<p>\u0000</p>' }, true],
  ['a post author with NUL', 'post', '/api/blog', { ...POST, author: '\u0000' }, true],
  ['a post tag with ESC', 'post', '/api/blog', { ...POST, tags: ['\u001b[31m'] }, true],
  ['a post update with NUL', 'put', '/api/blog/posts/1', { ...POST, slug: 'x\u0000' }, true],
  ['a category name with NUL', 'post', '/api/categories', { ...CATEGORY, name: 'N\u0000' }, true],
  ['a category description with NUL', 'post', '/api/categories', { ...CATEGORY, description: 'd\u0000' }, true],
  ['an admin password with NUL', 'post', '/api/admin/login', { password: 'pass\u0000word' }, false],
  ['a NUL post slug in the path', 'get', '/api/blog/%00', undefined, false],
  ['a NUL search of the blog', 'get', '/api/blog?q=%00', undefined, false],
  ['a NUL blog category', 'get', '/api/blog?category=%00', undefined, true],
  ['a NUL search of the links', 'get', '/api/shortlinks?q=%00', undefined, true],
  ['a NUL tag filter of the links', 'get', '/api/shortlinks?tag=a%00', undefined, true],
  ['a NUL short code in the lookup', 'get', '/api/shortlink/ab%00cd', undefined, false],
];

/** Bodies with a field the route does not take, and the message that names it. */
const UNKNOWN: [label: string, path: string, body: object, admin: boolean, error: string][] = [
  [
    'link rules the API does not have',
    '/api/shortlinks',
    { ...LINK, expiresAt: 'x', clickLimit: 3 },
    true,
    'Unknown fields: expiresAt, clickLimit',
  ],
  ['an admin field from a guest', '/api/shortlinks', { ...LINK, tags: ['a'] }, false, 'Unknown field: tags'],
  ['a post field the API does not have', '/api/blog', { ...POST, draft: true }, true, 'Unknown field: draft'],
  ['a category id in its body', '/api/categories', { ...CATEGORY, id: 3 }, true, 'Unknown field: id'],
  ['a contact field', '/api/contact', { ...CONTACT, phone: '1' }, false, 'Unknown field: phone'],
  ['a login field', '/api/admin/login', { password: 'x', user: 'admin' }, false, 'Unknown field: user'],
];

describe.each(ENGINES)('text no form types, and unknown fields (%s)', (engine) => {
  let built: EngineApp;
  beforeAll(async () => {
    built = await engineApp(engine);
  });
  afterAll(() => built.close());

  const send = ([, method, path, body, admin]: Call) => {
    const req = request(built.app)[method](path);
    if (admin) void req.set(built.auth);
    return body === undefined ? req : req.send(body as object);
  };

  /** What the refused requests must have left untouched. */
  const stored = async () => ({
    links: (await built.db.shortlinks.listNewestFirst(100)).length,
    messages: (await built.db.contact.listNewestFirst()).length,
    categories: (await built.db.categories.list()).length,
  });

  it.each(UNTYPABLE)('refuses %s with 400 INVALID_CHARACTERS', async (...call) => {
    const before = await stored();
    const res = await send(call);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CHARACTERS');
    expect(await stored()).toEqual(before);
  });

  it('names the field in the message', async () => {
    const res = await request(built.app)
      .post('/api/shortlinks')
      .send({ ...LINK, title: 'a\u0000' });
    expect(res.body).toEqual({
      error:
        'title: Text may not contain control characters (line breaks and tabs only in multi-line fields) or unpaired surrogates',
      code: 'INVALID_CHARACTERS',
    });
  });

  it('refuses an import whose row holds NUL, naming the row, and stores none of the rows', async () => {
    const rows = [LINK, { ...LINK, title: 'second\u0000' }];
    const res = await request(built.app).post('/api/shortlinks/import').set(built.auth).send(rows);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INVALID_CHARACTERS');
    expect(res.body.error).toMatch(/^Row 2: title: /);
    expect(await built.db.shortlinks.listNewestFirst(100)).toEqual([]);
  });

  it('answers the blog page /blog/%00 with 404, never a 500', async () => {
    const page = await request(built.app).get('/blog/%00');
    expect(page.status).toBe(404);
    expect(page.type).toBe('text/html');
  });

  it('keeps tab, line feed, emoji and accents in a multi-line field, on both engines alike', async () => {
    const description = 'Line one\n\tindented 😀 — café\r\nend';
    const res = await request(built.app)
      .post('/api/shortlinks')
      .set(built.auth)
      .send({ ...LINK, shortCode: 'multi1', title: 'Ünïcode 𝌆', description });
    expect(res.status).toBe(201);
    const read = await request(built.app).get('/api/shortlinks?q=multi1').set(built.auth);
    const [link] = read.body.items as Shortlink[];
    expect(link).toMatchObject({ title: 'Ünïcode 𝌆', description });
    await request(built.app).delete(`/api/shortlinks/${link!.id}`).set(built.auth);
  });

  it.each(UNKNOWN)('refuses %s with 400 UNKNOWN_FIELDS, naming them', async (_label, path, body, admin, error) => {
    const before = await stored();
    const req = request(built.app).post(path);
    const res = await (admin ? req.set(built.auth) : req).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'UNKNOWN_FIELDS' });
    expect(await stored()).toEqual(before);
  });

  it('refuses an import row with a field no export has, and takes the id an old export carries', async () => {
    const refused = await request(built.app)
      .post('/api/shortlinks/import')
      .set(built.auth)
      .send([{ ...LINK, clickLimit: 3 }]);
    expect(refused.body).toEqual({ error: 'Row 1: Unknown field: clickLimit', code: 'UNKNOWN_FIELDS' });
    const imported = await request(built.app)
      .post('/api/shortlinks/import')
      .set(built.auth)
      .send([{ ...LINK, id: 7, shortCode: 'old-id' }]);
    expect(imported.status).toBe(201);
    const read = await request(built.app).get('/api/shortlinks?q=old-id').set(built.auth);
    const [link] = read.body.items as Shortlink[];
    expect(link?.id).not.toBe(7);
    await request(built.app).delete(`/api/shortlinks/${link!.id}`).set(built.auth);
  });
});
