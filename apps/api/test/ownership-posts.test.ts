import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { BlogPost, BlogPostPage } from '@toolvault/shared';
import { POST_REFUSALS } from '../src/services/blog.service';
import { ENGINE_APP_NOW } from './engine-app';
import { ENGINES, openTestStorage } from './engines';
import { appPerTest, personSession, type SignedIn } from './people';

/*
 * Who wrote which post, and the own-only rules: an Author writes and publishes their own posts, a
 * Contributor writes their own drafts and sees only their own posts in the admin list, and a
 * post's byline is its writer's display name (Editors and above may write any).
 */

const OWNER = { id: 1, name: 'Owner' };

describe.each(ENGINES)('who wrote which post, on %s', (engine) => {
  const open = appPerTest(engine);

  const setup = async () => {
    const { app, db, owner } = await open();
    const author = await personSession(db, 'author', { now: ENGINE_APP_NOW, displayName: 'Ada Author' });
    const contributor = await personSession(db, 'contributor', {
      now: ENGINE_APP_NOW,
      displayName: 'Cleo Contributor',
    });
    const editor = await personSession(db, 'editor', { now: ENGINE_APP_NOW, displayName: 'Eddie Editor' });
    const body = (slug: string, extra: Record<string, unknown> = {}) => ({
      title: `Post ${slug}`,
      slug,
      content: '<p>Hello</p>',
      ...extra,
    });
    const create = (who: SignedIn, slug: string, extra: Record<string, unknown> = {}) =>
      request(app).post('/api/blog').set(who.auth).send(body(slug, extra));
    const created = async (who: SignedIn, slug: string, extra: Record<string, unknown> = {}) => {
      const res = await create(who, slug, extra);
      expect(res.status).toBe(201);
      return res.body as BlogPost;
    };
    const update = (who: SignedIn, post: BlogPost, extra: Record<string, unknown> = {}) =>
      request(app).put(`/api/blog/posts/${post.id}`).set(who.auth).send(body(post.slug, extra));
    const remove = (who: SignedIn, post: BlogPost) => request(app).delete(`/api/blog/posts/${post.id}`).set(who.auth);
    const list = (who: SignedIn | null, query: Record<string, string> = {}) => {
      const call = request(app)
        .get('/api/blog')
        .query({ limit: '50', ...query });
      return who ? call.set(who.auth) : call;
    };
    const slugs = (res: request.Response) => (res.body as BlogPostPage).items.map((post) => post.slug).sort();
    return { app, db, owner, author, contributor, editor, create, created, update, remove, list, slugs };
  };

  const refused = (res: request.Response, message: string) => {
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: message, code: 'FORBIDDEN' });
  };

  it('makes the byline the display name of an Author or Contributor, and takes an Editor’s own', async () => {
    const { author, contributor, editor, owner, created } = await setup();
    const byAuthor = await created(author, 'a', { author: 'Somebody Famous', published: true });
    expect(byAuthor).toMatchObject({
      author: 'Ada Author',
      published: true,
      authored_by: { id: author.userId, name: 'Ada Author' },
      updated_by: null,
    });
    expect((await created(contributor, 'c', { author: 'Somebody Famous' })).author).toBe('Cleo Contributor');
    const byEditor = await created(editor, 'e', { author: 'Guest Writer' });
    expect(byEditor).toMatchObject({ author: 'Guest Writer', authored_by: { id: editor.userId } });
    expect((await created(owner, 'o', { author: 'The Team' })).authored_by).toEqual(OWNER);
  });

  it('records who changed a post last, and keeps the byline of an Author their display name', async () => {
    const { author, editor, owner, created, update, list } = await setup();
    const post = await created(author, 'a');
    const mine = await update(author, post, { author: 'Not me', title: 'Renamed' });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ author: 'Ada Author', title: 'Renamed', updated_by: { id: author.userId } });
    const edited = await update(editor, post, { author: 'Edited byline' });
    expect(edited.body).toMatchObject({
      author: 'Edited byline',
      authored_by: { id: author.userId, name: 'Ada Author' },
      updated_by: { id: editor.userId, name: 'Eddie Editor' },
    });
    const [listed] = (await list(owner)).body.items as BlogPost[];
    expect(listed).toMatchObject({ authored_by: { id: author.userId }, updated_by: { id: editor.userId } });
  });

  it('lets an Author publish their own posts but not change or delete another’s', async () => {
    const { author, owner, created, update, remove, app } = await setup();
    const theirs = await created(owner, 'owners-post', { published: true });
    refused(await update(author, theirs, { title: 'Taken over' }), POST_REFUSALS.NOT_YOUR_POST);
    refused(await remove(author, theirs), POST_REFUSALS.NOT_YOUR_POST);
    const kept = await request(app).get('/api/blog/owners-post?edit=1').set(owner.auth);
    expect(kept.body).toMatchObject({ title: 'Post owners-post', updated_by: null });

    const mine = await created(author, 'mine');
    expect((await update(author, mine, { published: true })).body.published).toBe(true);
    expect((await remove(author, mine)).status).toBe(204);
    expect((await remove(author, mine)).status).toBe(404);
  });

  it('keeps a Contributor to their own drafts: no publishing, no published post, nobody else’s', async () => {
    const { contributor, editor, owner, create, created, update, remove } = await setup();
    refused(await create(contributor, 'published', { published: true }), POST_REFUSALS.PUBLISH_NOT_ALLOWED);
    const draft = await created(contributor, 'draft');
    refused(await update(contributor, draft, { published: true }), POST_REFUSALS.PUBLISH_NOT_ALLOWED);
    const saved = await update(contributor, draft, { title: 'Better title' });
    expect(saved.body).toMatchObject({
      title: 'Better title',
      published: false,
      updated_by: { id: contributor.userId },
    });

    const theirs = await created(owner, 'owners-draft');
    refused(await update(contributor, theirs), POST_REFUSALS.NOT_YOUR_POST);
    refused(await remove(contributor, theirs), POST_REFUSALS.NOT_YOUR_POST);

    // Once an Editor has published it, the post is no longer the Contributor's to change.
    expect((await update(editor, draft, { published: true })).status).toBe(200);
    refused(await update(contributor, draft, { published: false }), POST_REFUSALS.POST_PUBLISHED);
    refused(await remove(contributor, draft), POST_REFUSALS.POST_PUBLISHED);
    const another = await created(contributor, 'another');
    expect((await remove(contributor, another)).status).toBe(204);
  });

  it('shows a Contributor only their own posts in the admin list; the visitors’ view stays as it was', async () => {
    const { contributor, author, owner, created, update, list, slugs, app } = await setup();
    await created(owner, 'owner-published', { published: true });
    await created(owner, 'owner-draft');
    await created(contributor, 'contributor-draft');
    const published = await created(contributor, 'contributor-published');
    await update(owner, published, { published: true });

    const own = await list(contributor);
    expect(own.status).toBe(200);
    expect(slugs(own)).toEqual(['contributor-draft', 'contributor-published']);
    expect((own.body as BlogPostPage).total).toBe(2);
    expect(slugs(await list(contributor, { author: 'me' }))).toEqual(['contributor-draft', 'contributor-published']);
    refused(await list(contributor, { author: '1' }), POST_REFUSALS.NOT_YOUR_POSTS);

    // An Author reads every post, drafts too; filters narrow it.
    expect(slugs(await list(author))).toHaveLength(4);
    expect(slugs(await list(owner, { author: String(contributor.userId) }))).toEqual([
      'contributor-draft',
      'contributor-published',
    ]);
    expect(slugs(await list(owner, { author: 'me' }))).toEqual(['owner-draft', 'owner-published']);
    expect(slugs(await list(owner, { author: '99999' }))).toEqual([]);

    const visitors = await list(null);
    expect(slugs(visitors)).toEqual(['contributor-published', 'owner-published']);
    for (const post of (visitors.body as BlogPostPage).items) {
      expect(post).not.toHaveProperty('authored_by');
      expect(post).not.toHaveProperty('updated_by');
    }
    const filtered = await list(null, { author: '1' });
    expect(filtered.status).toBe(401);
    expect(filtered.body.code).toBe('UNAUTHORIZED');

    // Reading one post: their own drafts, and what a visitor may read; never another's draft.
    expect((await request(app).get('/api/blog/contributor-draft').set(contributor.auth)).status).toBe(200);
    expect((await request(app).get('/api/blog/owner-draft').set(contributor.auth)).status).toBe(404);
    expect((await request(app).get('/api/blog/owner-published').set(contributor.auth)).status).toBe(200);
    const visitorRead = await request(app).get('/api/blog/owner-published');
    expect(visitorRead.body).not.toHaveProperty('authored_by');
  });

  it.each([
    ['a word', 'someone'],
    ['zero', '0'],
    ['too many digits', '12345678901'],
  ])('refuses %s as the author filter (400)', async (_name, value) => {
    const { owner, list } = await setup();
    const res = await list(owner, { author: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "author must be a person's id or me", code: 'VALIDATION' });
  });

  it('keeps a Viewer to reading', async () => {
    const { db, owner, created, create, update, remove, list, slugs } = await setup();
    const post = await created(owner, 'p');
    const viewer = await personSession(db, 'viewer', { now: ENGINE_APP_NOW });
    expect(slugs(await list(viewer))).toEqual(['p']);
    expect((await create(viewer, 'v')).status).toBe(403);
    expect((await update(viewer, post)).status).toBe(403);
    expect((await remove(viewer, post)).status).toBe(403);
  });
});

describe('the list of one person’s posts', () => {
  it.each([
    ['newest', 'created_at DESC, id DESC'],
    ['popular', 'view_count DESC, id DESC'],
  ])('sorted by %s, reads the (author_id, created_at, id) index', async (_sort, order) => {
    const test = await openTestStorage('sqlite');
    try {
      const plan = test.storage
        .sqlite!.prepare(`EXPLAIN QUERY PLAN SELECT id FROM blog_posts WHERE author_id = 2 ORDER BY ${order} LIMIT 20`)
        .all() as { detail: string }[];
      expect(plan.map((row) => row.detail).join('\n')).toContain('blog_posts_author_created_at');
    } finally {
      await test.close();
    }
  });
});
