// The page a short link opens: the preview, the redirect and its counted click in the analytics, the
// error pages, and a script payload in a title kept as text there, in the manager and for crawlers.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_UA, baseURL, downloadFrom, expectAccessible, newPage, pageErrors } from './support';
import {
  adminPage,
  api,
  closeLanding,
  createLink,
  findLink,
  landingURL,
  logIn,
  openLanding,
  panel,
  selectTab,
  toast,
  uniqueCode,
} from './shortlinks-support';

const XSS = '"><img src=x onerror=alert(1)><script>alert(1)</script>';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

/** Fails the test if anything opens an alert/confirm/prompt (a script payload that ran). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

beforeAll(logIn);
beforeAll(openLanding);
afterAll(closeLanding);

describe('shortlink visitor', () => {
  it('previews the destination, Continue now lands on it, the click is counted and charted', async () => {
    const code = uniqueCode('vi');
    await createLink({
      shortCode: code,
      title: 'Visitor test',
      description: 'Goes to the local landing page',
      targetUrl: landingURL,
    });
    const page = await newPage({ userAgent: VISITOR_UA });
    await page.goto(`/${code}`);
    await page.getByRole('heading', { level: 1, name: 'Visitor test' }).waitFor();
    const host = new URL(landingURL).host;
    expect(await page.getByText(host, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/Redirecting in \d seconds?…/).isVisible()).toBe(true);
    expect(await page.title()).toBe('Visitor test — Toolvault');
    expect(await page.locator('head meta[property="og:title"][content="Visitor test"]').count()).toBeGreaterThan(0);
    // Stay, so the automatic redirect does not race the accessibility check.
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    await page.getByText('Automatic redirect cancelled.', { exact: true }).first().waitFor();
    await expectAccessible(page, '/{code} (preview)');

    await expect.poll(async () => (await findLink(code))?.clickCount).toBe(1);
    await page.getByRole('link', { name: 'Continue now' }).click();
    await page.waitForURL(landingURL);
    expect(await page.title()).toBe('/landing');
    expect(pageErrors(page)).toEqual([]);
    expect((await findLink(code))?.clickCount).toBe(1);
    await page.context().close();

    // Crawlers are never counted.
    const crawler = await fetch(`${baseURL}/${code}`, {
      headers: { 'User-Agent': SLACKBOT, Accept: 'application/json' },
    });
    expect(crawler.status).toBe(200);
    const bot = await newPage({ userAgent: SLACKBOT });
    await bot.goto(`/${code}`);
    await bot.getByText('Automatic redirect is skipped for crawlers.').waitFor();
    expect(await bot.getByRole('button', { name: 'Stay on this page' }).count()).toBe(0);
    await bot.context().close();
    expect((await findLink(code))?.clickCount).toBe(1);

    const admin = await adminPage();
    await selectTab(admin, 'Analytics');
    const chart = admin.getByRole('img', { name: /Clicks per day/ });
    await chart.waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const todayRow = admin.getByRole('table', { name: /Clicks per day/ }).getByRole('row', { name: new RegExp(today) });
    expect(Number(await todayRow.getByRole('cell').textContent())).toBeGreaterThanOrEqual(1);
    expect(
      Number(await admin.locator(`[data-testid="clicks-chart"] rect[data-date="${today}"]`).getAttribute('height')),
    ).toBeGreaterThan(0);
    // The server's five most clicked links, in its order. Which five depends on what the other browser
    // files have clicked on this shared server before, so the list is read against the API, not for this link.
    const { topLinks } = await api<{ topLinks: { shortCode: string; clickCount: number }[] }>(
      '/api/shortlinks/analytics',
    );
    expect(topLinks.length).toBeGreaterThan(0);
    expect(topLinks[0]!.clickCount).toBeGreaterThanOrEqual(1);
    const top = admin.getByRole('list', { name: 'Top links by clicks' }).getByRole('listitem');
    await expect.poll(() => top.count()).toBe(topLinks.length);
    for (const [index, link] of topLinks.entries()) {
      expect(await top.nth(index).textContent()).toContain(`/${link.shortCode}`);
    }
    // A fresh page, so no toast stack is mid-animation while axe measures contrast.
    await expectAccessible(admin, '/shortlink-manager (Analytics)');

    // The raw clicks as a file: the CSV header, then this visit (a desktop browser; the crawler left no row).
    const clicks = await downloadFrom(admin.getByRole('button', { name: 'Export clicks CSV', exact: true }));
    expect(clicks.name).toMatch(/^shortlink-clicks-\d{4}-\d{2}-\d{2}\.csv$/);
    await toast(admin, 'Exported', clicks.name).waitFor();
    const lines = clicks.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('shortCode,clickedAt,referrerHost,country,device,deduplicated');
    const visits = lines.filter((line) => line.startsWith(`${code},`));
    expect(visits).toHaveLength(1);
    // The visitor's first click of the link in its hour: counted as deduplicated too.
    expect(visits[0]).toMatch(new RegExp(`^${code},${today}T[^,]+Z,.*,desktop,1$`));
    expect(pageErrors(admin)).toEqual([]);
    await admin.context().close();
  });

  it('shows Shortlink not found, Invalid shortlink and Network error, and never redirects', async () => {
    const page = await newPage();
    expect((await page.goto('/Zz9Zz9'))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Shortlink not found' }).waitFor();
    await page.goto('/a%20b');
    await page.getByRole('heading', { level: 1, name: 'Invalid shortlink' }).waitFor();
    const code = uniqueCode('ne');
    await createLink({ shortCode: code, title: 'Offline', targetUrl: landingURL });
    await page.route('**/api/shortlink/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`/${code}`);
    await page.getByRole('heading', { level: 1, name: 'Network error' }).waitFor();
    await expectAccessible(page, '/{code} (network error)');
    expect(page.url()).toBe(`${baseURL}/${code}`);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });
});

