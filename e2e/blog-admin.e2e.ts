// The blog's admin editor: logging in, writing a rich post and its category, editing, unpublishing and
// deleting them, the editor's lists and headers, and what an expired login does to the admin page.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_UA, adminPassword, baseURL, expectAccessible, newPage, pageErrors } from './support';
import {
  CRAWLER_UA,
  adminPage,
  adminPostItem,
  api,
  blogLoaded,
  editorOf,
  logIn,
  postForm,
  token,
  unique,
  watchDialogs,
  type Post,
} from './blog-support';

/** A 1×1 PNG, so the image inserted in the editor needs no request to another origin. */
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const statusOf = async (path: string, auth = false) =>
  (
    await fetch(`${baseURL}${path}`, {
      headers: { 'User-Agent': CRAWLER_UA, ...(auth ? { Authorization: `Bearer ${token}` } : {}) },
    })
  ).status;

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

const categoryForm = (page: Page) => page.getByRole('form', { name: /^(New|Edit) Category$/ });

beforeAll(logIn);

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
});
