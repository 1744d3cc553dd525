import type { BlogPost, ContactMessage } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  authorText,
  categoryFormFromCategory,
  categoryIdFromText,
  categoryPayloadFromForm,
  categorySaveProblem,
  categoryText,
  editorImageUrl,
  EDITOR_PLACEHOLDER,
  EMPTY_CATEGORY_FORM,
  EMPTY_POST_FORM,
  isBlankEditorHtml,
  newestFirst,
  normalizeEditorHtml,
  postFormFromPost,
  postPayloadFromForm,
  postSaveProblem,
  REFUSED_LINK,
  sanitizeEditorLink,
  slugFromTitle,
  viewsText,
  type PostFormValues,
} from './blog-admin.service';

const REQUIRED_POST = 'Title, Slug, and Content are required.';
const REQUIRED_CATEGORY = 'Name and Slug are required.';

const post: BlogPost = {
  id: 7,
  slug: 'hello-world',
  title: 'Hello World',
  author: 'Ada',
  category_id: 3,
  category_name: 'Guides',
  cover_image: 'https://example.com/c.png',
  content: '<p>Hi</p>',
  tags: '["a","b c"]',
  published: true,
  view_count: 12,
  created_at: '2024-01-15T10:00:00.000Z',
  updated_at: '2024-01-15T10:00:00.000Z',
};

const form = (extra: Partial<PostFormValues> = {}): PostFormValues => ({
  ...EMPTY_POST_FORM,
  title: 'Hello',
  slug: 'hello',
  content: '<p>Body</p>',
  ...extra,
});

describe('postFormFromPost (Edit fills the form)', () => {
  it('joins tags with ", ", writes the category id as text and keeps published', () => {
    expect(postFormFromPost(post)).toEqual({
      title: 'Hello World',
      slug: 'hello-world',
      cover_image: 'https://example.com/c.png',
      author: 'Ada',
      tags: 'a, b c',
      category_id: '3',
      published: true,
      content: '<p>Hi</p>',
    });
  });

  it.each([
    ['no category', { category_id: null }, { category_id: '' }],
    ['bad tags JSON', { tags: 'oops' }, { tags: '' }],
    ['published as 1 (coerced)', { published: 1 as unknown as boolean }, { published: true }],
    ['published as 0 (coerced)', { published: 0 as unknown as boolean }, { published: false }],
    ['missing cover', { cover_image: null as unknown as string }, { cover_image: '' }],
  ])('%s', (_name, change, expected) => {
    expect(postFormFromPost({ ...post, ...change })).toMatchObject(expected);
  });
});

describe('postPayloadFromForm', () => {
  it.each([
    ['empty form', EMPTY_POST_FORM],
    ['blank title', form({ title: '   ' })],
    ['blank slug', form({ slug: ' ' })],
    ['blank content', form({ content: '' })],
    ['Quill empty document', form({ content: '<p><br></p>' })],
    ['only spaces in the editor', form({ content: '<p>&nbsp;&nbsp;</p>' })],
  ])('%s → the required message', (_name, values) => {
    expect(postPayloadFromForm(values)).toEqual({ ok: false, error: REQUIRED_POST });
  });

  it('maps a full form to the API body', () => {
    expect(
      postPayloadFromForm({
        title: '  Hello  ',
        slug: ' hello ',
        cover_image: ' https://example.com/c.png ',
        author: ' Ada ',
        tags: ' a, , b c ,',
        category_id: '3',
        published: true,
        content: '<p>Two&nbsp;words</p>',
      }),
    ).toEqual({
      ok: true,
      value: {
        title: 'Hello',
        slug: 'hello',
        cover_image: 'https://example.com/c.png',
        author: 'Ada',
        tags: ['a', 'b c'],
        category_id: 3,
        published: true,
        content: '<p>Two words</p>',
      },
    });
  });

  it.each([
    ['empty category → null', form({ category_id: '' }), { category_id: null }],
    ['category text → integer', form({ category_id: '12' }), { category_id: 12 }],
    ['blank author → Admin', form({ author: '' }), { author: 'Admin' }],
    ['no tags → []', form({ tags: '' }), { tags: [] }],
    ['image-only content is not blank', form({ content: '<p><img src="https://e.com/a.png"></p>' }), {}],
    ['draft by default', form(), { published: false }],
  ])('%s', (_name, values, expected) => {
    const result = postPayloadFromForm(values);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value).toMatchObject(expected);
  });

  it.each([
    ['slug with spaces', form({ slug: 'Hello World' }), 'Slug may only contain'],
    ['cover image not http(s)', form({ cover_image: 'javascript:alert(1)' }), 'Only valid http(s) URLs are allowed.'],
    ['category not a number', form({ category_id: 'abc' }), 'Category must be a category id or null'],
    ['title too long', form({ title: 'x'.repeat(201) }), 'Title must be at most 200 characters'],
  ])('%s → the schema message', (_name, values, message) => {
    const result = postPayloadFromForm(values);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain(message);
  });
});

