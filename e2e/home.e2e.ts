import { describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, newPage } from './support';

describe('home page', () => {
  it('filters tools by category with singular and plural counts', async () => {
    const page = await newPage();
    await page.goto('/');
    const cards = page.locator('#tools ul > li');
    await expect.poll(() => cards.count()).toBe(23);
    expect(await page.getByRole('heading', { level: 2, name: 'All Tools' }).count()).toBe(1);

    const filters = page.getByRole('group', { name: 'Filter by category' });
    await filters.getByRole('button', { name: 'Image Tools', exact: true }).click();
    await page.getByRole('heading', { name: '9 tools available' }).waitFor();
    expect(await cards.count()).toBe(9);
    expect(await filters.getByRole('button', { name: 'Image Tools', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await filters.getByRole('button', { name: 'URL Tools', exact: true }).click();
    await page.getByRole('heading', { name: '1 tool available' }).waitFor();
    expect(await cards.count()).toBe(1);

    await filters.getByRole('button', { name: 'All', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(23);
    await page.context().close();
  });

  it('searches by title, description and keywords, focused with Ctrl+K or /', async () => {
    const page = await newPage();
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search tools' });
    await page.locator('body').click();
    await page.keyboard.press('Control+k');
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('sha256');
    await page.getByRole('heading', { name: '1 tool available' }).waitFor();
    expect(await page.locator('#tools ul > li').textContent()).toContain('Hash Generator');

    await search.fill('');
    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('no such tool at all');
    await page.getByText('No tools match').waitFor();
    await page.getByRole('button', { name: 'Show all tools' }).click();
    await expect.poll(() => page.locator('#tools ul > li').count()).toBe(23);

    await page.getByRole('link', { name: /QR Code Reader/ }).click();
    await page.waitForURL(`${baseURL}/qr-reader`);
    await page.context().close();
  });

  it('footer category buttons open the home page with that category, then clear the state', async () => {
    const page = await newPage();
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'About Toolvault' }).waitFor();
    await page.getByRole('navigation', { name: 'Tools Lists' }).getByRole('button', { name: 'Encoding' }).click();
    await expect.poll(() => page.url()).toBe(`${baseURL}/`);
    await page.getByRole('heading', { name: '2 tools available' }).waitFor();
    const pressed = page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Encoding' });
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');
    // The preselection was removed from history state, so a reload starts at All.
    await expect.poll(() => page.evaluate(() => (history.state as { usr?: unknown } | null)?.usr ?? null)).toBeNull();
    expect(page.url()).toBe(`${baseURL}/`);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: 'All Tools' }).waitFor();
    await page.context().close();
  });

  it('has a working mobile menu at 375 px', async () => {
    const page = await newPage({ viewport: { width: 375, height: 740 } });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // Desktop links are hidden at this width.
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).isVisible()).toBe(
      false,
    );
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true);
    await expectAccessible(page, '/ (mobile menu open)');
    await page.getByRole('link', { name: 'About' }).last().click();
    await page.waitForURL(`${baseURL}/about`);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
    // Nothing overflows horizontally on a small phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.context().close();
  });

  it('does not overflow at 360 px', async () => {
    const page = await newPage({ viewport: { width: 360, height: 740 } });
    for (const path of ['/', '/hash-generator', '/contact', '/privacy-policy']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    await page.context().close();
  });
});
