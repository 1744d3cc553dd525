import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, baseURL, downloadFrom, expectAccessible, newPage, pageErrors } from './support';
import { LANDING_HOST } from './chromium';

interface Shortlink {
  id: number;
  shortCode: string;
  targetUrl: string;
  title: string;
  clickCount: number;
  redirectMode: 'preview' | 'direct';
}
interface ShortlinkPage {
  items: Shortlink[];
  nextCursor: string | null;
  total: number;
}

const XSS = '"><img src=x onerror=alert(1)><script>alert(1)</script>';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
/** A desktop browser: headless Chromium's own user agent says "HeadlessChrome", which isbot counts as a bot. */
const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let token = '';
let landing: Server;
let landingURL = '';

/** A local destination for the redirect: any path answers a page titled "Landing". */
function startLanding(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html lang="en"><head><title>Landing</title></head><body><h1>Landed</h1></body></html>');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function api<T>(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.auth === false ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const createLink = (body: Record<string, unknown>) =>
  api<Shortlink>('/api/shortlinks', { method: 'POST', body: { ...body } });
/** How many links the server holds (the list is paged; its total counts them all). */
const countLinks = async () => (await api<ShortlinkPage>('/api/shortlinks?limit=1')).total;
const findLink = async (code: string) =>
  (await api<ShortlinkPage>(`/api/shortlinks?limit=100&q=${encodeURIComponent(code)}`)).items.find(
    (link) => link.shortCode === code,
  );

/** A unique code per run, so reruns against the same server never collide. */
const uniqueCode = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

const toast = (page: Page, title: string, description?: string) => {
  const match = page.locator('[data-sonner-toast]').filter({ hasText: title });
  return (description ? match.filter({ hasText: description }) : match).first();
};

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page) => page.getByRole('tabpanel');

async function selectTab(page: Page, name: string) {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
}

/** A page already holding the admin token (a stored token skips the gate). */
async function adminPage(options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('shortlinkAdminToken', value), token);
  await page.goto('/shortlink-manager');
  await tab(page, 'Overview').waitFor();
  return page;
}

/** Fails the test if anything opens an alert/confirm/prompt (a script payload that ran). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

beforeAll(async () => {
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: adminPassword }),
  });
  token = ((await login.json()) as { token: string }).token;
  expect(token).toBeTruthy();
  landing = await startLanding();
  landingURL = `http://${LANDING_HOST}:${(landing.address() as AddressInfo).port}/landing`;
});

afterAll(() => new Promise<void>((resolve) => landing.close(() => resolve())));

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

  it('exports JSON, refuses a non-array file, reports a server conflict, and imports the exported row back', async () => {
    const code = uniqueCode('ex');
    await createLink({
      shortCode: code,
      title: 'Export me',
      targetUrl: 'https://www.rfc-editor.org/rfc/rfc6749',
      tags: ['rfc'],
    });
    const page = await adminPage();
    await selectTab(page, 'Manage Links');
    await page.getByRole('button', { name: `Copy ${code}` }).waitFor();

    const download = await downloadFrom(page.getByRole('button', { name: 'Export JSON', exact: true }));
    await toast(page, 'Exported').waitFor();
    expect(download.name).toMatch(/^shortlinks-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(download.bytes.toString('utf8')) as Record<string, unknown>[];
    expect(Array.isArray(exported)).toBe(true);
    const row = exported.find((item) => item.shortCode === code);
    expect(row).toMatchObject({
      shortCode: code,
      title: 'Export me',
      targetUrl: 'https://www.rfc-editor.org/rfc/rfc6749',
      tags: ['rfc'],
      clickCount: 0,
    });

    const file = page.getByLabel('Import shortlinks from a JSON or CSV file');
    await file.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"title":"x"}') });
    await toast(page, 'Invalid JSON file format').waitFor();

    // Exported rows collide with the links that still exist: the server's error is shown, nothing is added.
    const before = await countLinks();
    await file.setInputFiles({
      name: 'some.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify([row, ...exported.slice(0, 50)])),
    });
    await toast(page, 'Failed to import shortlinks', 'Short code already exists').waitFor();
    expect(await countLinks()).toBe(before);

    // Removed, then restored from its exported row.
    const link = await findLink(code);
    await api(`/api/shortlinks/${link?.id}`, { method: 'DELETE' });
    await file.setInputFiles({
      name: 'one.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify([row])),
    });
    await toast(page, 'Imported', '1 shortlink imported successfully').waitFor();
    await page.getByRole('button', { name: `Copy ${code}` }).waitFor();
    expect(await findLink(code)).toMatchObject({
      title: 'Export me',
      targetUrl: 'https://www.rfc-editor.org/rfc/rfc6749',
    });
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

  it('imports a CSV file through its columns, a check listing each bad row, and only then the import', async () => {
    const page = await adminPage();
    await selectTab(page, 'Manage Links');
    const [one, two] = [uniqueCode('csv'), uniqueCode('csv')];
    const csvFile = (second: string) => ({
      name: 'links.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'Name,Address,Code,Labels',
          `CSV one,https://www.rfc-editor.org/rfc/rfc4180,${one},"csv, rfc"`,
          `CSV two,${second},${two},`,
        ].join('\r\n'),
      ),
    });
    const file = page.getByLabel('Import shortlinks from a JSON or CSV file');
    await file.setInputFiles(csvFile('not a web address'));
    const dialog = page.getByRole('dialog', { name: 'Import shortlinks from links.csv' });
    await dialog.waitFor();
    // "Name" and "Code" are known header names; "Address" and "Labels" are chosen by hand.
    expect(await dialog.getByLabel('Title (required)').inputValue()).toBe('0');
    expect(await dialog.getByLabel('Short code').inputValue()).toBe('2');
    await dialog.getByLabel('Target URL (required)').selectOption({ label: 'Address' });
    await dialog.getByLabel('Tags').selectOption({ label: 'Labels' });
    const importButton = dialog.getByRole('button', { name: 'Import 2 links' });
    expect(await importButton.isDisabled()).toBe(true);
    await expectAccessible(page, '/shortlink-manager (CSV columns)');

    await dialog.getByRole('button', { name: 'Check' }).click();
    const problems = dialog.getByRole('table', { name: /Problems by row/ });
    await problems.waitFor();
    expect(await problems.getByRole('row').nth(1).innerText()).toMatch(
      /^2\s+Target URL\s+Only valid http\(s\) URLs are allowed\.$/,
    );
    expect(await importButton.isDisabled()).toBe(true);
    await expectAccessible(page, '/shortlink-manager (CSV check with problems)');
    // Nothing was stored by the check.
    expect(await findLink(one)).toBeUndefined();

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await file.setInputFiles(csvFile('https://www.rfc-editor.org/rfc/rfc7111'));
    await dialog.getByLabel('Target URL (required)').selectOption({ label: 'Address' });
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('All 2 rows are ready').waitFor();
    await importButton.click();
    await toast(page, 'Imported', '2 shortlinks imported successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await findLink(one)).toMatchObject({ title: 'CSV one', tags: [] });
    expect(await findLink(two)).toMatchObject({ targetUrl: 'https://www.rfc-editor.org/rfc/rfc7111' });
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
    expect(await page.title()).toBe('Landing');
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
    await admin.getByRole('list', { name: 'Top links by clicks' }).getByText('Visitor test').waitFor();
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
