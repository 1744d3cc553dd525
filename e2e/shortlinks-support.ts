// What the shortlink manager's browser tests share: the admin login, the API as a script sees it, a
// local landing page for links to point at, and the manager's tabs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminPassword, baseURL, newPage } from './support';
import { LANDING_HOST } from './chromium';

interface Shortlink {
  id: number;
  shortCode: string;
  targetUrl: string;
  title: string;
  clickCount: number;
  redirectMode: 'preview' | 'direct';
}
interface ShortlinkPage {
  items: Shortlink[];
  nextCursor: string | null;
  total: number;
}

/** The admin's token, set by logIn() before a file's tests run. */
let token = '';
let landing: Server;
/** The landing page's address, set by openLanding(). */
export let landingURL = '';

/** A local destination for the redirect: any path answers a page titled "Landing". */
function startLanding(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>Landing</title></head><body><h1>Landed</h1></body></html>');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function api<T>(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.auth === false ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

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
export async function adminPage(options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('shortlinkAdminToken', value), token);
  await page.goto('/shortlink-manager');
  await tab(page, 'Overview').waitFor();
  return page;
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

/** Starts the local landing page (closeLanding() stops it). */
export async function openLanding(): Promise<void> {
  landing = await startLanding();
  landingURL = `http://${LANDING_HOST}:${(landing.address() as AddressInfo).port}/landing`;
}

export const closeLanding = () => new Promise<void>((resolve) => landing.close(() => resolve()));
