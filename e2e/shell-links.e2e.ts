/**
 * The shell's own links: a mistyped address says so and offers Return to Home and Tools
 * (before and after the app starts), the header marks one current item, and
 * the footer's feed icon opens the feed, its API reference link opens the reference, and its
 * "Sign in" link opens the admin sign-in page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, newPage, pageErrors } from './support';

const currentItems = (page: Page) =>
  page.getByRole('navigation', { name: 'Main' }).locator('a[aria-current="page"]').allTextContents();

describe('an unknown one-segment address', () => {
  it('answers 404 with "Shortlink not found" and links Return to Home and Tools, also without scripts', async () => {
    const raw = await fetch(`${baseURL}/nonexistent-page-xyz`);
    expect(raw.status).toBe(404);
    const html = await raw.text();
    expect(html).toContain('<h1>Shortlink not found</h1>');
    expect(html).toContain('<a href="/">Return to Home</a>');
    expect(html).toContain('<a href="/#tools">Tools</a>');

    const noScript = await newPage({ javaScriptEnabled: false });
    await noScript.goto('/nonexistent-page-xyz');
    await noScript.getByRole('heading', { level: 1, name: 'Shortlink not found' }).waitFor();
    await noScript.context().close();

    const page = await newPage();
    expect((await page.goto('/nonexistent-page-xyz'))?.status()).toBe(404);
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: 'Shortlink not found' }).waitFor();
    expect(await main.getByRole('link', { name: 'Return to Home', exact: true }).getAttribute('href')).toBe('/');
    await expectAccessible(page, '/nonexistent-page-xyz');
    await main.getByRole('link', { name: 'Tools', exact: true }).click();
    await page.waitForURL(`${baseURL}/#tools`);
    await page.getByRole('heading', { level: 2, name: 'All Tools' }).waitFor();
    await expect.poll(() => currentItems(page)).toEqual(['Tools']);
    expect(await page.locator('head meta[name="robots"]').count()).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('header', () => {
  it('marks only Home as current on /, and Tools only at the tool grid', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => currentItems(page)).toEqual(['Home']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tools', exact: true }).click();
    await page.waitForURL(`${baseURL}/#tools`);
    await expect.poll(() => currentItems(page)).toEqual(['Tools']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog', exact: true }).click();
    await page.waitForURL(`${baseURL}/blog`);
    await expect.poll(() => currentItems(page)).toEqual(['Blog']);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('footer icons', () => {
  it('open the RSS feed and Contact; no icon leads to a placeholder page', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const social = page.getByRole('list', { name: 'Social links' });
    const feed = social.getByRole('link', { name: 'Blog RSS feed' });
    expect(await feed.getAttribute('href')).toBe('/blog/rss.xml');
    const [response] = await Promise.all([page.waitForResponse(`${baseURL}/blog/rss.xml`), feed.click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/rss+xml');
    await page.goto('/about');
    // The app renders once the page's screen has loaded, which can be after the load event.
    await page.getByRole('heading', { level: 1 }).waitFor();
    const hrefs = await page
      .getByRole('list', { name: 'Social links' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // This build sets neither VITE_SOURCE_CODE_URL nor VITE_FOLLOW_US_URL, so those icons are left out.
    expect(hrefs).toEqual(['/blog/rss.xml', '/contact']);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('footer API reference', () => {
  it('opens the reference the server writes from the API contract, which passes axe', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const link = page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'API reference' });
    expect(await link.getAttribute('href')).toBe('/api/docs');
    const [response] = await Promise.all([page.waitForResponse(`${baseURL}/api/docs`), link.click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    await page.getByRole('heading', { level: 1, name: 'Toolvault API reference' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'POST /api/shortlinks', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'OpenAPI 3.1 document' }).getAttribute('href')).toBe(
      '/api/openapi.json',
    );
    await expectAccessible(page, '/api/docs');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('footer sign-in link', () => {
  it('opens the admin sign-in page, the one way to it from the site', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(`${baseURL}/login`);
    await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