describe('categoryPayloadFromForm', () => {
  it.each([
    ['empty form', EMPTY_CATEGORY_FORM],
    ['blank name', { name: ' ', slug: 'a', description: '' }],
    ['blank slug', { name: 'A', slug: '  ', description: '' }],
  ])('%s → the required message', (_name, values) => {
    expect(categoryPayloadFromForm(values)).toEqual({ ok: false, error: REQUIRED_CATEGORY });
  });

  it('trims name and slug and keeps an empty description', () => {
    expect(categoryPayloadFromForm({ name: ' Tech News ', slug: ' tech-news ', description: '' })).toEqual({
      ok: true,
      value: { name: 'Tech News', slug: 'tech-news', description: '' },
    });
  });

  it('refuses a slug that is not URL-safe', () => {
    const result = categoryPayloadFromForm({ name: 'Tech', slug: 'Tech News', description: '' });
    expect(result.ok).toBe(false);
  });

  it('fills the form for Edit', () => {
    expect(categoryFormFromCategory({ id: 1, name: 'A', slug: 'a', description: 'd' })).toEqual({
      name: 'A',
      slug: 'a',
      description: 'd',
    });
  });
});

describe('categoryIdFromText (empty → null, else integer)', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['3', 3],
    [' 42 ', 42],
    ['abc', Number.NaN],
    ['1.5', Number.NaN],
    ['-1', Number.NaN],
  ])('%j → %s', (text, expected) => {
    expect(categoryIdFromText(text)).toBe(expected);
  });
});

describe('save problems', () => {
  it.each([
    ['no answer', { status: 0, message: 'Network error. Please try again.' }, ADMIN_MESSAGES.network, undefined],
    [
      '409 with a reason',
      { status: 409, message: 'A post with this slug already exists', code: 'POST_SLUG_TAKEN' },
      ADMIN_MESSAGES.savePost,
      'A post with this slug already exists',
    ],
    ['500 without a reason', { status: 500, message: 'Request failed (500)' }, ADMIN_MESSAGES.savePost, undefined],
  ] as const)('post: %s', (_name, result, message, detail) => {
    expect(postSaveProblem(result)).toEqual(detail ? { message, detail } : { message });
  });

  it.each([
    ['no answer', { status: 0, message: 'Network error. Please try again.' }, 'Network error. Please try again.'],
    [
      'server error field',
      { status: 409, message: 'A category with this slug already exists', code: 'CATEGORY_SLUG_TAKEN' },
      'A category with this slug already exists',
    ],
    ['no error field', { status: 500, message: 'Request failed (500)' }, 'Failed to create category.'],
    ['empty error field', { status: 400, message: '', code: 'VALIDATION' }, 'Failed to create category.'],
    [
      'an error text without a code (not our API)',
      { status: 502, message: 'Bad Gateway' },
      'Failed to create category.',
    ],
  ] as const)('category: %s', (_name, result, message) => {
    expect(categorySaveProblem(result)).toEqual({ message });
  });
});

