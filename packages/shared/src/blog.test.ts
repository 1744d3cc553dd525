import { describe, expect, it } from 'vitest';
import {
  BLOG_DEFAULT_AUTHOR,
  BLOG_LIMITS,
  BLOG_MESSAGES,
  isBlogSlug,
  pageFromParam,
  parsePostTags,
  slugify,
} from './blog';
import { blogListUrl, blogPageCalls } from './blog-urls';
import { ZBlogListQuery, ZCategoryIdParams, ZCategoryInput, ZPostIdParams, ZPostInput } from './blog.schemas';
import { SHORTLINK_MESSAGES } from './shortlinks';

const { postRequired, categoryRequired, invalidSlug } = BLOG_MESSAGES;
const post = { title: 'Hello', slug: 'hello', content: '<p>Hi</p>' };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('isBlogSlug', () => {
  it.each([
    ['tech-news', true],
    ['a', true],
    ['post-2', true],
    ['2024-recap', true],
    ['', false],
    ['Tech-News', false],
    ['tech news', false],
    ['tech--news', false],
    ['-tech', false],
    ['tech-', false],
    ['tech_news', false],
    ['tech/news', false],
    ['café', false],
    ['<script>', false],
  ])('%j → %s', (slug, expected) => {
    expect(isBlogSlug(slug)).toBe(expected);
  });
});

describe('slugify', () => {
  it.each([
    ['Hello, World!', 'hello-world'],
    ['  Déjà vu  ', 'deja-vu'],
    ['Top 10 Tools (2024)', 'top-10-tools-2024'],
    ['already-a-slug', 'already-a-slug'],
    ['', ''],
    ['!!!', ''],
  ])('%j → %j', (text, expected) => {
    expect(slugify(text)).toBe(expected);
    if (expected !== '') expect(isBlogSlug(expected)).toBe(true);
  });

  it('cuts at the maximum without a trailing hyphen', () => {
    expect(slugify('abc def', 4)).toBe('abc');
  });
});

describe('parsePostTags', () => {
  it.each([
    ['["a","b"]', ['a', 'b']],
    ['[]', []],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['"text"', []],
    ['["a",1,null,"b"]', ['a', 'b']],
    [null, []],
    [undefined, []],
  ])('%j → %j', (text, expected) => {
    expect(parsePostTags(text)).toEqual(expected);
  });
});

