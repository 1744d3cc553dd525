/**
 * Performance budgets for the public pages, measured in Chromium against the built app
 * (docs/decisions/0013-performance-goals.md):
 * - zod is only fetched by the pages that validate a form or stored data in the page (admin, contact,
 *   IP lookup, speed test, shortlink manager), never by the home page, the blog or a tool that only
 *   reads its settings from the address;
 * - the blog makes no Intl call: the first one loads the browser's locale data (tens of
 *   milliseconds of main thread, src/lib/format.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { baseURL, newPage, ownerToken } from './support';
import { builtCode, recordCode } from './budgets-support';

/**
 * zod's core, recognised by content too: it names its schema classes in text (`$ZodObject`), which
 * minifying keeps; the app's own code never spells these names.
 */
const isZod = (text: string) => text.includes('$ZodObject') && text.includes('$ZodString');

/** URL paths of the built scripts that hold zod. */
const zodFiles = new Set<string>();

beforeAll(() => {
  for (const { file, url, bytes } of builtCode()) {
    if (!file.endsWith('.wasm') && isZod(bytes.toString('latin1'))) zodFiles.add(url);
  }
});

/** The recorded URLs of built scripts that hold zod. */
function zodIn(urls: string[]): string[] {
  return urls.filter((url) => new URL(url).origin === baseURL && zodFiles.has(new URL(url).pathname));
}

describe('zod stays off the public pages', () => {
  const run = Math.random().toString(36).slice(2, 8);
  const postTitle = `No zod ${run}`;
  const linkTitle = `No zod link ${run}`;
  let shortCode = '';

  beforeAll(async () => {
    const token = await ownerToken();
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const post = await fetch(`${baseURL}/api/blog`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: postTitle, slug: `no-zod-${run}`, content: '<p>Read only.</p>', published: true }),
    });
    expect(post.status).toBe(201);
    const link = await fetch(`${baseURL}/api/shortlinks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: linkTitle, targetUrl: 'https://example.com/no-zod' }),
    });
    expect(link.status).toBe(201);
    shortCode = ((await link.json()) as { shortCode: string }).shortCode;
  });

  it('finds zod in the build by content', () => {
    // Guards the marker: without it the checks below would pass vacuously.
    expect(zodFiles.size).toBeGreaterThan(0);
  });

  /** The zod scripts a logged-out visit of `route` fetches, once its heading shows and the network is idle. */
  async function zodFetchedBy(route: string, heading: string): Promise<{ zod: string[]; urls: string[] }> {
    const page = await newPage({ consent: false });
    const urls = recordCode(page);
    await page.goto(route, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.context().close();
    expect(urls.length).toBeGreaterThan(0);
    return { zod: zodIn(urls), urls };
  }

  it.each([
    { path: '/', heading: 'Security & Image Toolbox' },
    { path: '/blog', heading: 'Blog' },
    { path: `/blog/no-zod-${run}`, heading: postTitle },
    { path: '/about', heading: 'About Toolvault' },
    { path: '/hash-generator', heading: 'Hash Generator (MD5, SHA1, SHA256 etc.)' },
    { path: '/image-compressor', heading: 'Image Compressor' },
    { path: '/password-generator', heading: 'Password Generator' },
  ])('$path loads no zod', async ({ path: route, heading }) => {
    const { zod, urls } = await zodFetchedBy(route, heading);
    expect(zod, urls.join('\n')).toEqual([]);
  });

  it("a short link's preview page loads no zod", async () => {
    const { zod, urls } = await zodFetchedBy(`/${shortCode}`, linkTitle);
    expect(zod, urls.join('\n')).toEqual([]);
  });

  it('/contact, which checks its form in the page, does load zod (so the checks above can fail)', async () => {
    const { zod } = await zodFetchedBy('/contact', 'Contact Us');
    expect(zod).not.toEqual([]);
  });

  /**
   * The Intl calls (and locale-aware String/Number/Date methods) a logged-out visit of `route`
   * makes before its heading shows and the network is idle. The first one costs the page the
   * loading of the browser's locale data (src/lib/format.ts says how much).
   */
  async function intlUsedBy(route: string, heading: string): Promise<string[]> {
    const page = await newPage({ consent: false });
    await page.addInitScript(() => {
      const calls: string[] = [];
      (window as unknown as { intlCalls: string[] }).intlCalls = calls;
      const methods: [object, string, string][] = [
        [Number.prototype, 'toLocaleString', 'Number'],
        [Date.prototype, 'toLocaleString', 'Date'],
        [Date.prototype, 'toLocaleDateString', 'Date'],
        [Date.prototype, 'toLocaleTimeString', 'Date'],
        [String.prototype, 'localeCompare', 'String'],
      ];
      for (const [owner, name, label] of methods) {
        const original = (owner as Record<string, (...args: unknown[]) => unknown>)[name]!;
        Object.defineProperty(owner, name, {
          configurable: true,
          writable: true,
          value(this: unknown, ...args: unknown[]) {
            calls.push(`${label}.${name}`);
            return original.apply(this, args);
          },
        });
      }
      const intl = Intl as unknown as Record<string, new (...args: unknown[]) => unknown>;
      for (const name of [
        'NumberFormat',
        'DateTimeFormat',
        'ListFormat',
        'PluralRules',
        'RelativeTimeFormat',
        'Collator',
        'Segmenter',
      ]) {
        const original = intl[name];
        if (!original) continue;
        intl[name] = new Proxy(original, {
          construct(target, args) {
            calls.push(`Intl.${name}`);
            return Reflect.construct(target, args) as object;
          },
          apply(target, self, args) {
            calls.push(`Intl.${name}`);
            return Reflect.apply(target, self, args) as unknown;
          },
        });
      }
    });
    await page.goto(route, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    const calls = await page.evaluate(() => (window as unknown as { intlCalls: string[] }).intlCalls);
    await page.context().close();
    return calls;
  }

  it.each([
    { path: '/blog', heading: 'Blog' },
    { path: `/blog/no-zod-${run}`, heading: postTitle },
  ])('$path, with its post count, dates and views, makes no Intl call', async ({ path: route, heading }) => {
    expect(await intlUsedBy(route, heading)).toEqual([]);
  });

  it('/terms-of-service, which joins a list with Intl.ListFormat, is seen making Intl calls (so the check above can fail)', async () => {
    expect(await intlUsedBy('/terms-of-service', 'Terms of Service')).toContain('Intl.ListFormat');
  });
});