describe('editor helpers', () => {
  it('has a placeholder that promises nothing the editor lacks (no Markdown)', () => {
    expect(EDITOR_PLACEHOLDER).toBe('Write your post…');
    expect(EDITOR_PLACEHOLDER).not.toMatch(/markdown|coming soon/i);
  });

  it.each([
    ['', true],
    ['<p></p>', true],
    ['<p><br></p>', true],
    ['<p>&nbsp;</p><p> </p>', true],
    ['<p>x</p>', false],
    ['<p><img src="https://e.com/a.png"></p>', false],
    ['<ul><li></li></ul>', true],
  ])('isBlankEditorHtml(%j) → %s', (html, blank) => {
    expect(isBlankEditorHtml(html)).toBe(blank);
  });

  it.each([
    ['', ''],
    ['<p>a&nbsp;b</p>', '<p>a b</p>'],
    ['<p>a&nbsp;&nbsp;&nbsp;b</p>', '<p>a&nbsp;&nbsp; b</p>'],
    ['<p>no spaces</p>', '<p>no spaces</p>'],
    ['<pre>\n  code\n</pre>', '<pre>\n  code\n</pre>'],
  ])('normalizeEditorHtml(%j) → %j', (html, expected) => {
    expect(normalizeEditorHtml(html)).toBe(expected);
  });

  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://example.com', 'http://example.com'],
    ['mailto:me@example.com', 'mailto:me@example.com'],
    ['tel:+15551234567', 'tel:+15551234567'],
    ['example.com/page', 'https://example.com/page'],
    ['  https://example.com  ', 'https://example.com'],
    ['', REFUSED_LINK],
    ['javascript:alert(1)', REFUSED_LINK],
    ['data:text/html,x', REFUSED_LINK],
    ['ftp://example.com', REFUSED_LINK],
    ['sms:+1555', REFUSED_LINK],
  ])('sanitizeEditorLink(%j) → %j', (url, expected) => {
    expect(sanitizeEditorLink(url)).toBe(expected);
  });

  it.each([
    ['https://example.com/a.png', { ok: true, value: 'https://example.com/a.png' }],
    [' data:image/gif;base64,R0lGOD== ', { ok: true, value: 'data:image/gif;base64,R0lGOD==' }],
    ['', { ok: false, error: ADMIN_MESSAGES.imageUrl }],
    ['javascript:alert(1)', { ok: false, error: ADMIN_MESSAGES.imageUrl }],
    ['data:text/html,x', { ok: false, error: ADMIN_MESSAGES.imageUrl }],
  ])('editorImageUrl(%j)', (url, expected) => {
    expect(editorImageUrl(url)).toEqual(expected);
  });

  it.each([
    ['Hello, World!', 'hello-world'],
    ['  Ça va? Très bien  ', 'ca-va-tres-bien'],
    ['', ''],
    ['!!!', ''],
  ])('slugFromTitle(%j) → %j', (title, slug) => {
    expect(slugFromTitle(title)).toBe(slug);
  });
});

describe('post card texts', () => {
  it.each([
    [{ view_count: 12 }, 'Views: 12'],
    [{ view_count: 0 }, 'Views: 0'],
    [{ view_count: undefined as unknown as number }, 'Views: 0'],
  ])('viewsText(%j) → %s', (value, text) => {
    expect(viewsText(value)).toBe(text);
  });

  it.each([
    ['Guides', 'Category: Guides'],
    [null, 'Category: Uncategorized'],
  ])('categoryText(%j) → %s', (name, text) => {
    expect(categoryText({ category_name: name })).toBe(text);
  });

  it.each([
    ['Ada', 'By Ada'],
    ['', 'By Admin'],
  ])('authorText(%j) → %s', (author, text) => {
    expect(authorText({ author })).toBe(text);
  });
});

describe('newestFirst', () => {
  const message = (id: number, createdAt: string): ContactMessage => ({
    id,
    createdAt,
    name: 'n',
    email: 'e@example.com',
    subject: 's',
    message: 'm',
  });
  it.each([
    ['none', [], []],
    [
      'by date, newest first',
      [message(1, '2024-01-01T00:00:00Z'), message(2, '2024-03-01T00:00:00Z'), message(3, '2024-02-01T00:00:00Z')],
      [2, 3, 1],
    ],
    ['same time: higher id first', [message(1, '2024-01-01T00:00:00Z'), message(2, '2024-01-01T00:00:00Z')], [2, 1]],
  ])('%s', (_name, messages, ids) => {
    expect(newestFirst(messages).map((item) => item.id)).toEqual(ids);
  });
});
