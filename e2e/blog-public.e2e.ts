// The blog's public pages: paging through a category, highlighted code, script payloads shown as text,
// the editor's code kept off the reader's pages, dark mode and a small phone.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_UA, baseURL, expectAccessible, newPage, pageErrors } from './support';
import {
  adminPage,
  adminPostItem,
  api,
  blogLoaded,
  editorOf,
  logIn,
  token,
  unique,
  watchDialogs,
  type Post,
} from './blog-support';

/** The editor's code (Quill and its snow theme) lives only in this chunk (docs/decisions/0008-quality-bars.md). */
const EDITOR_CHUNK = /RichTextEditor|quill/i;

/** Script and stylesheet paths the page requested. */
function recordAssets(page: Page): string[] {
  const assets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet')
      assets.push(new URL(request.url()).pathname);
  });
  return assets;
}

async function expectNoScriptMarkup(scope: Locator) {
  expect(await scope.locator('script').count()).toBe(0);
  expect(await scope.locator('[onerror], [onload], [onclick]').count()).toBe(0);
  expect(await scope.locator('a[href^="javascript:" i]').count()).toBe(0);
}

beforeAll(logIn);

describe('blog admin and blog', () => {
  it('pages through a category on /blog; the page and the category survive a reload', async () => {
    const suffix = unique();
    const category = await api<{ id: number; slug: string; name: string }>('/api/categories', {
      method: 'POST',
      body: { name: `Paging ${suffix}`, slug: `paging-${suffix}` },
    });
    const created: Post[] = [];
    for (let i = 1; i <= 23; i += 1) {
      created.push(
        await api<Post>('/api/blog', {
          method: 'POST',
          body: {
            title: `Paged ${suffix} ${String(i).padStart(2, '0')}`,
            slug: `paged-${suffix}-${i}`,
            content: `<p>Summary of post ${i} in the paging test.</p>`,
            category_id: category.id,
            published: true,
          },
        }),
      );
    }
    const page = await newPage({ userAgent: VISITOR_UA });
    const errors = pageErrors(page);
    const cardTitles = () =>
      page
        .getByRole('region', { name: `Posts in ${category.name}` })
        .getByRole('article')
        .getByRole('heading')
        .allTextContents();

    await page.goto('/blog');
    await blogLoaded(page);
    await page
      .getByRole('navigation', { name: 'Filter by category' })
      .getByRole('link', { name: category.name })
      .click();
    await page.waitForURL(`**/blog?category=${category.slug}`);
    await blogLoaded(page);
    // Ten a page, newest first, each with the excerpt the server cut.
    await expect.poll(cardTitles).toEqual(Array.from({ length: 10 }, (_, i) => `Paged ${suffix} ${23 - i}`));
    await page.getByText('Summary of post 23 in the paging test.').waitFor();

    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await pager.getByRole('link', { name: 'Page 3' }).click();
    await page.waitForURL(`**/blog?category=${category.slug}&page=3`);
    await blogLoaded(page);
    await expect.poll(cardTitles).toEqual(['03', '02', '01'].map((n) => `Paged ${suffix} ${n}`));
    expect(await pager.getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');

    await page.reload();
    await blogLoaded(page);
    expect(new URL(page.url()).search).toBe(`?category=${category.slug}&page=3`);
    await expect.poll(cardTitles).toEqual(['03', '02', '01'].map((n) => `Paged ${suffix} ${n}`));

    await pager.getByRole('link', { name: 'Previous' }).click();
    await page.waitForURL(`**/blog?category=${category.slug}&page=2`);
    await blogLoaded(page);
    await expect
      .poll(cardTitles)
      .toEqual(Array.from({ length: 10 }, (_, i) => `Paged ${suffix} ${String(13 - i).padStart(2, '0')}`));
    await expectAccessible(page, '/blog (page 2 of a category)');

    // "All" drops the category and the page.
    await page.getByRole('navigation', { name: 'Filter by category' }).getByRole('link', { name: 'All' }).click();
    await page.waitForURL(/\/blog$/);
    expect(errors).toEqual([]);
    await page.context().close();

    // A first visit of that address gets its data with the page: no call for the list, the popular
    // posts or the categories leaves the browser, and the cards are those of page 3. They are in the
    // app's very first render (the screen's chunk fetched before it, the queries started with the
    // page's data), not in a second one after a loading state.
    const visitor = await newPage({ userAgent: VISITOR_UA });
    await visitor.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const root = document.getElementById('root')!;
        const observer = new MutationObserver(() => {
          if (root.childElementCount === 0) return;
          observer.disconnect();
          root.dataset.firstRender = root.innerText;
        });
        observer.observe(root, { childList: true });
      });
    });
    const blogCalls: string[] = [];
    visitor.on('request', (request) => {
      const url = new URL(request.url());
      if (/^\/api\/(blog|categories)/.test(url.pathname)) blogCalls.push(url.pathname + url.search);
    });
    await visitor.goto(`/blog?category=${category.slug}&page=3`);
    await blogLoaded(visitor);
    await visitor.getByRole('heading', { level: 3, name: `Paged ${suffix} 03` }).waitFor();
    await visitor.getByRole('heading', { name: 'Popular Posts' }).waitFor();
    expect(blogCalls).toEqual([]);
    const firstRender = await visitor.locator('#root').getAttribute('data-first-render');
    expect(firstRender).toContain(`Paged ${suffix} 03`);
    expect(firstRender).toContain('Popular Posts');
    expect(firstRender).not.toContain('Loading blog posts');
    // The next page is asked of the API as before.
    await visitor.getByRole('navigation', { name: 'Blog pages' }).getByRole('link', { name: 'Previous' }).click();
    await visitor.getByRole('heading', { level: 3, name: `Paged ${suffix} 13` }).waitFor();
    expect(blogCalls).toEqual([`/api/blog?page=2&category=${category.slug}`]);
    expect(pageErrors(visitor)).toEqual([]);
    await visitor.context().close();
    for (const post of created) await api(`/api/blog/posts/${post.id}`, { method: 'DELETE' });
    await api(`/api/categories/${category.id}`, { method: 'DELETE' });
  });

  it('highlights the code blocks of a published post and in the editor, accessibly in light and dark', async () => {
    const run = unique();
    const content =
      '<p>Example:</p><pre data-language="javascript">const greeting = "&lt;script&gt;alert(1)&lt;/script&gt;";\n' +
      'function answer() {\n  return 42; // the answer\n}\n</pre><pre data-language="python">def greet(name):\n    return name\n</pre>';
    const created = await api<Post & { content: string }>('/api/blog', {
      method: 'POST',
      body: { title: `E2E Code ${run}`, slug: `e2e-code-${run}`, content, published: true },
    });
    expect(created.content).toContain('<pre data-language="javascript">');

    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await newPage({ userAgent: VISITOR_UA, colorScheme });
      const dialogs = watchDialogs(page);
      await page.goto(`/blog/${created.slug}`);
      const article = page.getByRole('article');
      await article.locator('pre.hljs .hljs-keyword').first().waitFor();
      expect(await article.locator('pre').first().locator('.hljs-keyword').allTextContents()).toEqual([
        'const',
        'function',
        'return',
      ]);
      expect(await article.locator('pre').nth(1).locator('.hljs-keyword').first().textContent()).toBe('def');
      expect(await article.locator('pre .hljs-string').first().textContent()).toBe('"<script>alert(1)</script>"');
      await expectNoScriptMarkup(article);
      // Tokens are coloured, not just classed: the theme applies to the post body.
      const colours = await article
        .locator('pre')
        .first()
        .evaluate((block) =>
          [block, block.querySelector('.hljs-keyword'), block.querySelector('.hljs-comment')].map(
            (element) => element && getComputedStyle(element).color,
          ),
        );
      expect(new Set(colours).size).toBe(3);
      await expectAccessible(page, `/blog/:slug with code (${colorScheme})`);
      expect(dialogs).toEqual([]);
      expect(pageErrors(page)).toEqual([]);
      await page.context().close();
    }

    // The editor highlights the same blocks (after its one-second pause) and names their language picker.
    const admin = await adminPage();
    await admin.getByRole('button', { name: `Edit E2E Code ${run}` }).click();
    const editor = editorOf(admin);
    await expect
      .poll(() => editor.locator('.ql-code-block-container .hljs-keyword').count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await editor.getByRole('combobox', { name: 'Code language' }).first().inputValue()).toBe('javascript');
    await expectAccessible(admin, '/blog-admin editing a post with code');
    expect(pageErrors(admin)).toEqual([]);
    await admin.context().close();
    await api(`/api/blog/posts/${created.id}`, { method: 'DELETE' });
  });

  it('shows script payloads in a title, tags and content as text and never runs them', async () => {
    const run = unique();
    const payload = `<img src=x onerror=alert(1)><script>alert(1)</script> ${run}`;
    const created = await api<Post>('/api/blog', {
      method: 'POST',
      body: {
        title: payload,
        slug: `e2e-xss-${run}`,
        content: [
          '<p>Safe <strong>text</strong></p>',
          '<img src=x onerror=alert(1)>',
          '<script>alert(1)</script>',
          '<a href="javascript:alert(1)">click me</a>',
          '<svg><script>alert(1)</script></svg>',
          '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
        ].join(''),
        tags: ['<script>alert(1)</script>'],
        published: true,
      },
    });
    const page = await newPage();
    const dialogs = watchDialogs(page);

    await page.goto('/blog');
    await blogLoaded(page);
    const card = page.getByRole('article').filter({ hasText: run });
    await card.getByRole('link', { name: payload }).waitFor();
    expect(await card.getByRole('list', { name: 'Tags' }).textContent()).toBe('<script>alert(1)</script>');
    await expectNoScriptMarkup(page.locator('main'));
    expect(await page.locator('main img[src="x"]').count()).toBe(0);

    await card.getByRole('link', { name: payload }).click();
    await page.waitForURL(`${baseURL}/blog/${created.slug}`);
    const article = page.getByRole('article');
    await article.getByRole('heading', { level: 1, name: payload }).waitFor();
    await article.getByText('click me').click();
    await expectNoScriptMarkup(article);
    expect(await article.locator('img[src="x"]').count()).toBe(0);
    expect(await page.title()).toBe(`${payload} — Toolvault`);

    // The admin list shows the payload as text too.
    await page.evaluate((value) => localStorage.setItem('shortlinkAdminToken', value), token);
    await page.goto('/blog-admin');
    await adminPostItem(page, payload).waitFor();
    await expectNoScriptMarkup(page.getByRole('list', { name: 'All Posts' }));
    await page.getByRole('button', { name: `Edit ${payload}` }).click();
    await expect.poll(() => editorOf(page).innerHTML()).toContain('click me');
    await expectNoScriptMarkup(editorOf(page));

    expect(dialogs).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await api(`/api/blog/posts/${created.id}`, { method: 'DELETE' });
    await page.context().close();
  });

  it('loads the editor only on the logged-in admin page, and the logged-out pages are accessible', async () => {
    const run = unique();
    const created = await api<Post>('/api/blog', {
      method: 'POST',
      body: { title: `E2E Chunk ${run}`, slug: `e2e-chunk-${run}`, content: '<p>Plain</p>', published: true },
    });
    const page = await newPage();
    const assets = recordAssets(page);

    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/blog');
    await blogLoaded(page);
    await page
      .getByRole('link', { name: `E2E Chunk ${run}` })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: `E2E Chunk ${run}` }).waitFor();
    await page.goto('/blog-admin');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await expectAccessible(page, '/blog-admin (logged out)');
    await page.goto('/blog/no-such-post-here');
    await page.getByRole('heading', { level: 1, name: 'Blog post not found' }).waitFor();
    await expectAccessible(page, '/blog/:slug (not found)');
    expect(assets.length).toBeGreaterThan(0);
    expect(assets.filter((path) => EDITOR_CHUNK.test(path))).toEqual([]);

    // The same check can fail: logged in, the admin page does fetch the editor chunk.
    await page.evaluate((value) => localStorage.setItem('shortlinkAdminToken', value), token);
    await page.goto('/blog-admin');
    await editorOf(page).waitFor();
    expect(assets.filter((path) => EDITOR_CHUNK.test(path)).length).toBeGreaterThan(0);

    expect(pageErrors(page)).toEqual([]);
    await api(`/api/blog/posts/${created.id}`, { method: 'DELETE' });
    await page.context().close();
  });

  it('is accessible in dark mode', async () => {
    const run = unique();
    const created = await api<Post>('/api/blog', {
      method: 'POST',
      body: {
        title: `E2E Dark ${run}`,
        slug: `e2e-dark-${run}`,
        content:
          '<h2>Heading</h2><p><strong>b</strong> <a href="https://example.com/">link</a></p><ol><li>one</li></ol><pre>code</pre>',
        tags: ['dark'],
        published: true,
      },
    });
    const page = await adminPage({ colorScheme: 'dark' });
    await editorOf(page).waitFor();
    await page.getByRole('heading', { name: `E2E Dark ${run}` }).waitFor();
    await expectAccessible(page, '/blog-admin (dark)');
    await page.goto('/blog');
    await blogLoaded(page);
    await expectAccessible(page, '/blog (dark)');
    await page.goto(`/blog/${created.slug}`);
    await page.getByRole('heading', { level: 1, name: `E2E Dark ${run}` }).waitFor();
    await expectAccessible(page, '/blog/:slug (dark)');
    await api(`/api/blog/posts/${created.id}`, { method: 'DELETE' });
    await page.context().close();
  });

  it('is usable at 360 px without horizontal overflow', async () => {
    const page = await adminPage({ viewport: { width: 360, height: 740 } });
    await editorOf(page).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto('/blog');
    await blogLoaded(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.context().close();
  });
});
