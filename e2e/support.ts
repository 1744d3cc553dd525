import AxeBuilder from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, expect, inject } from 'vitest';

export const baseURL = inject('baseURL');
export const adminPassword = inject('adminPassword');

/** A desktop browser: headless Chromium's own user agent says "HeadlessChrome", which counts as a bot. */
export const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];

/** The suite's one Chromium (started by global-setup), connected once per test file. */
async function sharedBrowser(): Promise<Browser> {
  browser ??= await chromium.connect(inject('wsEndpoint'));
  return browser;
}

afterAll(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
  await browser?.close();
  browser = undefined;
});

const CONSENT_GIVEN = JSON.stringify({ necessary: true, analytics: false, advertising: false, functional: false });

export interface PageOptions extends BrowserContextOptions {
  /** Start with the cookie banner already answered (default true), so it does not cover the page. */
  consent?: boolean;
}

/** A fresh page in its own context (own storage), failing the test on any uncaught page error. */
export async function newPage({ consent = true, ...options }: PageOptions = {}): Promise<Page> {
  const context = await (
    await sharedBrowser()
  ).newContext({
    baseURL,
    viewport: { width: 1280, height: 900 },
    ...options,
    ...(consent
      ? {
          storageState: {
            cookies: [],
            origins: [{ origin: baseURL, localStorage: [{ name: 'cookie-consent', value: CONSENT_GIVEN }] }],
          },
        }
      : {}),
  });
  contexts.push(context);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Anything the Content Security Policy refused, reported by the page itself (console is the channel
  // that survives navigations); Chromium reports a worker's violations on its page too.
  await page.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.warn(`${prefix}${event.effectiveDirective} refused ${event.blockedURI} in ${event.sourceFile}`),
    );
  }, CSP_PREFIX);
  page.on('console', (message) => {
    if (message.text().startsWith(CSP_PREFIX)) errors.push(message.text());
  });
  uncaught.set(page, errors);
  return page;
}

const CSP_PREFIX = 'CSP violation: ';

const uncaught = new WeakMap<Page, string[]>();

/** Uncaught exceptions the page threw, and what its CSP refused, since newPage(). */
export function pageErrors(page: Page): string[] {
  return uncaught.get(page) ?? [];
}

/** No axe-core violations of WCAG 2.x A/AA (docs/decisions/0008-quality-bars.md). */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  await toastsAtRest(page);
  let results = await axeCheck(page);
  // A toast that changes between the wait and axe's measure (one dismissed on its timer, the next
  // coming to the front and fading its text in) is measured half way. Such findings alone are
  // measured again once the toaster is still: a real fault of a toast is found both times.
  if (results.violations.length > 0 && (await onlyInToaster(page, results.violations))) {
    await page.waitForTimeout(TOAST_SETTLE_MS);
    await toastsAtRest(page);
    results = await axeCheck(page);
  }
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** Longer than sonner's transitions (400 ms), so a toast caught moving has come to rest. */
const TOAST_SETTLE_MS = 600;

/** Waits until shown toasts are opaque and nothing in the toaster is animating. */
async function toastsAtRest(page: Page): Promise<void> {
  // A toast fading in is measured against what is behind it: wait until shown toasts are opaque.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-sonner-toast][data-visible="true"]')].every(
      (toast) => getComputedStyle(toast).opacity === '1',
    ),
  );
  // A toast pushed behind a newer one fades its content out (sonner's stack), and one sliding in or
  // out moves: axe would measure text half way. Wait until nothing in the toaster is animating.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => {
      const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
      // A spinner turns for ever: only what ends is waited for.
      const ends = animation.effect?.getTiming().iterations !== Infinity;
      return animation.playState !== 'running' || !ends || !target?.closest('[data-sonner-toaster]');
    }),
  );
}

function axeCheck(page: Page) {
  return (
    new AxeBuilder({ page })
      // Legacy mode runs axe in the page itself. The default opens a second, blank page per check
      // to merge the results of cross-origin frames, which our pages do not have (axe's
      // frame-tested rule would report one it could not reach); that page made each check about
      // twice as slow, and the suite runs well over a hundred checks.
      .setLegacyMode(true)
      // A toast on its way out (sonner keeps it in the DOM while it animates away) is not interactive.
      .exclude('[data-sonner-toaster] li[data-visible="false"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
  );
}

/** True when every node of every violation sits inside the toaster (axe's targets are selectors of this page). */
function onlyInToaster(page: Page, violations: { nodes: { target: unknown[] }[] }[]): Promise<boolean> {
  const selectors = violations.flatMap((violation) => violation.nodes.map((node) => node.target.map(String)));
  return page.evaluate(
    (all) =>
      all.every((target) => {
        // One selector per frame; our pages have none, so the last one is in this document.
        const element = document.querySelector(target.at(-1) ?? '');
        return element?.closest('[data-sonner-toaster]') != null;
      }),
    selectors,
  );
}

/** Clicks what starts a download and returns the file's suggested name and its bytes. */
export async function downloadFrom(trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([trigger.page().waitForEvent('download'), trigger.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

/** A session token of the Owner, signed in through the API as the site's own pages do. */
export async function ownerToken(): Promise<string> {
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: adminPassword }),
  });
  const { token } = (await login.json()) as { token?: string };
  if (!token) throw new Error(`The Owner could not sign in: ${login.status}`);
  return token;
}

export interface ApiInit {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as `Authorization: Bearer`; none without it. */
  token?: string;
  userAgent?: string;
}

/** The API as a script sees it, JSON in and out: the answer's status and its body (null when empty). */
export async function apiCall<T>(path: string, init: ApiInit = {}): Promise<{ status: number; body: T }> {
  const { status, text } = await send(path, init);
  return { status, body: (text ? JSON.parse(text) : null) as T };
}

/** As apiCall, for a call that must succeed: the body, and any answer but a 2xx thrown with its status and body. */
export async function apiJson<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { ok, status, text } = await send(path, init);
  if (!ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function send(path: string, { method = 'GET', body, token, userAgent }: ApiInit) {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(userAgent === undefined ? {} : { 'User-Agent': userAgent }),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { ok: response.ok, status: response.status, text: await response.text() };
}

/** A page signed in with `token`, as the manager and admin pages read it (localStorage). */
export async function signedInPage(token: string, options: PageOptions = {}): Promise<Page> {
  const page = await newPage(options);
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('shortlinkAdminToken', value), token);
  return page;
}
