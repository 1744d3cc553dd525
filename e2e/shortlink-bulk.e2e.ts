import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseURL, expectAccessible, ownerToken, pageErrors, signedInPage } from './support';

/*
 * Bulk changes in Manage Links, in the browser: 27 imported links share a tag, more than a page of
 * 25; two ticked rows move to a folder after a confirmation that states the count, then "Select all
 * 27 matching" archives them all, which takes them out of the list and into the Archived filter.
 */

let token = '';

const api = (method: string, path: string, body?: unknown) =>
  apiCall<Record<string, unknown>>(path, { method, body, token });

beforeAll(async () => {
  token = await ownerToken();
});

const dialog = (page: Page) => page.getByRole('alertdialog');

describe('bulk changes in Manage Links', () => {
  it('moves ticked rows to a folder and archives all matching, each after stating the count', async () => {
    const run = Math.random().toString(36).slice(2, 8);
    const tag = `bulk-${run}`;
    // More than the page of 25 the list shows, so "Select all N matching" is offered.
    const codes = Array.from({ length: 27 }, (_, i) => `bk${run}${String(i).padStart(2, '0')}`);
    const imported = await api(
      'POST',
      '/api/shortlinks/import',
      codes.map((code) => ({
        title: `Bulk ${code}`,
        targetUrl: `https://example.com/${code}`,
        shortCode: code,
        tags: [tag],
      })),
    );
    expect(imported.status).toBe(201);
    const folder = await api('POST', '/api/shortlinks/folders', { name: `Spring ${run}` });
    expect(folder.status).toBe(201);
    const folderId = folder.body.id as number;

    const page = await signedInPage(token);
    await page.goto(`/shortlink-manager?tab=manage&tag=${tag}&size=25&sort=title`);
    await page.getByRole('checkbox', { name: `Select ${codes[0]}` }).waitFor();

    await page.getByRole('checkbox', { name: `Select ${codes[0]}` }).check();
    await page.getByRole('checkbox', { name: `Select ${codes[1]}` }).check();
    await page.getByRole('button', { name: /^Move to folder: 2 selected links$/ }).click();
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Move 2 links?');
    await dialog(page).getByLabel('Folder').selectOption(String(folderId));
    await expectAccessible(page, 'the bulk move dialog');
    await dialog(page).getByRole('button', { name: 'Move', exact: true }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: '2 links moved' }).first().waitFor();

    const inFolder = await api('GET', `/api/shortlinks?folder=${folderId}`);
    expect((inFolder.body.items as { shortCode: string }[]).map((link) => link.shortCode).sort()).toEqual(
      codes.slice(0, 2).sort(),
    );

    await page.getByRole('button', { name: 'Select all 27 matching' }).click();
    await page.getByRole('button', { name: /^Archive: 27 selected links$/ }).click();
    await expect.poll(() => dialog(page).getByRole('heading').textContent()).toBe('Archive 27 links?');
    await dialog(page).getByRole('button', { name: 'Archive', exact: true }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: '27 links archived' }).first().waitFor();

    // Archived links leave the usual list, and the Archived filter lists them; they still redirect.
    const listed = await api('GET', `/api/shortlinks?tag=${tag}`);
    expect(listed.body.total).toBe(0);
    const archived = await api('GET', `/api/shortlinks?tag=${tag}&archived=true`);
    expect(archived.body.total).toBe(27);
    const visit = await fetch(`${baseURL}/${codes[2]}`, { headers: { Accept: 'application/json' } });
    expect(visit.status).toBe(200);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
