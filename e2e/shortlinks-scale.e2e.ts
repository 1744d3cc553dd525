import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_UA, apiJson, baseURL, expectAccessible, newPage, ownerToken, pageErrors } from './support';
import type { ShortlinkPage } from './shortlinks-support';

/**
 * Manage Links with a few thousand links: the table shows one server page,
 * search, sort, paging and the per-link analytics live in the URL, and edit
 * and delete work from a later page.
 */

const SEEDED = 3000;
const BATCH = 1000;
/** Unique per run, so reruns against the same server never collide; letters only, so it is one search term. */
const RUN = `scale${Math.random()
  .toString(36)
  .replace(/[^a-z]/g, '')
  .slice(0, 6)}`;

let token = '';

const api = <T>(path: string, init: { method?: string; body?: unknown } = {}) => apiJson<T>(path, { ...init, token });

const search = (q: string) => api<ShortlinkPage>(`/api/shortlinks?limit=100&q=${encodeURIComponent(q)}`);

/** "scaleabc-0042": zero-padded, so sorting by title is sorting by number. */
const code = (index: number) => `${RUN}-${String(index).padStart(4, '0')}`;

beforeAll(async () => {
  token = await ownerToken();
  // Seeded through the import, a thousand rows per call (each call all or nothing).
  for (let start = 0; start < SEEDED; start += BATCH) {
    const rows = Array.from({ length: BATCH }, (_, offset) => {
      const index = start + offset;
      return {
        shortCode: code(index),
        title: `${RUN} link ${String(index).padStart(4, '0')}`,
        targetUrl: `https://example.com/${RUN}/${index}`,
        tags: [RUN, index % 2 === 0 ? 'even' : 'odd'],
      };
    });
    const result = await api<{ imported: number }>('/api/shortlinks/import', { method: 'POST', body: rows });
    expect(result.imported).toBe(BATCH);
  }
  expect((await search(RUN)).total).toBe(SEEDED);
}, 120_000);

const panel = (page: Page) => page.getByRole('tabpanel');
const table = (page: Page) => panel(page).getByRole('table');
const row = (page: Page, text: string) => table(page).getByRole('row').filter({ hasText: text });
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
const query = (page: Page) => new URL(page.url()).searchParams;

async function adminPage(path: string): Promise<Page> {
  const page = await newPage();
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('shortlinkAdminToken', value), token);
  await page.goto(path);
  await page.getByRole('tab', { name: 'Overview', exact: true }).waitFor();
  return page;
}

async function waitForPage(page: Page, number: number) {
  await table(page)
    .and(page.getByRole('table', { name: `Shortlinks, page ${number}` }))
    .waitFor();
  await expect.poll(() => table(page).getAttribute('aria-busy')).toBe('false');
}

