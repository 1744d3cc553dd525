import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, newPage } from './support';

const stored = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cookie-consent') ?? 'null') as unknown);

describe('cookie consent banner', () => {
  it('shows on a first visit, passes axe, and Accept All persists across reloads', async () => {
    const page = await newPage({ consent: false });
    await page.goto('/');
    const banner = page
      .getByRole('dialog', { name: 'Cookie consent' })
      .or(page.getByRole('region', { name: 'Cookie consent' }));
    await banner.waitFor();
    await expectAccessible(page, '/ (cookie banner)');
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await stored(page)).toMatchObject({ necessary: true, analytics: true, advertising: true, functional: true });
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await banner.count()).toBe(0);
    await page.context().close();
  });

  it('Decline All keeps only the necessary category', async () => {
    const page = await newPage({ consent: false });
    await page.goto('/about');
    await page.getByRole('button', { name: 'Decline All' }).click();
    expect(await stored(page)).toMatchObject({
      necessary: true,
      analytics: false,
      advertising: false,
      functional: false,
    });
    await page.context().close();
  });

  it('shows the four categories, saves exactly the choice and can be reopened from the footer', async () => {
    const page = await newPage({ consent: false });
    await page.goto('/');
    await page.getByRole('button', { name: 'Customize' }).click();
    const necessary = page.getByRole('switch', { name: 'Necessary' });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    expect(await page.getByRole('switch').count()).toBe(4);
    // No analytics exist and no page shows ads: each of those says so beside its switch.
    expect(await page.getByText(/^Not used:/).count()).toBe(3);
    await expectAccessible(page, '/ (cookie preferences)');
    await page.getByRole('switch', { name: 'Functional' }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    expect(await stored(page)).toMatchObject({
      necessary: true,
      analytics: false,
      advertising: false,
      functional: true,
    });

    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: 'Save Preferences' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Cookie Settings' }).click();
    await page.getByRole('button', { name: 'Save Preferences' }).waitFor();
    expect(await necessary.isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Functional' }).isChecked()).toBe(true);
    await page.context().close();
  });

  it('never hides the end of the page: the last footer row stays clickable while the banner waits', async () => {
    const page = await newPage({ consent: false });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/about');
    await page.getByRole('region', { name: 'Cookie consent' }).waitFor();
    // Playwright clicks only what is not covered by another element: the banner must not be on top.
    await page.getByRole('contentinfo').getByRole('button', { name: 'Image Tools' }).click({ timeout: 5_000 });
    await page.waitForURL((url) => url.pathname === '/');
    await page.context().close();
  });

  it('is compact on a phone: at most a third of the screen', async () => {
    const page = await newPage({ consent: false });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor();
    const box = await banner.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.height).toBeLessThanOrEqual(740 / 3);
    await page.context().close();
  });
});
