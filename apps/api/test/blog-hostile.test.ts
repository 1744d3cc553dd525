import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_HTML_MAX_DEPTH, BLOG_HTML_TOO_DEEP, htmlNestingDepth } from '@toolvault/shared';
import request from 'supertest';
import { createHtmlSanitizerPool, sharedHtmlSanitizerPool } from '../src/services/html-sanitizer.pool';
import { blogSetup } from './blog-fixtures';

const nested = (depth: number, tag = 'b') => `${`<${tag}>`.repeat(depth)}deep${`</${tag}>`.repeat(depth)}`;

describe('deeply nested post content', () => {
  it('is refused with 400 past the depth limit, before any parser sees it', async () => {
    const { app, auth, adminList } = blogSetup();
    for (const content of [nested(BLOG_HTML_MAX_DEPTH + 1), '<b>'.repeat(9000), '<div>'.repeat(60_000)]) {
      const res = await request(app).post('/api/blog').set(auth()).send({ title: 'x', slug: 'x', content });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION');
    }
    expect(await adminList()).toEqual([]);
  });

  it('answers the depth message for the 27 KB <b>×9000 body', async () => {
    const { app, auth } = blogSetup();
    const content = '<b>'.repeat(9000);
    expect(content.length).toBe(27_000);
    const res = await request(app).post('/api/blog').set(auth()).send({ title: 'x', slug: 'x', content });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: BLOG_HTML_TOO_DEEP, code: 'VALIDATION' });
  });

  it('accepts content exactly at the limit, and on update refuses past it', async () => {
    const { app, auth, createPost } = blogSetup();
    const post = await createPost({ content: nested(BLOG_HTML_MAX_DEPTH) });
    expect(post.content).toBe(nested(BLOG_HTML_MAX_DEPTH));
    const res = await request(app)
      .put(`/api/blog/posts/${post.id}`)
      .set(auth())
      .send({ title: 'x', slug: 'x', content: nested(BLOG_HTML_MAX_DEPTH + 1) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(BLOG_HTML_TOO_DEEP);
  });

  it('refuses markup that only the parser makes deep (re-opened formatting elements)', async () => {
    const { app, auth } = blogSetup();
    // Two runs of 150 distinct <b> elements, each closed by </div>: the tags never nest past 151, but the
    // parser re-opens every unclosed formatting element before the next one, so the text ends 300 deep.
    const bolds = (from: number) => Array.from({ length: 150 }, (_, i) => `<b class="ql-x${from + i}">`).join('');
    const content = `<div>${bolds(0)}</div><div>${bolds(150)}</div>text`;
    expect(htmlNestingDepth(content)).toBeLessThanOrEqual(BLOG_HTML_MAX_DEPTH);
    const res = await request(app).post('/api/blog').set(auth()).send({ title: 'x', slug: 'x', content });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: BLOG_HTML_TOO_DEEP, code: 'POST_CONTENT_TOO_DEEP' });
  });
});

describe('the sanitizer process', () => {
  const pool = createHtmlSanitizerPool();
  beforeAll(() => pool.ready(), 60_000);
  afterAll(() => pool.close());

  it('cleans a post and writes its excerpt', async () => {
    expect(await sharedHtmlSanitizerPool().clean('<p>Hello <script>x</script><b>world</b></p>')).toEqual({
      ok: true,
      value: { html: '<p>Hello <b>world</b></p>', excerpt: 'Hello world' },
    });
  });

  it('refuses a document past its time limit, and then serves the next one from a fresh process', async () => {
    // 25 000 flat elements: within every size and depth limit, but seconds of DOM work.
    // A 100 ms limit for this one document: far below what it needs, on any machine.
    const slow = await pool.clean('<b>x</b>'.repeat(25_000), { timeLimitMs: 100 });
    expect(slow).toEqual({ ok: false, error: 'POST_CONTENT_TOO_COMPLEX' });
    expect(await pool.clean('<p>next</p>')).toMatchObject({ ok: true, value: { html: '<p>next</p>' } });
    // Generous: the replacement process loads jsdom again.
  }, 60_000);

  it('never throws or overflows on 8,000 nested tags called directly', async () => {
    const result = await pool.clean('<b>'.repeat(8000));
    expect(result.ok).toBe(false);
  }, 60_000);

  it('refuses a document that exhausts its memory, and this process lives on', async () => {
    // 60 million characters of text in a 64 MB heap. In a worker thread with that heap limit, V8
    // ended the whole process with "heap out of memory" (9 times in 9, measured): the test runner's
    // fork, or the server, died with the document. Here only the sanitizer's process does (its
    // fatal error shows in the output), and the next document gets a fresh one.
    const small = createHtmlSanitizerPool({ maxHeapMb: 64, timeLimitMs: 60_000 });
    try {
      expect(await small.clean(`<p>${'x'.repeat(60_000_000)}</p>`)).toEqual({
        ok: false,
        error: 'POST_CONTENT_TOO_COMPLEX',
      });
      expect(await small.clean('<p>next</p>')).toMatchObject({ ok: true, value: { html: '<p>next</p>' } });
    } finally {
      await small.close();
    }
  }, 60_000);

  it('lets its callers go when its process cannot start: ready() resolves, clean() rejects', async () => {
    // jsdom does not load in 8 MB: the process ends before it is ready. Not the document's fault,
    // so no refusal: an error (a 500), and the next clean() tries a new process.
    const broken = createHtmlSanitizerPool({ maxHeapMb: 8 });
    try {
      await broken.ready();
      await expect(broken.clean('<p>x</p>')).rejects.toThrow(/ended while starting .*heap out of memory/);
      await expect(broken.clean('<p>x</p>')).rejects.toThrow(/ended while starting/);
    } finally {
      await broken.close();
    }
  }, 60_000);
});

describe('a hostile post does not hold the server', () => {
  it('GET /api/health answers while the post is being refused', async () => {
    const pool = createHtmlSanitizerPool({ timeLimitMs: 1500 });
    const { app, auth } = blogSetup({ sanitizer: pool });
    // Warm the process, so the hostile request is the only work left.
    await pool.ready();
    const server = app.listen(0);
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const order: string[] = [];
      const hostile = fetch(`${base}/api/blog`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth() },
        body: JSON.stringify({ title: 'x', slug: 'x', content: '<b>x</b>'.repeat(25_000) }),
      }).then(async (res) => {
        order.push('post');
        return { status: res.status, body: (await res.json()) as { code: string } };
      });
      for (let i = 0; i < 5; i++) {
        const health = await fetch(`${base}/api/health`);
        expect(health.status).toBe(200);
        order.push('health');
      }
      const answer = await hostile;
      // Five health checks came back while the hostile post was still being worked on, then it was refused.
      expect(order).toEqual(['health', 'health', 'health', 'health', 'health', 'post']);
      expect(answer).toEqual({ status: 400, body: expect.objectContaining({ code: 'POST_CONTENT_TOO_COMPLEX' }) });
    } finally {
      server.close();
      await pool.close();
    }
  }, 60_000);
});