describe('Manage Links with thousands of links', () => {
  it('searches, pages, edits and deletes from a later page; the view survives reload and Back', async () => {
    const page = await adminPage('/shortlink-manager?tab=manage');
    await waitForPage(page, 1);
    // One server page in the DOM, never the whole collection.
    expect(await table(page).locator('tbody tr').count()).toBeLessThanOrEqual(50);

    await panel(page).getByLabel('Search links').fill(RUN);
    await expect.poll(() => query(page).get('q')).toBe(RUN);
    await panel(page).getByLabel('Sort by').selectOption('title');
    await panel(page)
      .getByRole('status')
      .filter({ hasText: `${SEEDED.toLocaleString('en-US')} links` })
      .waitFor();
    await waitForPage(page, 1);
    await row(page, code(0)).waitFor();

    // Two pages on: rows 100–149 by title.
    await panel(page).getByRole('button', { name: 'Next' }).click();
    await waitForPage(page, 2);
    await panel(page).getByRole('button', { name: 'Next' }).click();
    await waitForPage(page, 3);
    await row(page, code(100)).waitFor();
    expect(query(page).getAll('after')).toHaveLength(2);
    // Next sits below the table; the new page is shown from its first row, not under the sticky header.
    const header = await page.getByRole('banner').boundingBox();
    const firstRow = await row(page, code(100)).boundingBox();
    expect(firstRow!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    expect(firstRow!.y + firstRow!.height).toBeLessThanOrEqual(900);
    await expectAccessible(page, '/shortlink-manager (Manage Links, page 3 of a search)');

    // Each page is a history entry: Back shows page 2, Forward page 3 again.
    await page.goBack();
    await waitForPage(page, 2);
    await row(page, code(50)).waitFor();
    await page.goForward();
    await waitForPage(page, 3);

    // A reload shows the same search, sort and page.
    await page.reload();
    await waitForPage(page, 3);
    expect(await panel(page).getByLabel('Search links').inputValue()).toBe(RUN);
    expect(await panel(page).getByLabel('Sort by').inputValue()).toBe('title');
    await row(page, code(100)).waitFor();

    // Edit from page 3: Update goes to Overview (as the form always did); Manage Links comes back on page 3.
    const edited = code(101);
    await page.getByRole('button', { name: `Edit ${edited}` }).click();
    await panel(page)
      .getByLabel(/^Title/)
      .fill(`${RUN} link 0101 (edited)`);
    await panel(page).getByRole('button', { name: 'Update Shortlink' }).click();
    await toast(page, 'Shortlink updated successfully').waitFor();
    await page.getByRole('tab', { name: 'Manage Links', exact: true }).click();
    await waitForPage(page, 3);
    await row(page, `${RUN} link 0101 (edited)`).waitFor();
    expect((await search(edited)).items[0]?.title).toBe(`${RUN} link 0101 (edited)`);

    // Delete from page 3: the row leaves, the count drops, the server no longer has it.
    const removed = code(102);
    await page.getByRole('button', { name: `Delete ${removed}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Shortlink deleted successfully').waitFor();
    await page.getByRole('button', { name: `Delete ${removed}` }).waitFor({ state: 'detached' });
    await panel(page)
      .getByRole('status')
      .filter({ hasText: `${(SEEDED - 1).toLocaleString('en-US')} links` })
      .waitFor();
    expect((await search(removed)).total).toBe(0);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('filters by tag and says when nothing matches', async () => {
    const page = await adminPage(`/shortlink-manager?tab=manage&q=${RUN}`);
    await waitForPage(page, 1);
    await panel(page).getByLabel('Tag', { exact: true }).selectOption(RUN);
    await expect.poll(() => query(page).get('tag')).toBe(RUN);
    await panel(page).getByLabel('Search links').fill(`${RUN}-nothing-here`);
    await panel(page).getByText('No links match your search').waitFor();
    await expectAccessible(page, '/shortlink-manager (Manage Links, no match)');
    await panel(page).getByRole('button', { name: 'Clear filters' }).click();
    await waitForPage(page, 1);
    expect(query(page).get('q')).toBeNull();
    expect(query(page).get('tag')).toBeNull();
    await page.context().close();
  });

  it("opens a link's analytics from its row, by URL too, with a range and a way back", async () => {
    const target = code(7);
    // Two people open it (a JSON request counts one click each).
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${baseURL}/${target}`, {
        headers: { Accept: 'application/json', 'User-Agent': VISITOR_UA },
      });
      expect(response.status).toBe(200);
    }
    const page = await adminPage(`/shortlink-manager?tab=manage&q=${target}`);
    await waitForPage(page, 1);
    await page.getByRole('link', { name: `Analytics ${target}` }).click();
    const heading = page.getByRole('heading', { name: `Analytics for “${RUN} link 0007”` });
    await heading.waitFor();
    expect(query(page).get('link')).toMatch(/^\d+$/);
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = page.getByRole('table', { name: /Clicks per day/ }).getByRole('row', { name: new RegExp(today) });
    expect(Number(await todayRow.getByRole('cell').textContent())).toBe(2);
    await expectAccessible(page, '/shortlink-manager (link analytics)');

    await panel(page).getByLabel('Date range').selectOption('7d');
    await expect.poll(() => query(page).get('range')).toBe('7d');
    await expect
      .poll(() =>
        page
          .getByRole('table', { name: /Clicks per day/ })
          .locator('tbody tr')
          .count(),
      )
      .toBe(7);

    // The same view from its URL alone (a shared admin link).
    const url = page.url();
    const second = await adminPage(url.slice(baseURL.length));
    await second.getByRole('heading', { name: `Analytics for “${RUN} link 0007”` }).waitFor();
    expect(await second.getByLabel('Date range').inputValue()).toBe('7d');
    await second.context().close();

    await page.getByRole('button', { name: 'Back to Manage Links' }).click();
    await waitForPage(page, 1);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Analytics ${target}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('keeps the Analytics range in the URL', async () => {
    const page = await adminPage('/shortlink-manager?tab=analytics&range=90d');
    await page.getByRole('heading', { name: 'Clicks per day' }).waitFor();
    expect(await panel(page).getByLabel('Date range').inputValue()).toBe('90d');
    expect(
      await page
        .getByRole('table', { name: /Clicks per day/ })
        .locator('tbody tr')
        .count(),
    ).toBe(90);
    await panel(page).getByLabel('Date range').selectOption('all');
    await expect.poll(() => query(page).get('range')).toBe('all');
    await page.reload();
    await page.getByRole('heading', { name: 'Clicks per day' }).waitFor();
    expect(await panel(page).getByLabel('Date range').inputValue()).toBe('all');
    await expectAccessible(page, '/shortlink-manager (Analytics, all time)');
    await page.context().close();
  });
});
