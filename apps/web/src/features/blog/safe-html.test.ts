import { BLOG_HTML_VECTORS } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from './safe-html';

describe('sanitizePostHtml on the shared vectors (the server runs the same table)', () => {
  it.each(BLOG_HTML_VECTORS)('%s', (_label, input, expected) => {
    expect(sanitizePostHtml(input)).toBe(expected);
  });
});

describe('sanitizePostHtml keeps the editor formats unchanged', () => {
  it.each([
    ['empty', ''],
    ['paragraph', '<p>Hello</p>'],
    ['headers 1-3', '<h1>A</h1><h2>B</h2><h3>C</h3>'],
    ['inline formats', '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>'],
    ['lists', '<ol><li>one</li></ol><ul><li>two<ul><li>nested</li></ul></li></ul>'],
    ['code', '<pre>let a = 1;</pre><p><code>x</code></p>'],
    ['blockquote', '<blockquote>quote</blockquote>'],
    ['an https link', '<p><a href="https://example.com/a?b=1">x</a></p>'],
    ['a mailto link', '<p><a href="mailto:me@example.com">mail</a></p>'],
    ['a tel link', '<p><a href="tel:+15551234567">call</a></p>'],
    ['a new-tab link', '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a></p>'],
    ['an https image', '<p><img src="https://example.com/a.png" alt="A"></p>'],
    ['a data image', '<p><img src="data:image/png;base64,iVBORw0KGgo=" alt=""></p>'],
    ['Quill classes', '<p class="ql-indent-2 ql-align-center">x</p>'],
  ])('%s', (_name, html) => {
    expect(sanitizePostHtml(html)).toBe(html);
  });
});

describe('sanitizePostHtml removes what could run script or leave the allow-list', () => {
  it.each([
    ['script element', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
    ['img onerror', '<img src=x onerror=alert(1)>', ''],
    [
      'img onerror with a valid src',
      '<img src="https://e.com/a.png" onerror="alert(1)">',
      '<img src="https://e.com/a.png" alt="">',
    ],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['obfuscated javascript: link', '<a href="  JaVa&#x09;Script:alert(1)">x</a>', '<a>x</a>'],
    ['data:text/html link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
    ['relative link', '<a href="/admin">x</a>', '<a>x</a>'],
    ['data:text/html image', '<img src="data:text/html;base64,PHNjcmlwdD4=">', ''],
    ['svg with script', '<svg><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
    ['iframe', '<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['style attribute', '<p style="width: expression(alert(1))">x</p>', '<p>x</p>'],
    ['style element', '<style>body{display:none}</style><p>x</p>', '<p>x</p>'],
    ['event handler on a format', '<strong onclick="alert(1)">b</strong>', '<strong>b</strong>'],
    ['unknown target', '<a href="https://e.com" target="_top">x</a>', '<a href="https://e.com">x</a>'],
    [
      'rel added for a new tab',
      '<a href="https://e.com" target="_blank">x</a>',
      '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['foreign classes', '<p class="evil ql-indent-1 x">x</p>', '<p class="ql-indent-1">x</p>'],
    ['only foreign classes', '<p class="bg-red-500">x</p>', '<p>x</p>'],
    [
      'an image without a description is decorative',
      '<img src="https://e.com/a.png">',
      '<img src="https://e.com/a.png" alt="">',
    ],
    ['data attributes', '<p data-x="1">x</p>', '<p>x</p>'],
    ['form controls', '<form action="https://e.com"><input name="a"><button>go</button></form>', 'go'],
    ['object', '<object data="x.swf"></object>', ''],
    ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
    ['mutation XSS (math/mglyph/style)', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
    ['mutation XSS (noscript)', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', '<p></p>'],
  ])('%s', (_name, html, expected) => {
    expect(sanitizePostHtml(html)).toBe(expected);
  });

  it('never leaves an event handler or a javascript: address in a long mixed document', () => {
    const html = [
      '<h2 onmouseover="alert(1)">T</h2>',
      '<a href="javascript:alert(1)">j</a>',
      '<img src="x" onerror="alert(1)">',
      '<svg onload="alert(1)"></svg>',
      '<p>keep <strong>this</strong></p>',
    ].join('');
    const clean = sanitizePostHtml(html);
    expect(clean).not.toMatch(/on[a-z]+=/i);
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).toContain('<p>keep <strong>this</strong></p>');
  });
});

describe('sanitizePostHtml keeps what the server stored', () => {
  it.each([
    ['<ol><li data-list="bullet">a</li><li data-list="ordered">b</li></ol>'],
    ['<p class="ql-align-center">centred</p>'],
    ['<p><a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a></p>'],
  ])('%s', (html) => {
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('drops data-list values Quill never writes', () => {
    expect(sanitizePostHtml('<ol><li data-list="evil">a</li></ol>')).toBe('<ol><li>a</li></ol>');
  });
});
