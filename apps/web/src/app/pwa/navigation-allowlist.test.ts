import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, navigationAllowlist } from './navigation-allowlist';

/** The decision Workbox's NavigationRoute makes: allowlisted and not denylisted (pathname + search). */
function servedFromCache(pathAndSearch: string, allowlist = navigationAllowlist()): boolean {
  return (
    allowlist.some((pattern) => pattern.test(pathAndSearch)) &&
    !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathAndSearch))
  );
}

describe('navigationAllowlist', () => {
  it.each([
    ['/', true],
    ['/?utm=1', true],
    ['/base64', true],
    ['/base64/', true],
    ['/hash-generator?text=abc', true],
    ['/image-ocr', true],
    ['/shortlink-manager', true],
    ['/about', true],
    ['/blog', true],
    ['/blog?category=news', true],
    ['/blog/hello-world', true],
    ['/blog-admin', true],
    ['/login', true],
    // One-segment paths that are not pages are short codes: the server answers them.
    ['/abc123', false],
    ['/base64x', false],
    ['/xbase64', false],
    ['/base64/extra', false],
    ['/api/health', false],
    ['/api', false],
    ['/sample-shortlinks.json', false],
    ['/blog/rss.xml', false],
    ['/sitemap.xml', false],
    ['/sitemap-posts-2.xml', false],
    ['/robots.txt', false],
    ['/vendor/tesseract/worker.min.js', false],
    ['/blog/a/b', false],
    ['', false],
  ])('%s → served from cache: %s', (path, expected) => {
    expect(servedFromCache(path)).toBe(expected);
  });

  it('builds the page pattern from the segments it is given, escaping them', () => {
    const allowlist = navigationAllowlist(['a.b']);
    expect(servedFromCache('/a.b', allowlist)).toBe(true);
    expect(servedFromCache('/axb', allowlist)).toBe(false);
    expect(servedFromCache('/base64', allowlist)).toBe(false);
  });
});
