// What the blog's browser tests share: the admin login, the API as a script sees it, and the
// locators of the admin page's forms and lists.
import type { Page } from 'playwright-core';
import { apiJson, ownerToken, signedInPage, type PageOptions } from './support';

export interface Post {
  id: number;
  slug: string;
  title: string;
  published: boolean;
  view_count: number;
}

/** The admin's token, set by logIn() before a file's tests run. */
export let token = '';

/** A crawler's user agent: its reads of a post are never counted as views. */
export const CRAWLER_UA = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

/** The API as the admin's script; read as a crawler, so a script's reads are never counted as views. */
export const api = <T>(path: string, { auth, ...init }: { method?: string; body?: unknown; auth?: boolean } = {}) =>
  apiJson<T>(path, { ...init, userAgent: CRAWLER_UA, token: auth === false ? undefined : token });

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
export async function adminPage(options: PageOptions = {}): Promise<Page> {
  const page = await signedInPage(token, options);
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
  token = await ownerToken();
}
