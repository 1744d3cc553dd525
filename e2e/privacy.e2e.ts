/**
 * Privacy (docs/decisions/0007-privacy.md): walking every route and the network-using flows, no request
 * leaves the app's origin — no CDN, no analytics, no web fonts or icon sets from elsewhere (they
 * are bundled), and never the advertising script. Light on purpose: the tool e2e files drive the
 * full flows; here each page is visited and the flows that reach the network run once.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { adsConfig } from '../apps/web/src/app/ads/ads.config';
import { tools } from '../apps/web/src/tools';
import { baseURL, newPage, ownerToken, pageErrors } from './support';

// Every fixed route of the site, as in routes.e2e.ts.
const ROUTES = [
  '/',
  ...tools.map((tool) => tool.path),
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/blog',
  '/blog/some-post',
  '/blog-admin',
  '/login',
  '/Ab3dE9',
  '/no/such/page',
];

/** Every consent given, advertising included: even then nothing may leave the origin. */
const ALL_CONSENT = JSON.stringify({ necessary: true, analytics: true, advertising: true, functional: true });

interface Recorder {
  page: Page;
  urls: string[];
}

const open: BrowserContext[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((context) => context.close()));
});

/** A page with every consent given that records every request of its context (workers included) and every WebSocket. */
async function recordingPage(token?: string): Promise<Recorder> {
  const page = await newPage({
    consent: false,
    storageState: {
      cookies: [],
      origins: [{ origin: baseURL, localStorage: [{ name: 'cookie-consent', value: ALL_CONSENT }] }],
    },
  });
  open.push(page.context());
  const urls: string[] = [];
  page.context().on('request', (request) => urls.push(request.url()));
  page.on('websocket', (socket) => urls.push(socket.url()));
  if (token) await page.addInitScript((value) => localStorage.setItem('shortlinkAdminToken', value), token);
  return { page, urls };
}

/** Requests that left the app's origin; data: and blob: URLs never leave the browser. */
function foreign(urls: string[]): string[] {
  return urls.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== baseURL);
}

/** The advertising script is never in the page (AdSlot marks it with data-ad-script). */
async function expectNoAdScript(page: Page, label: string): Promise<void> {
  expect(await page.locator('script[data-ad-script]').count(), label).toBe(0);
}

describe('privacy', () => {
  it('has advertising configured off: no enabled page and no script address', () => {
    expect(adsConfig.enabledPages).toEqual([]);
    expect(adsConfig.scriptUrl).toBe('');
  });

  it('requests nothing from another origin on any route, with every consent given', async () => {
    const { page, urls } = await recordingPage();
    for (const route of ROUTES) {
      await page.goto(route, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoAdScript(page, route);
    }
    // Sanity: the walk really recorded the app's own documents, scripts and styles.
    expect(urls.filter((url) => url.startsWith(`${baseURL}/assets/`)).length).toBeGreaterThan(20);
    expect(foreign(urls)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('keeps the network-using flows on the origin: search, contact, IP lookup, QR generate, shortlink', async () => {
    const { page, urls } = await recordingPage();

    await page.goto('/');
    await page.getByRole('searchbox', { name: 'Search tools' }).fill('hash');
    await page.getByRole('heading', { name: /tools? available$/ }).waitFor();
    await page
      .getByRole('link', { name: /Hash Generator/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Hash Generator' }).waitFor();
    await expectNoAdScript(page, '/ search');

    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Privacy Walker');
    await page.getByLabel('Email', { exact: true }).fill('walker@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Privacy check');
    await page.getByLabel('Message', { exact: true }).fill('Checking that nothing leaves the origin.');
    const sent = page.waitForResponse((response) => response.url().startsWith(`${baseURL}/api/`));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await sent;
    await expectNoAdScript(page, '/contact');

    await page.goto('/ip-lookup');
    await page.getByLabel('IP Address').fill('8.8.8.8');
    await page.getByRole('button', { name: 'Lookup', exact: true }).click();
    await page.getByRole('heading', { name: 'Lookup Results' }).waitFor();
    await expectNoAdScript(page, '/ip-lookup');

    await page.goto('/qr-generator');
    await page.getByLabel('Text or URL').fill('https://example.com/privacy');
    await page.getByRole('button', { name: 'Generate QR Code' }).click();
    await page.getByRole('heading', { name: 'Your QR code' }).waitFor();
    await expectNoAdScript(page, '/qr-generator');

    // A short code that does not exist: the lookup goes to the app's own API.
    await page.goto('/Zz9yX8', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: 'Shortlink not found' }).waitFor();

    expect(urls.some((url) => url.startsWith(`${baseURL}/api/`))).toBe(true);
    expect(foreign(urls)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });

  it('loads the blog admin editor (Quill) and the shortlink manager from the origin when logged in', async () => {
    const token = await ownerToken();
    const { page, urls } = await recordingPage(token);
    for (const route of ['/blog-admin', '/shortlink-manager']) {
      await page.goto(route, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expectNoAdScript(page, route);
    }
    expect(urls.some((url) => url.startsWith(`${baseURL}/api/`))).toBe(true);
    expect(foreign(urls)).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
  });
});
