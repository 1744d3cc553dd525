// The shortlink manager without a login: a guest creates one link, then is held back by the browser and
// by the server.
import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, newPage, pageErrors } from './support';
import { toast } from './shortlinks-support';

describe('shortlink manager (guest)', () => {
  it('creates one link, then is rate limited by the browser and, from fresh storage, by the server', async () => {
    const page = await newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    await page.goto('/shortlink-manager');
    await page.getByRole('button', { name: 'Continue as Guest' }).click();
    await page.getByRole('heading', { name: 'Create Link' }).waitFor();
    expect(await page.getByRole('tablist').count()).toBe(0);
    await expectAccessible(page, '/shortlink-manager (guest form)');

    await page.getByLabel(/^Title/).fill('Guest link');
    await page.getByLabel(/^Target URL/).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Create Shortlink' }).click();
    await toast(page, 'Invalid URL', 'Only valid http(s) URLs are allowed.').waitFor();

    await page.getByLabel(/^Target URL/).fill('https://developer.mozilla.org/en-US/docs/Web/HTTP/Guides/CSP');
    await page.getByRole('button', { name: 'Create Shortlink' }).click();
    await page.getByRole('heading', { name: 'Your Shortlink' }).waitFor();
    const link = page.getByRole('link', { name: new RegExp(`^${baseURL}/[A-Za-z0-9]{6}$`) });
    const url = await link.textContent();
    await expectAccessible(page, '/shortlink-manager (guest created)');
    await page.getByRole('button', { name: 'Copy Link' }).click();
    await toast(page, 'Copied', 'Link copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const stored = await page.evaluate(() => ({
      link: JSON.parse(localStorage.getItem('guest_shortlink') ?? 'null') as { shortCode: string } | null,
      last: Number(localStorage.getItem('guest_shortlink_last_created')),
    }));
    expect(`${baseURL}/${stored.link?.shortCode}`).toBe(url);
    expect(stored.last).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Create Another Link' }).click();
    expect(await page.evaluate(() => localStorage.getItem('guest_shortlink'))).toBeNull();
    await page.getByLabel(/^Title/).fill('Second guest link');
    await page.getByLabel(/^Target URL/).fill('https://owasp.org/');
    await page.getByRole('button', { name: 'Create Shortlink' }).click();
    await toast(page, 'Rate Limited', 'You can only create one shortlink per minute as a guest.').waitFor();
    expect(await page.getByRole('alert').textContent()).toMatch(/Try again in \d+ seconds?\./);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();

    // Fresh storage: the browser would allow it, the server refuses (same client address).
    const second = await newPage();
    await second.goto('/shortlink-manager');
    await second.getByRole('button', { name: 'Continue as Guest' }).click();
    await second.getByLabel(/^Title/).fill('Third guest link');
    await second.getByLabel(/^Target URL/).fill('https://owasp.org/');
    await second.getByRole('button', { name: 'Create Shortlink' }).click();
    await toast(second, 'Rate Limited', 'You can only create one shortlink per minute as a guest.').waitFor();
    expect(await second.getByRole('alert').textContent()).toMatch(/Try again in \d+ seconds?\./);
    expect(await second.evaluate(() => localStorage.getItem('guest_shortlink'))).toBeNull();
    await second.context().close();
  });
});
