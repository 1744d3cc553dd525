import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, apiCall, baseURL, expectAccessible, newPage, pageErrors, signedInPage } from './support';

/**
 * A team in the browser: the Owner invites an Author from the Team page, the invitee accepts the
 * one-time link and chooses a password, signs in by account, publishes a post of their own, and
 * cannot edit the Owner's post. The team's pages are checked with axe signed in.
 */

/** A unique suffix per run, so reruns against the same server never collide. */
const unique = Math.random().toString(36).slice(2, 8);
const AUTHOR_LOGIN = `author-${unique}@example.com`;
const AUTHOR_NAME = `Ada ${unique}`;
const AUTHOR_PASSWORD = `a long author password ${unique}`;
const OWNER_POST = `Owner post ${unique}`;
const AUTHOR_POST = `Author post ${unique}`;

let ownerToken = '';
let ownerPostId = 0;

const api = apiCall;

/** A page signed in with `token` (a stored token means signed in), at `path`. */
async function signedIn(token: string, path: string): Promise<Page> {
  const page = await signedInPage(token);
  await page.goto(path);
  return page;
}

const postItem = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'All Posts' })
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

beforeAll(async () => {
  const login = await api<{ token: string }>('/api/admin/login', { method: 'POST', body: { password: adminPassword } });
  expect(login.status).toBe(200);
  ownerToken = login.body.token;
  const post = await api<{ id: number }>('/api/blog', {
    method: 'POST',
    token: ownerToken,
    body: { title: OWNER_POST, slug: `owner-post-${unique}`, content: '<p>By the Owner</p>', published: true },
  });
  expect(post.status).toBe(201);
  ownerPostId = post.body.id;
});

afterAll(async () => {
  await api(`/api/blog/posts/${ownerPostId}`, { method: 'DELETE', token: ownerToken });
});

describe('a team in the browser', () => {
  let invitePath = '';
  let authorToken = '';

  it('the Owner invites an Author from the Team page; the link is shown once', async () => {
    const page = await signedIn(ownerToken, '/team');
    await page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await expectAccessible(page, '/team signed in');
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Author' });
    await page.getByLabel('Who it is for (optional)').fill(AUTHOR_LOGIN);
    await page.getByRole('button', { name: 'Create invitation' }).click();
    await page.getByRole('heading', { name: 'Invitation link: shown once' }).waitFor();
    const url = await page.getByRole('textbox', { name: 'Invitation link', exact: true }).inputValue();
    // The link is built on PUBLIC_URL, which this server does not set: its path is what matters.
    invitePath = new URL(url).pathname;
    expect(invitePath).toMatch(/^\/invite\/[\w-]{43}$/);
    await expectAccessible(page, '/team with a new invitation');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('the invitee opens the link, chooses a password and is signed in', async () => {
    const page = await newPage();
    await page.goto(invitePath);
    await page.getByRole('heading', { level: 1, name: 'Join the team' }).waitFor();
    await expectAccessible(page, '/invite/<token>');
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Login').fill(AUTHOR_LOGIN);
    await form.getByLabel('Display name').fill(AUTHOR_NAME);
    await form.getByLabel('Password', { exact: true }).fill(AUTHOR_PASSWORD);
    await form.getByLabel('Confirm password').fill(AUTHOR_PASSWORD);
    await form.getByRole('button', { name: 'Create account and sign in' }).click();
    await page.waitForURL(`${baseURL}/blog-admin`);
    await page.getByRole('heading', { level: 1, name: 'Blog Admin' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    // The link works once.
    const again = await newPage();
    await again.goto(invitePath);
    await again.getByRole('heading', { level: 1, name: /already been used/ }).waitFor();
    await again.context().close();
  });

  it('the Author signs in by account, publishes a post of their own, and cannot edit the Owner’s', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByLabel('Account (optional)').fill(AUTHOR_LOGIN);
    await page.getByPlaceholder('Admin Password').fill(AUTHOR_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseURL}/blog-admin`);
    await page.getByRole('heading', { level: 1, name: 'Blog Admin' }).waitFor();
    authorToken = (await page.evaluate(() => localStorage.getItem('shortlinkAdminToken'))) ?? '';
    expect(authorToken).not.toBe('');

    const form = page.getByRole('form', { name: 'New Post' });
    await form.getByLabel('Title', { exact: true }).fill(AUTHOR_POST);
    await form.getByRole('button', { name: 'Generate from title' }).click();
    await form.getByRole('textbox', { name: 'Content' }).fill('Written by the Author');
    await form.getByLabel('Published').check();
    await form.getByRole('button', { name: 'Create Post' }).click();
    await postItem(page, AUTHOR_POST).waitFor();

    // Their own post: theirs to edit. The Owner's: listed, but not theirs to change.
    await postItem(page, AUTHOR_POST)
      .getByRole('button', { name: `Edit ${AUTHOR_POST}`, exact: true })
      .waitFor();
    await postItem(page, OWNER_POST).waitFor();
    expect(
      await postItem(page, OWNER_POST)
        .getByRole('button', { name: `Edit ${OWNER_POST}` })
        .count(),
    ).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    // The server refuses it too, whatever a page shows.
    const edit = await api<{ code: string }>(`/api/blog/posts/${ownerPostId}`, {
      method: 'PUT',
      token: authorToken,
      body: { title: 'Taken over', slug: `owner-post-${unique}`, content: '<p>x</p>', published: true },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.code).toBe('FORBIDDEN');

    // Published under the Author's display name.
    const visitor = await newPage();
    await visitor.goto('/blog');
    await visitor.getByRole('heading', { name: AUTHOR_POST }).first().waitFor();
    await visitor.goto(`/blog/author-post-${unique}`);
    await visitor.getByRole('heading', { level: 1, name: AUTHOR_POST }).waitFor();
    expect(await visitor.locator('main').textContent()).toContain(`By ${AUTHOR_NAME}`);
    await visitor.context().close();

    const own = await api<{ id: number }>(`/api/blog/author-post-${unique}`, { token: authorToken });
    expect(own.status).toBe(200);
    expect((await api(`/api/blog/posts/${own.body.id}`, { method: 'DELETE', token: authorToken })).status).toBe(204);
  });

  it.each(['/account', '/audit'])('%s, signed in as the Owner, has no axe violations', async (path) => {
    const page = await signedIn(ownerToken, path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page
      .locator('[aria-busy="true"]')
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await expectAccessible(page, `${path} signed in`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
