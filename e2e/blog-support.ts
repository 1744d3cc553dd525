// What the blog's browser tests share: the admin login, the API as a script sees it, and the
// locators of the admin page's forms and lists.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminPassword, baseURL, newPage } from './support';

export interface Post {
  id: number;
  slug: string;
  title: string;
  published: boolean;
  view_count: number;
}

/** A desktop browser: headless Chromium's own user agent says "HeadlessChrome", which isbot counts as a bot. */
export const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

/** The admin's token, set by logIn() before a file's tests run. */
export let token = '';

/** A crawler's user agent: its reads of a post are never counted as views. */
export const CRAWLER_UA = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

export async function api<T>(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      'User-Agent': CRAWLER_UA,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.auth === false ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A unique suffix per run, so reruns against the same server never collide. */
export const unique = () => Math.random().toString(36).slice(2, 8);

/** Fails the test if anything opens an alert/confirm/prompt (a script payload that ran). */
export function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** A page already holding the admin token (a stored token means logged in). */
export async function adminPage(options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('shortlinkAdminToken', value), token);
  await page.goto('/blog-admin');
  await page.getByRole('heading', { level: 1, name: 'Blog Admin' }).waitFor();
  return page;
}

export const postForm = (page: Page) => page.getByRole('form', { name: /^(New|Edit) Post$/ });
export const editorOf = (page: Page) => postForm(page).getByRole('textbox', { name: 'Content' });
export const adminPostItem = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'All Posts' })
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

export async function blogLoaded(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
  await page.getByText('Loading blog posts...').waitFor({ state: 'detached' });
}

/** Logs in as the admin with the suite's password (run once per file, before its tests). */
export async function logIn(): Promise<void> {
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: adminPassword }),
  });
  token = ((await login.json()) as { token: string }).token;
  expect(token).toBeTruthy();
}
