// The shortlink manager as the admin sees it: the login gate, creating, listing, editing, copying and
// deleting a link, choosing how a link redirects, and loading the sample data on a small dark screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, baseURL, expectAccessible, newPage, pageErrors } from './support';
import {
  adminPage,
  closeLanding,
  countLinks,
  findLink,
  landingURL,
  logIn,
  openLanding,
  panel,
  selectTab,
  tab,
  toast,
  uniqueCode,
} from './shortlinks-support';

beforeAll(logIn);
beforeAll(openLanding);
afterAll(closeLanding);

describe('shortlink manager (admin)', () => {
  it('logs in, creates, lists, edits, copies, deletes after confirming, and logs out', async () => {
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/shortlink-manager');
    const password = page.getByLabel('Admin Password');
    await password.waitFor();
    expect(await page.getByRole('button', { name: 'Continue as Guest' }).isVisible()).toBe(true);
    await expectAccessible(page, '/shortlink-manager (gate)');

    await password.fill('definitely-wrong');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid password' }).waitFor();
    await toast(page, 'Access Denied', 'Invalid admin password').waitFor();

    await password.fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, 'Admin Access Granted').waitFor();
    await tab(page, 'Overview').waitFor();
    expect(await tab(page, 'Overview').getAttribute('aria-selected')).toBe('true');
    await panel(page).getByText('Total Links').waitFor();
    await expectAccessible(page, '/shortlink-manager (Overview)');

    // Keyboard: the arrow key moves to and selects the next tab.
    await tab(page, 'Overview').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab(page, 'Create Link').getAttribute('aria-selected')).toBe('true');
    expect(await tab(page, 'Create Link').evaluate((element) => element === document.activeElement)).toBe(true);
    await expectAccessible(page, '/shortlink-manager (Create Link)');

    const form = panel(page);
    await form.getByRole('button', { name: 'Create Shortlink' }).click();
    await form.getByRole('alert').filter({ hasText: 'Title and Target URL are required' }).waitFor();

    await form.getByLabel(/^Title/).fill('E2E OWASP Top Ten');
    await form.getByLabel(/^Target URL/).fill('https://owasp.org/www-project-top-ten/');
    await form.getByLabel(/^Description/).fill('Created by the browser suite');
    await form.getByLabel(/^Tags/).fill('owasp, e2e');
    await form.getByRole('button', { name: 'Create Shortlink' }).click();
    const created = toast(page, 'Shortlink created');
    await created.waitFor();
    const shortUrl = (await created.textContent())?.match(/http:\/\/127\.0\.0\.1:\d+\/([A-Za-z0-9]{6})/);
    expect(shortUrl?.[0].startsWith(baseURL)).toBe(true);
    const code = shortUrl?.[1] ?? '';
    expect(await form.getByLabel(/^Title/).inputValue()).toBe('');

    await selectTab(page, 'Manage Links');
    const row = panel(page).getByRole('row').filter({ hasText: code }).first();
    await row.getByText('E2E OWASP Top Ten').waitFor();
    expect(await row.textContent()).toContain('owasp.org');
    expect(await row.textContent()).toContain('0 clicks');
    await expectAccessible(page, '/shortlink-manager (Manage Links)');

    await selectTab(page, 'Overview');
    await panel(page).getByRole('list', { name: 'Recent links' }).getByText('E2E OWASP Top Ten').waitFor();

    // Edit: the form is filled, Update saves and returns to Overview.
    await selectTab(page, 'Manage Links');
    await page.getByRole('button', { name: `Edit ${code}` }).click();
    await expect.poll(() => tab(page, 'Create Link').getAttribute('aria-selected')).toBe('true');
    expect(
      await panel(page)
        .getByLabel(/^Title/)
        .inputValue(),
    ).toBe('E2E OWASP Top Ten');
    expect(await panel(page).getByLabel(/^Tags/).inputValue()).toBe('owasp, e2e');
    await panel(page)
      .getByLabel(/^Title/)
      .fill('E2E OWASP Top Ten (edited)');
    await panel(page).getByRole('button', { name: 'Update Shortlink' }).click();
    await toast(page, 'Shortlink updated successfully').waitFor();
    await expect.poll(() => tab(page, 'Overview').getAttribute('aria-selected')).toBe('true');
    await panel(page).getByText('E2E OWASP Top Ten (edited)').waitFor();
    expect((await findLink(code))?.title).toBe('E2E OWASP Top Ten (edited)');

    // Cancel Edit returns to Overview with an empty form.
    await selectTab(page, 'Manage Links');
    await page.getByRole('button', { name: `Edit ${code}` }).click();
    await panel(page).getByRole('button', { name: 'Cancel Edit' }).click();
    await expect.poll(() => tab(page, 'Overview').getAttribute('aria-selected')).toBe('true');
    await selectTab(page, 'Create Link');
    expect(
      await panel(page)
        .getByLabel(/^Title/)
        .inputValue(),
    ).toBe('');

    // Copy.
    await selectTab(page, 'Manage Links');
    await page.getByRole('button', { name: `Copy ${code}` }).click();
    await toast(page, 'Copied', 'Link copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/${code}`);

    // Delete: Escape keeps the link, Delete in the dialog removes it.
    await page.getByRole('button', { name: `Delete ${code}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this shortlink?' });
    await dialog.waitFor();
    await expectAccessible(page, '/shortlink-manager (delete dialog)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await findLink(code)).toBeDefined();
    await page.getByRole('button', { name: `Delete ${code}` }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Shortlink deleted successfully').waitFor();
    await page.getByRole('button', { name: `Delete ${code}` }).waitFor({ state: 'detached' });
    expect(await findLink(code)).toBeUndefined();

    await selectTab(page, 'Analytics');
    await page.getByRole('heading', { name: 'Clicks per day' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged Out', 'Admin access revoked').waitFor();
    await page.getByLabel('Admin Password').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('shortlinkAdminToken'))).toBeNull();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('creates a link that redirects at once, shows the choice in its row, and edits it back to the preview', async () => {
    const page = await adminPage();
    await selectTab(page, 'Create Link');
    const form = panel(page);
    const code = uniqueCode('rd');
    expect(await form.getByRole('radio', { name: /^Preview page \(8 s\)/ }).isChecked()).toBe(true);
    await form.getByLabel(/^Title/).fill('Straight through');
    await form.getByLabel(/^Target URL/).fill(landingURL);
    await form.getByLabel(/^Short code/).fill(code);
    await form.getByRole('radio', { name: /^Redirect at once/ }).check();
    await expectAccessible(page, '/shortlink-manager (Create Link, redirect choice)');
    await form.getByRole('button', { name: 'Create Shortlink' }).click();
    await toast(page, 'Shortlink created', `${baseURL}/${code}`).waitFor();
    expect((await findLink(code))?.redirectMode).toBe('direct');

    await selectTab(page, 'Manage Links');
    await panel(page).getByRole('row').filter({ hasText: code }).getByText('Redirect at once').waitFor();
    await page.getByRole('button', { name: `Edit ${code}` }).click();
    expect(
      await panel(page)
        .getByRole('radio', { name: /^Redirect at once/ })
        .isChecked(),
    ).toBe(true);
    await panel(page)
      .getByRole('radio', { name: /^Preview page/ })
      .check();
    await panel(page).getByRole('button', { name: 'Update Shortlink' }).click();
    await toast(page, 'Shortlink updated successfully').waitFor();
    expect((await findLink(code))?.redirectMode).toBe('preview');
    await selectTab(page, 'Manage Links');
    await panel(page).getByRole('row').filter({ hasText: code }).getByText('Preview page').waitFor();
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('loads the sample data', async () => {
    const sample = (await (await fetch(`${baseURL}/sample-shortlinks.json`)).json()) as { title: string }[];
    expect(sample.length).toBeGreaterThanOrEqual(5);
    const before = await countLinks();
    // A small phone in dark mode: nothing overflows and contrast holds.
    const page = await adminPage({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    await selectTab(page, 'Manage Links');
    await page.getByRole('button', { name: 'Load sample data' }).click();
    await toast(page, 'Loaded', `${sample.length} sample shortlinks loaded`).waitFor();
    await panel(page).getByText(sample[0]!.title, { exact: true }).first().waitFor();
    expect(await countLinks()).toBe(before + sample.length);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.reload();
    await selectTab(page, 'Manage Links');
    await panel(page).getByText(sample[0]!.title, { exact: true }).first().waitFor();
    await expectAccessible(page, '/shortlink-manager (Manage Links, dark, 360 px)');
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});