describe('ZPostInput', () => {
  it('fills the defaults', () => {
    expect(ZPostInput.parse(post)).toEqual({
      ...post,
      cover_image: '',
      author: BLOG_DEFAULT_AUTHOR,
      tags: [],
      category_id: null,
      published: false,
    });
  });

  it('trims and keeps every field', () => {
    const parsed = ZPostInput.parse({
      title: '  Title  ',
      slug: ' my-post ',
      content: '  <p>x</p> ',
      cover_image: ' https://example.com/a.png ',
      author: ' Jane ',
      tags: [' a ', '', '  ', 'b'],
      category_id: 3,
      published: true,
    });
    expect(parsed).toEqual({
      title: 'Title',
      slug: 'my-post',
      content: '<p>x</p>',
      cover_image: 'https://example.com/a.png',
      author: 'Jane',
      tags: ['a', 'b'],
      category_id: 3,
      published: true,
    });
  });

  it.each([
    ['null fields', { cover_image: null, author: null, tags: null, category_id: null, published: null }],
    ['blank author', { author: '   ' }],
  ])('treats %s as defaults', (_label, extra) => {
    expect(ZPostInput.parse({ ...post, ...extra })).toMatchObject({
      cover_image: '',
      author: BLOG_DEFAULT_AUTHOR,
      tags: [],
      category_id: null,
      published: false,
    });
  });

  it.each([
    ['empty body', {}, postRequired],
    ['not an object', 'text', postRequired],
    ['blank title', { ...post, title: '   ' }, postRequired],
    ['missing slug', { title: 'x', content: 'y' }, postRequired],
    ['blank content', { ...post, content: ' \n ' }, postRequired],
    ['blank content beats a bad slug', { ...post, slug: 'Bad Slug', content: '' }, postRequired],
    ['title not text', { ...post, title: 5 }, postRequired],
    ['bad slug', { ...post, slug: 'Bad Slug' }, invalidSlug],
    ['slug with double hyphen', { ...post, slug: 'a--b' }, invalidSlug],
    ['title too long', { ...post, title: 'x'.repeat(BLOG_LIMITS.title + 1) }, 'Title must be at most 200 characters'],
    ['slug too long', { ...post, slug: 'a'.repeat(BLOG_LIMITS.postSlug + 1) }, 'Slug must be at most 120 characters'],
    [
      'content too long',
      { ...post, content: 'x'.repeat(BLOG_LIMITS.content + 1) },
      'Content must be at most 200000 characters',
    ],
    ['javascript cover', { ...post, cover_image: 'javascript:alert(1)' }, SHORTLINK_MESSAGES.invalidUrl],
    ['data cover', { ...post, cover_image: 'data:image/png;base64,AAAA' }, SHORTLINK_MESSAGES.invalidUrl],
    ['cover with credentials', { ...post, cover_image: 'https://a:b@x.example/' }, SHORTLINK_MESSAGES.credentialsInUrl],
    [
      'cover too long',
      { ...post, cover_image: `https://x.example/${'a'.repeat(BLOG_LIMITS.coverImage)}` },
      'Cover image URL must be at most 2048 characters',
    ],
    [
      'author too long',
      { ...post, author: 'a'.repeat(BLOG_LIMITS.author + 1) },
      'Author must be at most 100 characters',
    ],
    ['tags as text', { ...post, tags: 'a, b' }, 'Tags must be a list of text'],
    ['tag not text', { ...post, tags: ['a', 1] }, 'Each tag must be text'],
    ['tag too long', { ...post, tags: ['a'.repeat(BLOG_LIMITS.tag + 1)] }, 'Each tag must be at most 50 characters'],
    ['too many tags', { ...post, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'At most 20 tags are allowed'],
    ['category id as text', { ...post, category_id: '3' }, 'Category must be a category id or null'],
    ['fractional category id', { ...post, category_id: 1.5 }, 'Category must be a category id or null'],
    ['zero category id', { ...post, category_id: 0 }, 'Category must be a category id or null'],
    ['published as text', { ...post, published: 'yes' }, 'Published must be true or false'],
  ])('%s → %j', (_label, body, message) => {
    expect(firstMessage(ZPostInput.safeParse(body))).toBe(message);
  });

  it('accepts every field at its limit', () => {
    const body = {
      title: 'x'.repeat(BLOG_LIMITS.title),
      slug: 'a'.repeat(BLOG_LIMITS.postSlug),
      content: 'x'.repeat(BLOG_LIMITS.content),
      author: 'a'.repeat(BLOG_LIMITS.author),
      tags: Array.from({ length: BLOG_LIMITS.tags }, () => 't'.repeat(BLOG_LIMITS.tag)),
    };
    expect(ZPostInput.safeParse(body).success).toBe(true);
  });
});

describe('ZCategoryInput', () => {
  it.each([
    [
      { name: ' Tech News ', slug: ' tech-news ' },
      { name: 'Tech News', slug: 'tech-news', description: '' },
    ],
    [
      { name: 'A', slug: 'a', description: 'About A' },
      { name: 'A', slug: 'a', description: 'About A' },
    ],
    [
      { name: 'A', slug: 'a', description: null },
      { name: 'A', slug: 'a', description: '' },
    ],
  ])('%j → %j', (body, expected) => {
    expect(ZCategoryInput.parse(body)).toEqual(expected);
  });

  it.each([
    ['empty body', {}, categoryRequired],
    ['not an object', null, categoryRequired],
    ['blank name', { name: '  ', slug: 'a' }, categoryRequired],
    ['blank slug', { name: 'A', slug: '  ' }, categoryRequired],
    ['bad slug', { name: 'A', slug: 'Tech News' }, invalidSlug],
    ['name too long', { name: 'x'.repeat(81), slug: 'a' }, 'Name must be at most 80 characters'],
    ['slug too long', { name: 'A', slug: 'a'.repeat(81) }, 'Slug must be at most 80 characters'],
    ['description not text', { name: 'A', slug: 'a', description: 5 }, 'Description must be text'],
    [
      'description too long',
      { name: 'A', slug: 'a', description: 'x'.repeat(501) },
      'Description must be at most 500 characters',
    ],
  ])('%s → %j', (_label, body, message) => {
    expect(firstMessage(ZCategoryInput.safeParse(body))).toBe(message);
  });
});

describe('id params and list query', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['0', undefined],
    ['-1', undefined],
    ['01', undefined],
    ['1.5', undefined],
    ['abc', undefined],
    ['', undefined],
    ['99999999999999999', undefined],
  ])('id %j → %j', (id, expected) => {
    const postResult = ZPostIdParams.safeParse({ id });
    const categoryResult = ZCategoryIdParams.safeParse({ id });
    expect(postResult.success ? postResult.data.id : undefined).toBe(expected);
    expect(categoryResult.success ? categoryResult.data.id : undefined).toBe(expected);
    if (expected === undefined) {
      expect(firstMessage(postResult)).toBe('Post id must be a positive integer');
      expect(firstMessage(categoryResult)).toBe('Category id must be a positive integer');
    }
  });

  it.each([
    [{}, undefined],
    [{ category: '' }, undefined],
    [{ category: ' tech ' }, 'tech'],
  ])('query %j → category %j', (query, expected) => {
    expect(ZBlogListQuery.parse(query).category).toBe(expected);
  });

  it('refuses a repeated category parameter', () => {
    expect(firstMessage(ZBlogListQuery.safeParse({ category: ['a', 'b'] }))).toBe('category must be given once');
  });
});

