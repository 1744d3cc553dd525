import { describe, expect, it } from 'vitest';
import { BLOG_HTML_MAX_DEPTH, BLOG_HTML_TOO_DEEP, htmlNestingDepth } from './blog-html-policy';
import { ZPostInput } from './blog.schemas';

const nested = (depth: number, tag = 'b') => `${`<${tag}>`.repeat(depth)}x${`</${tag}>`.repeat(depth)}`;

describe('htmlNestingDepth', () => {
  it.each([
    ['empty', '', 0],
    ['text only', 'a < b > c', 0],
    ['one paragraph', '<p>x</p>', 1],
    ['siblings', '<p>a</p><p>b</p><p>c</p>', 1],
    ['a list', '<ol><li>a<ul><li>b</li></ul></li></ol>', 4],
    ['void elements nest nothing', '<p><br><img src="a.png"><hr></p>', 1],
    ['unclosed paragraphs are siblings', '<p>a<p>b<p>c', 1],
    ['unclosed list items are siblings', '<ul><li>a<li>b<li>c</ul>', 2],
    ['an end tag closes what it names', '<div><b><i>x</div><p>y</p>', 3],
    ['a stray end tag is ignored', '</b></div><p>x</p>', 1],
    ['comments hold no tags', '<!--<b><b><b>--><p>x</p>', 1],
    ['doctype and processing instruction', '<!DOCTYPE html><?xml x?><p>x</p>', 1],
    ['raw text holds no tags', '<style><b><b><b></style><p>x</p>', 1],
    ['a quoted > inside an attribute', '<a title="x>y"><b>z</b></a>', 2],
    ['unclosed start tags', '<b>'.repeat(10), 10],
    ['upper-case names', '<DIV><Div></div></DIV>', 2],
    ['at the limit', nested(BLOG_HTML_MAX_DEPTH), BLOG_HTML_MAX_DEPTH],
  ])('%s', (_label, html, depth) => {
    expect(htmlNestingDepth(html, Number.POSITIVE_INFINITY)).toBe(depth);
  });

  it('stops counting just past the limit it is given', () => {
    expect(htmlNestingDepth('<b>'.repeat(60_000))).toBe(BLOG_HTML_MAX_DEPTH + 1);
    expect(htmlNestingDepth('<b>'.repeat(20), 5)).toBe(6);
  });
});

describe('ZPostInput refuses deep content before anything parses it', () => {
  const post = (content: string) => ({ title: 'T', slug: 't', content });

  it.each([
    ['one level past the limit', nested(BLOG_HTML_MAX_DEPTH + 1)],
    ['<b> × 9000 (27 KB)', '<b>'.repeat(9000)],
    ['nested divs', nested(1000, 'div')],
  ])('%s', (_label, content) => {
    const result = ZPostInput.safeParse(post(content));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(BLOG_HTML_TOO_DEEP);
  });

  it('accepts the limit itself', () => {
    expect(ZPostInput.safeParse(post(nested(BLOG_HTML_MAX_DEPTH))).success).toBe(true);
  });
});
