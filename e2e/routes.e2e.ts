import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { tools } from '../apps/web/src/tools';
import { baseURL, expectAccessible, newPage, pageErrors } from './support';

interface RouteCase {
  path: string;
  heading: string | RegExp;
  status: number;
}

// Every fixed route of the site.
const ROUTES: RouteCase[] = [
  { path: '/', heading: 'Security & Image Toolbox', status: 200 },
  ...tools.map((tool) => ({ path: tool.path, heading: tool.title, status: 200 })),
  { path: '/about', heading: 'About Toolvault', status: 200 },
  { path: '/contact', heading: /contact/i, status: 200 },
  { path: '/privacy-policy', heading: 'Privacy Policy', status: 200 },
  { path: '/terms-of-service', heading: 'Terms of Service', status: 200 },
  { path: '/blog', heading: 'Blog', status: 200 },
  { path: '/blog/some-post', heading: 'Blog post not found', status: 404 },
  { path: '/blog-admin', heading: 'Admin Login', status: 200 },
  { path: '/login', heading: 'Admin Login', status: 200 },
  // Signed out, the audit log sends the visitor to the login page.
  { path: '/audit', heading: 'Admin Login', status: 200 },
  { path: '/team', heading: 'Sign in to see the team', status: 200 },
  // A token of the right form that names no invitation: the page says so.
  { path: `/invite/${'A'.repeat(43)}`, heading: 'This invitation link is not valid', status: 200 },
  { path: '/Ab3dE9', heading: 'Shortlink not found', status: 404 },
  { path: '/nonexistent-page-xyz', heading: 'Shortlink not found', status: 404 },
  { path: '/no/such/page', heading: 'Oops! Page not found', status: 404 },
  { path: '/tools/no-such-tool', heading: 'Oops! Page not found', status: 404 },
];

async function expectShell(page: Page) {
  const header = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Blog', 'Tools', 'About', 'Contact']) {
    await expect.poll(() => header.getByRole('link', { name, exact: true }).count()).toBe(1);
  }
  const quickLinks = page.getByRole('navigation', { name: 'Quick Links' });
  for (const name of ['Home', 'Blog', 'All Tools', 'About', 'Contact']) {
    expect(await quickLinks.getByRole('link', { name, exact: true }).count()).toBe(1);
  }
  expect(await page.getByRole('navigation', { name: 'Tools Lists' }).getByRole('button').count()).toBe(9);
  const legal = page.getByRole('navigation', { name: 'Legal' });
  for (const name of ['Privacy Policy', 'Terms of Service', 'Contact']) {
    expect(await legal.getByRole('link', { name, exact: true }).count()).toBe(1);
  }
  expect(await page.getByRole('contentinfo').textContent()).toMatch(/© \d{4} Toolvault\. All rights reserved\./);
  // No page has ads enabled today, so no slot renders and the ad script is never requested.
  expect(await page.locator('[data-ad-slot], script[data-ad-script]').count()).toBe(0);
}

describe('every route', () => {
  it.each(ROUTES)(
    '$path renders inside the shell, answers $status, and has no axe violations',
    async ({ path, heading, status }) => {
      const page = await newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expectShell(page);
      await expectAccessible(page, path);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    },
  );

  it('tool pages link back to the tools and lazy-load their own chunk', async () => {
    const page = await newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const homeScripts = scripts.length;
    await page.getByRole('link', { name: /Base64 Encoder\/Decoder/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Base64 Encoder/Decoder' }).waitFor();
    expect(scripts.length).toBeGreaterThan(homeScripts);
    expect(scripts.slice(homeScripts).some((src) => /Base64Tool/.test(src))).toBe(true);
    await page.getByRole('link', { name: 'Back to Tools' }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.context().close();
  });

  it('labels the five simulations on screen', async () => {
    const page = await newPage();
    for (const tool of tools) {
      await page.goto(tool.path);
      await page.getByRole('heading', { level: 1, name: tool.title }).waitFor();
      const note = await page.getByRole('note').filter({ hasText: 'Simulation' }).count();
      expect(note, tool.slug).toBe(tool.simulation ? 1 : 0);
    }
    await page.context().close();
  });

  it.each(['/privacy-policy', '/terms-of-service'])(
    '%s is dated January 15, 2024 and excludes children under 13',
    async (path) => {
      const page = await newPage();
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text).toContain('January 15, 2024');
      expect(text).toMatch(/children under 13/);
      await page.context().close();
    },
  );

  it('the accessibility check itself fails on a page with a violation', async () => {
    // Guards the guard: a change to expectAccessible (its tags, its mode, an exclusion) that
    // stopped it from seeing violations would otherwise pass every route silently.
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = '/favicon.svg';
      document.querySelector('main')?.append(image);
    });
    await expect(expectAccessible(page, '/about with an image without alt')).rejects.toThrow(/image-alt/);
    await page.context().close();
  });

  it('serves the home page accessibly in dark mode too', async () => {
    const page = await newPage({ colorScheme: 'dark' });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, '/ (dark)');
    await page.context().close();
  });
});