// The page and the server both spell these addresses: the server answers them inside /blog's HTML,
// and the page takes an answer only for the exact address it asks for.
describe('addresses of the /blog page', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['1', 1],
    ['7', 7],
    ['200', 200],
    ['0', 1],
    ['-3', 1],
    ['2.5', 1],
    ['abc', 1],
    ['10001', 1],
  ])('pageFromParam(%j) → %d', (value, page) => {
    expect(pageFromParam(value)).toBe(page);
  });

  it.each([
    [{}, '/api/blog'],
    [{ page: 1 }, '/api/blog'],
    [{ page: 3 }, '/api/blog?page=3'],
    [{ page: 2, category: 'tech-news' }, '/api/blog?page=2&category=tech-news'],
    [{ sort: 'popular', limit: 5 }, '/api/blog?sort=popular&limit=5'],
    [{ q: '  100% sure ' }, '/api/blog?q=100%25+sure'],
    [{ q: '   ' }, '/api/blog'],
  ] as const)('blogListUrl(%j) → %s', (query, url) => {
    expect(blogListUrl(query)).toBe(url);
  });

  it.each([
    [{}, '/api/blog'],
    [{ page: '3' }, '/api/blog?page=3'],
    [{ category: 'guides', page: '2' }, '/api/blog?page=2&category=guides'],
    [{ page: '0', category: '' }, '/api/blog'],
  ] as [Record<string, string>, string][])(
    'blogPageCalls(%j) asks for %s, the popular posts and the categories',
    (params, posts) => {
      const search = { get: (name: string) => params[name] ?? null };
      expect(blogPageCalls(search)).toEqual({
        posts,
        popular: '/api/blog?sort=popular&limit=5',
        categories: '/api/categories',
      });
    },
  );
});
