import type { Category } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import {
  blogPageHref,
  categoryHref,
  excerpt,
  findCategory,
  formatPostDate,
  isAllowedImageSrc,
  isAllowedLinkUrl,
  pagerNumbers,
  postTags,
  safeCoverUrl,
  textFromHtml,
  viewsLabel,
} from './blog.service';

const categories: Category[] = [
  { id: 1, slug: 'tech-news', name: 'Tech News', description: '' },
  { id: 2, slug: 'guides', name: 'Guides', description: 'How-tos' },
];

describe('pages of the list', () => {
  it.each([
    [null, 1, '/blog'],
    [null, 4, '/blog?page=4'],
    ['guides', 1, '/blog?category=guides'],
    ['guides', 2, '/blog?category=guides&page=2'],
  ])('blogPageHref(%j, %d) → %s', (category, page, href) => {
    expect(blogPageHref(category, page)).toBe(href);
  });

  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, null, 10]],
    [5, 10, [1, 2, 3, 4, 5, 6, 7, null, 10]],
    [200, 1000, [1, null, 198, 199, 200, 201, 202, null, 1000]],
    [1000, 1000, [1, null, 998, 999, 1000]],
  ])('pagerNumbers(%d, %d) → %j', (current, count, numbers) => {
    expect(pagerNumbers(current, count)).toEqual(numbers);
  });
});

describe('category filter', () => {
  it.each([
    [null, null],
    ['', null],
    ['guides', 'Guides'],
    ['GUIDES', null],
  ])('findCategory(%j) → %j', (slug, name) => {
    expect(findCategory(categories, slug)?.name ?? null).toBe(name);
  });

  it.each([
    [null, '/blog'],
    ['', '/blog'],
    ['tech-news', '/blog?category=tech-news'],
    ['a&b c', '/blog?category=a%26b%20c'],
  ])('categoryHref(%j) → %s', (slug, href) => {
    expect(categoryHref(slug)).toBe(href);
  });
});

describe('formatPostDate', () => {
  it.each([
    ['2024-01-15T10:00:00.000Z', 'January 15, 2024'],
    ['2023-12-31T23:30:00.000Z', 'December 31, 2023'],
    ['', ''],
    ['not a date', ''],
  ])('%j → %j', (iso, expected) => {
    expect(formatPostDate(iso, { timeZone: 'UTC' })).toBe(expected);
  });

  it('uses the visitor’s time zone by default', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Tokyo';
      expect(formatPostDate('2023-12-31T23:30:00.000Z')).toBe('January 1, 2024');
    } finally {
      process.env.TZ = zone;
    }
  });
});

describe('viewsLabel', () => {
  it.each([
    [0, '0 views'],
    [1, '1 view'],
    [2, '2 views'],
    [12345, '12,345 views'],
    [undefined, '0 views'],
    [null, '0 views'],
  ])('%j → %s', (count, label) => {
    expect(viewsLabel(count)).toBe(label);
  });
});

describe('postTags (JSON-encoded list)', () => {
  it.each([
    ['["security","xss"]', ['security', 'xss']],
    ['[]', []],
    ['', []],
    ['not json', []],
    ['{"a":1}', []],
    ['["ok",3,null]', ['ok']],
  ])('%j → %j', (tags, expected) => {
    expect(postTags({ tags })).toEqual(expected);
  });
});

describe('safeCoverUrl (http or https only)', () => {
  it.each([
    ['https://example.com/a.png', 'https://example.com/a.png'],
    ['http://example.com/a.png', 'http://example.com/a.png'],
    ['', null],
    ['javascript:alert(1)', null],
    ['data:image/png;base64,AAAA', null],
    ['//example.com/a.png', null],
    ['/relative.png', null],
    [null, null],
  ])('%j → %j', (url, expected) => {
    expect(safeCoverUrl(url)).toBe(expected);
  });
});

describe('isAllowedLinkUrl (http, https, mailto, tel)', () => {
  it.each([
    ['https://example.com/page?q=1#x', true],
    ['http://example.com', true],
    ['mailto:someone@example.com', true],
    ['tel:+15551234567', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['', false],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['java\tscript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['vbscript:msgbox(1)', false],
    ['ftp://example.com', false],
    ['//example.com', false],
    ['/relative', false],
    ['mailto:', false],
    ['https://', false],
  ])('%j → %s', (href, expected) => {
    expect(isAllowedLinkUrl(href)).toBe(expected);
  });
});

describe('isAllowedImageSrc (http, https, data images)', () => {
  it.each([
    ['https://example.com/a.png', true],
    ['http://example.com/a.png', true],
    ['data:image/png;base64,iVBORw0KGgo=', true],
    ['data:image/svg+xml,%3Csvg%3E', true],
    ['', false],
    ['data:text/html;base64,PHNjcmlwdD4=', false],
    ['javascript:alert(1)', false],
    ['x', false],
    ['blob:https://example.com/uuid', false],
    ['data:image/png;base64,AA AA', false],
  ])('%j → %s', (src, expected) => {
    expect(isAllowedImageSrc(src)).toBe(expected);
  });
});

describe('textFromHtml and excerpt (meta description)', () => {
  it.each([
    ['', ''],
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<h1>Title</h1><p>Body</p>', 'Title Body'],
    ['<p>a &amp; b &lt;c&gt; &quot;d&quot; &#39;e&#39; &#x41;&nbsp;f</p>', 'a & b <c> "d" \'e\' A f'],
    ['<ul><li>one</li><li>two</li></ul>', 'one two'],
    ['<p>x<script>alert(1)</script>y</p>', 'x y'],
    ['<p>&unknown; stays</p>', '&unknown; stays'],
  ])('textFromHtml(%j) → %j', (html, text) => {
    expect(textFromHtml(html)).toBe(text);
  });

  it('keeps a short text whole', () => {
    expect(excerpt('<p>Short text.</p>')).toBe('Short text.');
  });

  it('cuts a long text at a word, with an ellipsis, within the limit', () => {
    const html = `<p>${'word '.repeat(60)}</p>`;
    const result = excerpt(html, 160);
    expect(result.length).toBeLessThanOrEqual(160);
    expect(result.endsWith('word…')).toBe(true);
  });

  it('cuts one very long word at the limit', () => {
    expect(excerpt(`<p>${'a'.repeat(300)}</p>`, 20)).toBe(`${'a'.repeat(19)}…`);
  });
});
