/**
 * The HTML of each lazy route names the route's chunks (modulepreload, built from
 * dist/route-chunks.json by the server) so the browser fetches them alongside the entry script.
 * In a real browser: a page fetches exactly the scripts it fetches without those links (nothing
 * preloaded that the route would not load, so no extra bytes), each once, and the links name what
 * the route's first screen needs.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, newPage, pageErrors } from './support';

const PRELOAD = /<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)">\n?/g;

/** The hrefs of the route's own links: those index.html itself does not have. */
async function routeLinks(route: string): Promise<{ html: string; hrefs: string[]; plain: string }> {
  const [html, home] = await Promise.all(
    [route, '/'].map(async (url) => (await fetch(`${baseURL}${url}`, { headers: { Accept: 'text/html' } })).text()),
  );
  const inIndex = new Set([...(home ?? '').matchAll(PRELOAD)].map((match) => match[1]));
  const page = html ?? '';
  const own = [...page.matchAll(PRELOAD)].filter((match) => !inIndex.has(match[1]));
  // The same page without the route's links, as the server answered before it added them.
  const plain = own.reduce((text, match) => text.replace(match[0], ''), page);
  return { html: page, hrefs: own.map((match) => match[1] ?? ''), plain };
}

/**
 * The last script every page asks for: the layout registers the service worker once the page has
 * rendered (PwaUpdater), and the registration's module then loads this one.
 */
const LAST_SCRIPT = /\/assets\/workbox-window[^/]*\.js$/;

/**
 * Loads the route (optionally with its document replaced) and lists the same-origin scripts it
 * requested once its screen's chunk and the last script have been asked for and no further script
 * has been for a while.
 */
async function scriptsLoaded(
  route: string,
  screen: RegExp,
  document?: string,
): Promise<{ page: Page; scripts: string[] }> {
  const page = await newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === baseURL && url.pathname.endsWith('.js') && !url.pathname.endsWith('sw.js')) {
      scripts.push(url.pathname);
    }
  });
  if (document !== undefined) {
    await page.route(`${baseURL}${route}`, (request) =>
      request.fulfill({ status: 200, contentType: 'text/html', body: document }),
    );
  }
  await page.goto(route, { waitUntil: 'networkidle' });
  // 'networkidle' can come before the entry script, slow to run on a busy machine, has asked for
  // the screen's chunk at all: wait for it and for the last script, then until no further script
  // is requested for 750 ms. Without the links the screen renders later (its chunks come one after
  // the other), and on a busy machine the service worker's scripts came after a quiet 750 ms.
  await expect
    .poll(() => [screen, LAST_SCRIPT].every((script) => scripts.some((path) => script.test(path))), {
      timeout: 15_000,
    })
    .toBe(true);
  for (let seen = -1; seen !== scripts.length;) {
    seen = scripts.length;
    await page.waitForTimeout(750);
  }
  return { page, scripts };
}

describe('route chunks preloaded from the HTML', () => {
  it.each([
    ['/blog', /\/assets\/BlogListPage-[^/]+\.js$/],
    ['/hash-generator', /\/assets\/HashGeneratorTool-[^/]+\.js$/],
    ['/base64', /\/assets\/Base64Tool-[^/]+\.js$/],
    ['/about', /\/assets\/AboutPage-[^/]+\.js$/],
    ['/blog-admin', /\/assets\/BlogAdminPage-[^/]+\.js$/],
    ['/blog/no-such-post', /\/assets\/BlogPostPage-[^/]+\.js$/],
  ])('%s preloads its screen, and fetches the same scripts as without the links, each once', async (route, screen) => {
    const { hrefs, plain } = await routeLinks(route);
    const scripts = hrefs.filter((href) => href.endsWith('.js'));
    expect(scripts[0]).toMatch(screen);

    const withLinks = await scriptsLoaded(route, screen);
    const without = await scriptsLoaded(route, screen, plain);
    expect(pageErrors(withLinks.page)).toEqual([]);
    expect([...withLinks.scripts].sort()).toEqual([...new Set(without.scripts)].sort());
    // Everything preloaded is something the route loads on its own.
    for (const href of scripts) expect(without.scripts).toContain(href);
  });

  it.each(['/', '/no/such/page'])('%s, whose screen is in the entry, adds no links of its own', async (route) => {
    expect((await routeLinks(route)).hrefs).toEqual([]);
  });
});
