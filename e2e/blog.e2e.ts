import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPassword, baseURL, expectAccessible, newPage, pageErrors } from './support';

interface Post {
  id: number;
  slug: string;
  title: string;
  published: boolean;
  view_count: number;
}

/** A desktop browser: headless Chromium's own user agent says "HeadlessChrome", which isbot counts as a bot. */
const VISITOR_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** A 1×1 PNG, so the image inserted in the editor needs no request to another origin. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/** The editor's code (Quill and its snow theme) lives only in this chunk (docs/decisions/0008-quality-bars.md). */
const EDITOR_CHUNK = /RichTextEditor|quill/i;

let token = '';

/** A crawler's user agent: its reads of a post are never counted as views. */
const CRAWLER_UA = 'Googlebot/2.1 (+http://www.google.com/bot.html)';

async function api<T>(path: string, init: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      'User-Agent': CRAWLER_UA,
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.auth === false ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: init.body === undefined ? null : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const statusOf = async (path: string, auth = false) =>
  (
    await fetch(`${baseURL}${path}`, {
      headers: { 'User-Agent': CRAWLER_UA, ...(auth ? { Authorization: `Bearer ${token}` } : {}) },
    })
  ).status;

/** A unique suffix per run, so reruns against the same server never collide. */
const unique = () => Math.random().toString(36).slice(2, 8);

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

/** Fails the test if anything opens an alert/confirm/prompt (a script payload that ran). */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return dialogs;
}

/** Script and stylesheet paths the page requested. */
function recordAssets(page: Page): string[] {
  const assets: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet')
      assets.push(new URL(request.url()).pathname);
  });
  return assets;
}

/** A page already holding the admin token (a stored token means logged in). */
async function adminPage(options: Parameters<typeof newPage>[0] = {}): Promise<Page> {
  const page = await newPage(options);
  await page.goto('/robots.txt');
  await page.evaluate((value) => localStorage.setItem('shortlinkAdminToken', value), token);
  await page.goto('/blog-admin');
  await page.getByRole('heading', { level: 1, name: 'Blog Admin' }).waitFor();
  return page;
}

const postForm = (page: Page) => page.getByRole('form', { name: /^(New|Edit) Post$/ });
const categoryForm = (page: Page) => page.getByRole('form', { name: /^(New|Edit) Category$/ });
const editorOf = (page: Page) => postForm(page).getByRole('textbox', { name: 'Content' });
const adminPostItem = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'All Posts' })
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function blogLoaded(page: Page) {
  await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
  await page.getByText('Loading blog posts...').waitFor({ state: 'detached' });
}

async function expectNoScriptMarkup(scope: Locator) {
  expect(await scope.locator('script').count()).toBe(0);
  expect(await scope.locator('[onerror], [onload], [onclick]').count()).toBe(0);
  expect(await scope.locator('a[href^="javascript:" i]').count()).toBe(0);
}

beforeAll(async () => {
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: adminPassword }),
  });
  token = ((await login.json()) as { token: string }).token;
  expect(token).toBeTruthy();
});