describe('a script payload in a title', () => {
  it('is shown as text in the manager, the dialog and the redirect page, and escaped for crawlers', async () => {
    const page = await adminPage();
    const dialogs = watchDialogs(page);
    await selectTab(page, 'Create Link');
    const code = uniqueCode('xs');
    await panel(page)
      .getByLabel(/^Title/)
      .fill(XSS);
    await panel(page)
      .getByLabel(/^Target URL/)
      .fill(landingURL);
    await panel(page)
      .getByLabel(/^Short code/)
      .fill(code);
    await panel(page)
      .getByLabel(/^Description/)
      .fill(XSS);
    await panel(page).getByRole('button', { name: 'Create Shortlink' }).click();
    await toast(page, 'Shortlink created', `${baseURL}/${code}`).waitFor();

    await selectTab(page, 'Manage Links');
    await panel(page).getByRole('table').getByText(XSS, { exact: true }).waitFor();
    await selectTab(page, 'Overview');
    await panel(page).getByText(XSS, { exact: true }).first().waitFor();
    await selectTab(page, 'Analytics');
    await panel(page).getByRole('list', { name: 'Most recent links' }).getByText(XSS, { exact: true }).waitFor();
    await selectTab(page, 'Manage Links');
    await page.getByRole('button', { name: `Delete ${code}` }).click();
    await page.getByRole('alertdialog').getByText(XSS, { exact: false }).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    const visitor = await newPage({ userAgent: VISITOR_UA });
    const visitorDialogs = watchDialogs(visitor);
    await visitor.goto(`/${code}`);
    await visitor.getByRole('heading', { level: 1, name: XSS }).waitFor();
    await visitor.getByRole('button', { name: 'Stay on this page' }).click();
    expect(await visitor.title()).toBe(`${XSS} — Toolvault`);
    expect(await visitor.locator('img[src="x"]').count()).toBe(0);

    // The crawler's HTML carries the payload escaped in the meta tags, never as markup.
    const html = await (await fetch(`${baseURL}/${code}`, { headers: { 'User-Agent': SLACKBOT } })).text();
    const escaped = '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(html).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(html).toContain(`<title>${escaped}</title>`);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');

    expect(dialogs).toEqual([]);
    expect(visitorDialogs).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    expect(pageErrors(visitor)).toEqual([]);
    await visitor.context().close();
    await page.context().close();
  });
});
