import { describe, expect, it } from 'vitest';
import { escapeHtml, injectMeta } from '../src/services/html-meta';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Toolvault — default</title>
    <meta name="description" content="Site default" />
    <meta property="og:title" content="Toolvault" />
    <meta property="og:type" content="website" />
    <link rel="icon" href="/favicon.svg" />
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('escapeHtml', () => {
  it.each([
    ['', ''],
    ['plain text', 'plain text'],
    [`<>&"'`, '&lt;&gt;&amp;&quot;&#39;'],
    ['&amp;', '&amp;amp;'],
    ['"><script>alert(1)</script>', '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'],
  ])('escapes %j', (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});

describe('injectMeta', () => {
  it('escapes every value it writes', () => {
    const hostile = `"><script>alert('x') & more</script>`;
    const html = injectMeta(PAGE, { title: hostile, description: hostile, image: hostile, url: hostile });
    expect(html).not.toContain('<script>');
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;) &amp; more&lt;/script&gt;</title>');
    expect(html).toContain(
      '<meta property="og:image" content="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;) &amp; more&lt;/script&gt;">',
    );
  });

  it('replaces the title and the default description and og: tags', () => {
    const html = injectMeta(PAGE, {
      title: 'My link',
      description: 'About it',
      image: 'https://img.example/a.png',
      url: 'https://example.com/',
    });
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>My link</title>');
    expect(html).not.toContain('Site default');
    expect(html.match(/property="og:title"/g)).toHaveLength(1);
    expect(html.match(/property="og:type"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<link rel="canonical" href="https://example.com/">');
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
  });

  it('leaves out tags without a value', () => {
    const html = injectMeta(PAGE, { title: 'Only a title' });
    expect(html).not.toContain('og:image');
    expect(html).not.toContain('name="description"');
    expect(html).not.toContain('rel="canonical"');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
  });

  it('keeps replacement patterns literal', () => {
    expect(injectMeta(PAGE, { title: "$& $' $1" })).toContain('<title>$&amp; $&#39; $1</title>');
  });

  it('adds a title to a page without one', () => {
    expect(injectMeta('<html><head></head><body></body></html>', { title: 'T' })).toContain('<title>T</title>');
  });
});