describe('blog admin and blog', () => {
  it('logs in at /login, creates a category and a rich post, finds it on /blog, edits, unpublishes and deletes it', async () => {
    const run = unique();
    const categoryName = `E2E Category ${run}`;
    const categorySlug = `e2e-category-${run}`;
    const title = `E2E Rich Post ${run}`;
    const slug = `e2e-rich-post-${run}`;
    const page = await newPage({ userAgent: VISITOR_UA });
    const dialogs = watchDialogs(page);

    // Log in at /login → /blog-admin.
    await page.goto('/login');
    await page.getByPlaceholder('Admin Password').waitFor();
    await expectAccessible(page, '/login');
    await page.getByPlaceholder('Admin Password').fill(adminPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseURL}/blog-admin`);
    await page.getByRole('heading', { level: 1, name: 'Blog Admin' }).waitFor();
    await editorOf(page).waitFor();
    await page.getByRole('heading', { name: 'Contact Messages' }).waitFor();
    await expectAccessible(page, '/blog-admin (logged in, editor visible)');

    // Category: the required message first, then a real one.
    await categoryForm(page).getByRole('button', { name: 'Create Category' }).click();
    await categoryForm(page).getByRole('alert').filter({ hasText: 'Name and Slug are required.' }).waitFor();
    await categoryForm(page).getByLabel('Category Name').fill(categoryName);
    await categoryForm(page).getByLabel('Category Slug').fill(categorySlug);
    await categoryForm(page).getByLabel('Description (optional)').fill('Made by the browser suite');
    await categoryForm(page).getByRole('button', { name: 'Create Category' }).click();
    await toast(page, 'Category created').waitFor();
    const categories = page.getByRole('list', { name: 'All Categories' });
    await categories.getByRole('heading', { name: categoryName }).waitFor();
    await expect.poll(() => categoryForm(page).getByLabel('Category Name').inputValue()).toBe('');

    // Post: the required message is shown and nothing is sent.
    let posted = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/blog') posted += 1;
    });
    await postForm(page).getByRole('button', { name: 'Create Post' }).click();
    await postForm(page).getByRole('alert').filter({ hasText: 'Title, Slug, and Content are required.' }).waitFor();
    expect(posted).toBe(0);

    const form = postForm(page);
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByRole('button', { name: 'Generate from title' }).click();
    expect(await form.getByLabel('Slug', { exact: true }).inputValue()).toBe(slug);
    await form.getByLabel('Author').fill('E2E Bot');
    await form.getByLabel('Tags (comma separated)').fill('e2e, rich text');
    await form.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
    await form.getByLabel('Published').check();

    // Rich text typed into Quill: bold with Ctrl+B, a bullet list and a link from the toolbar.
    const editor = editorOf(page);
    // The placeholder promises no Markdown support the editor does not have.
    expect(await editor.getAttribute('aria-placeholder')).toBe('Write your post…');
    expect(await editor.evaluate((element) => element.getBoundingClientRect().height)).toBeGreaterThanOrEqual(200);
    await editor.click();
    await page.keyboard.type('Intro with ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold words');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('first item');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second item');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Visit OWASP');
    await page.keyboard.press('Shift+Home');
    await form.getByRole('button', { name: 'Insert link' }).click();
    const linkInput = form.getByRole('textbox', { name: 'Link address' });
    await linkInput.fill('https://owasp.org/');
    await linkInput.press('Enter');
    await expect.poll(() => editor.innerHTML()).toContain('href="https://owasp.org/"');

    // A javascript: link typed into the tooltip is refused by the editor.
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Bad link');
    await page.keyboard.press('Shift+Home');
    await form.getByRole('button', { name: 'Insert link' }).click();
    await linkInput.fill('javascript:alert(1)');
    await linkInput.press('Enter');
    await expect.poll(() => editor.locator('a', { hasText: 'Bad link' }).getAttribute('href')).toBe('about:blank');

    // The image button asks for an address and refuses anything but http(s) and data images.
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Insert image', exact: true }).click();
    const imageUrl = form.getByRole('textbox', { name: 'Image URL', exact: true });
    await imageUrl.fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Insert Image', exact: true }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: 'Images must use an http, https or data:image address.' })
      .waitFor();
    await imageUrl.fill(PIXEL);
    await form.getByLabel('Image description (alt text)').fill('A single pixel');
    await form.getByRole('button', { name: 'Insert Image', exact: true }).click();
    await imageUrl.waitFor({ state: 'detached' });
    await expect.poll(() => editor.locator('img').getAttribute('alt')).toBe('A single pixel');

    const html = await editor.innerHTML();
    expect(html).toContain('<strong>bold words</strong>');
    expect(await editor.locator('li').count()).toBe(2);

    // Tab leaves the editor instead of inserting a tab (no keyboard trap).
    await editor.focus();
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((element) => element === document.activeElement)).toBe(false);
    await expectAccessible(page, '/blog-admin (post form filled)');

    await form.getByRole('button', { name: 'Create Post' }).click();
    await toast(page, 'Post created').waitFor();
    await expect.poll(() => postForm(page).getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(await postForm(page).getByLabel('Published').isChecked()).toBe(false);
    expect(await editorOf(page).textContent()).toBe('');
    const item = adminPostItem(page, title);
    await item.waitFor();
    for (const text of ['Published', 'By E2E Bot', `Category: ${categoryName}`, 'Views: 0', `/${slug}`])
      expect(await item.textContent()).toContain(text);
    expect(await item.getByRole('list', { name: 'Tags' }).textContent()).toBe('e2erich text');

    // Stored sanitized and with the editor's formats.
    const stored = await api<Post & { content: string }>(`/api/blog/${slug}`, { auth: false });
    expect(stored.content).toContain('<strong>bold words</strong>');
    expect(stored.content).toContain('<a href="https://owasp.org/"');
    expect(stored.content).not.toContain('javascript:');

    // On /blog and in the category filter.
    await page.goto('/blog');
    await blogLoaded(page);
    await page.getByRole('link', { name: title, exact: true }).first().waitFor();
    await expectAccessible(page, '/blog');
    await page
      .getByRole('navigation', { name: 'Filter by category' })
      .getByRole('link', { name: categoryName })
      .click();
    await page.waitForURL(`${baseURL}/blog?category=${categorySlug}`);
    const filtered = page.getByRole('region', { name: `Posts in ${categoryName}` });
    await filtered.getByRole('link', { name: title, exact: true }).waitFor();
    expect(await filtered.getByRole('article').count()).toBe(1);

    // Open it: bold, list, link and image rendered.
    await filtered.getByRole('link', { name: title, exact: true }).click();
    await page.waitForURL(`${baseURL}/blog/${slug}`);
    const article = page.getByRole('article');
    await article.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await article.locator('.blog-prose strong').first().textContent()).toBe('bold words');
    expect(await article.locator('.blog-prose ul > li').allTextContents()).toEqual(['first item', 'second item']);
    const link = article.getByRole('link', { name: 'Visit OWASP' });
    expect(await link.getAttribute('href')).toBe('https://owasp.org/');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await article.getByRole('link', { name: 'Bad link' }).count()).toBe(0);
    expect(await article.getByRole('img', { name: 'A single pixel' }).count()).toBe(1);
    expect(await article.textContent()).toContain('By E2E Bot');
    expect(await article.textContent()).toContain(categoryName);
    expect(await page.title()).toBe(`${title} — Toolvault`);
    expect(await page.locator('meta[property="og:title"]').last().getAttribute('content')).toBe(title);
    await expectAccessible(page, '/blog/:slug');
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await page.waitForURL(`${baseURL}/blog`);

    // Edit: the form is filled; unpublish.
    await page.goto('/blog-admin');
    await adminPostItem(page, title).waitFor();
    expect(await adminPostItem(page, title).textContent()).toContain('Views: 1');
    await page.getByRole('button', { name: `Edit ${title}`, exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Post' }).waitFor();
    const edit = postForm(page);
    expect(await edit.getByLabel('Title', { exact: true }).inputValue()).toBe(title);
    expect(await edit.getByLabel('Tags (comma separated)').inputValue()).toBe('e2e, rich text');
    expect(await edit.getByLabel('Published').isChecked()).toBe(true);
    const selected = await edit.getByLabel('Category', { exact: true }).inputValue();
    expect(selected).toMatch(/^\d+$/);
    await expect.poll(() => editorOf(page).innerHTML()).toContain('<strong>bold words</strong>');
    await edit.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
    await edit.getByLabel('Published').uncheck();
    await edit.getByRole('button', { name: 'Update Post' }).click();
    await toast(page, 'Post updated').waitFor();
    await page.getByRole('heading', { name: 'New Post' }).waitFor();
    await adminPostItem(page, `${title} (edited)`).getByText('Draft', { exact: true }).waitFor();

    // Gone from /blog and from the public post address.
    await page.goto('/blog');
    await blogLoaded(page);
    expect(await page.getByRole('link', { name: `${title} (edited)` }).count()).toBe(0);
    expect(await statusOf(`/api/blog/${slug}`)).toBe(404);
    expect(await statusOf(`/api/blog/${slug}`, true)).toBe(200);

    // Delete, after the confirm dialog; Escape keeps it.
    await page.goto('/blog-admin');
    await adminPostItem(page, `${title} (edited)`).waitFor();
    await page.getByRole('button', { name: `Delete ${title} (edited)` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await dialog.waitFor();
    await expectAccessible(page, '/blog-admin (delete dialog)');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await statusOf(`/api/blog/${slug}`, true)).toBe(200);
    await page.getByRole('button', { name: `Delete ${title} (edited)` }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toast(page, 'Post deleted').waitFor();
    await adminPostItem(page, `${title} (edited)`).waitFor({ state: 'detached' });
    expect(await statusOf(`/api/blog/${slug}`, true)).toBe(404);

    await page.getByRole('button', { name: `Delete ${categoryName}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete this category?' })
      .getByRole('button', { name: 'Delete', exact: true })
      .click();
    await toast(page, 'Category deleted').waitFor();
    await categories.getByRole('heading', { name: categoryName }).waitFor({ state: 'detached' });

    expect(dialogs).toEqual([]);
    expect(pageErrors(page)).toEqual([]);
    await page.context().close();
  });

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

  it('indents list items with Tab and the toolbar, and keeps pasted h4 to h6 headers', async () => {
    const page = await adminPage();
    const form = postForm(page);
    const editor = editorOf(page);
    await editor.click();
    await form.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('top');
    await page.keyboard.press('Enter');
    // Tab at the start of an item nests it one level; the toolbar button nests it once more.
    await page.keyboard.press('Tab');
    await page.keyboard.type('nested');
    await expect.poll(() => editor.innerHTML()).toContain('ql-indent-1');
    await form.getByRole('button', { name: 'Increase indent' }).click();
    await expect.poll(() => editor.innerHTML()).toContain('ql-indent-2');
    await form.getByRole('button', { name: 'Decrease indent' }).click();
    await expect.poll(() => editor.innerHTML()).not.toContain('ql-indent-2');
    // Tab in the middle of a line still leaves the editor (no keyboard trap).
    await page.keyboard.press('Tab');
    expect(await editor.evaluate((element) => element.contains(document.activeElement))).toBe(false);

    // Headers 4 to 6 (pasted, or sent by a client) survive the server's sanitizer and show as headers.
    const suffix = unique();
    const created = await api<Post & { content: string }>('/api/blog', {
      method: 'POST',
      body: {
        title: `Levels ${suffix}`,
        slug: `levels-${suffix}`,
        content: '<h4>Four</h4><h5>Five</h5><h6>Six</h6><ul><li class="ql-indent-8">deep</li></ul>',
        published: true,
      },
    });
    expect(created.content).toBe('<h4>Four</h4><h5>Five</h5><h6>Six</h6><ul><li class="ql-indent-8">deep</li></ul>');
    const reader = await newPage({ userAgent: VISITOR_UA });
    await reader.goto(`/blog/${created.slug}`);
    await reader.getByRole('heading', { level: 4, name: 'Four' }).waitFor();
    await reader.getByRole('heading', { level: 6, name: 'Six' }).waitFor();
    await reader.context().close();
    await page.context().close();
    await api(`/api/blog/posts/${created.id}`, { method: 'DELETE' });
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

  it('a 401 mid-session clears the token and redirects to /login', async () => {
    const page = await adminPage();
    await postForm(page).waitFor();
    await page.evaluate(() => localStorage.setItem('shortlinkAdminToken', 'bad.token.value'));
    // Any render after the token changed may ask for the account again, which the server refuses: the
    // page can leave for /login before the form is filled or sent (a fill then finds its field detached).
    // Either way it must end there, so the form steps are tried briefly and the ending is what is asserted.
    const quickly = { timeout: 3000 };
    const form = categoryForm(page);
    await form
      .getByLabel('Category Name')
      .fill('Never saved', quickly)
      .then(() => form.getByLabel('Category Slug').fill(`never-saved-${unique()}`, quickly))
      .then(() => form.getByRole('button', { name: 'Create Category' }).click(quickly))
      .catch(() => undefined);
    await page.waitForURL(`${baseURL}/login`);
    await toast(page, 'Session expired').waitFor();
    await page.getByPlaceholder('Admin Password').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('shortlinkAdminToken'))).toBeNull();

    // A stored token the server refuses sends the admin back to /login on the next visit as well.
    await page.evaluate(() => localStorage.setItem('shortlinkAdminToken', 'bad.token.value'));
    await page.goto('/blog-admin');
    await page.waitForURL(`${baseURL}/login`);
    expect(await page.evaluate(() => localStorage.getItem('shortlinkAdminToken'))).toBeNull();
    expect(pageErrors(page)).toEqual([]);
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
