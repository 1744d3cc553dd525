// What the shortlink manager's browser tests share: the admin login, the API as a script sees it, a
// local landing page for links to point at, and the manager's tabs.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { startLanding } from './landing';
import { apiJson, ownerToken, signedInPage, type PageOptions } from './support';

export interface Shortlink {
  id: number;
  shortCode: string;
  targetUrl: string;
  title: string;
  clickCount: number;
  redirectMode: 'preview' | 'direct';
}
export interface ShortlinkPage {
  items: Shortlink[];
  nextCursor: string | null;
  total: number;
}

/** The admin's token, set by logIn() before a file's tests run. */
let token = '';
let landing: Awaited<ReturnType<typeof startLanding>> | undefined;
/** The landing page's address, set by openLanding(); the page there is titled "/landing". */
export let landingURL = '';

/** The API as the admin's script (`auth: false` for a visitor's call). */
export const api = <T>(path: string, { auth, ...init }: { method?: string; body?: unknown; auth?: boolean } = {}) =>
  apiJson<T>(path, { ...init, token: auth === false ? undefined : token });

export const createLink = (body: Record<string, unknown>) =>
  api<Shortlink>('/api/shortlinks', { method: 'POST', body: { ...body } });
/** How many links the server holds (the list is paged; its total counts them all). */
export const countLinks = async () => (await api<ShortlinkPage>('/api/shortlinks?limit=1')).total;
export const findLink = async (code: string) =>
  (await api<ShortlinkPage>(`/api/shortlinks?limit=100&q=${encodeURIComponent(code)}`)).items.find(
    (link) => link.shortCode === code,
  );

/** A unique code per run, so reruns against the same server never collide. */
export const uniqueCode = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

export const toast = (page: Page, title: string, description?: string) => {
  const match = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return (description ? match.filter({ hasText: description }) : match).first();
};

export const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
export const panel = (page: Page) => page.getByRole('tabpanel');

export async function selectTab(page: Page, name: string) {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
}

/** A page already holding the admin token (a stored token skips the gate). */
export async function adminPage(options: PageOptions = {}): Promise<Page> {
  const page = await signedInPage(token, options);
  await page.goto('/shortlink-manager');
  await tab(page, 'Overview').waitFor();
  return page;
}

/** Logs in as the admin with the suite's password (run once per file, before its tests). */
export async function logIn(): Promise<void> {
  token = await ownerToken();
}

/** Starts the local landing page (closeLanding() stops it). */
export async function openLanding(): Promise<void> {
  landing = await startLanding();
  landingURL = `${landing.origin}/landing`;
}

export const closeLanding = () => landing?.close();
