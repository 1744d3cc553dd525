import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { BLOG_HTML_VECTORS } from '@toolvault/shared';
import { htmlText, sanitizeHtml } from '../src/services/html-sanitizer';

/** Every element of `html` parsed the way a browser would, with its attribute names. */
function attributesOf(html: string): { tag: string; attributes: string[] }[] {
  const { document } = new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window;
  return [...document.body.querySelectorAll('*')].map((element) => ({
    tag: element.tagName.toLowerCase(),
    attributes: element.getAttributeNames(),
  }));
}

/** No element carries an event handler, and no script, javascript: or onerror survives anywhere in the text. */
function expectHarmless(output: string): void {
  expect(output.toLowerCase()).not.toContain('<script');
  expect(output.toLowerCase()).not.toContain('javascript:');
  expect(output.toLowerCase()).not.toContain('onerror');
  for (const { tag, attributes } of attributesOf(output)) {
    expect(
      attributes.filter((name) => name.startsWith('on')),
      `<${tag}> has a handler`,
    ).toEqual([]);
    expect(['script', 'iframe', 'svg', 'math', 'style', 'object', 'embed', 'form', 'template']).not.toContain(tag);
  }
}

const HOSTILE: [label: string, html: string, expected: string][] = [
  ['script element', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
  ['img onerror', '<img src=x onerror=alert(1)>', '<img>'],
  ['javascript link', '<a href="javascript:alert(1)">click</a>', '<a>click</a>'],
  ['mixed-case javascript link', '<a href="JaVaScRiPt:alert(1)">click</a>', '<a>click</a>'],
  ['javascript link with a tab', '<a href="java\tscript:alert(1)">click</a>', '<a>click</a>'],
  ['javascript link with entities', '<a href="&#106;avascript:alert(1)">click</a>', '<a>click</a>'],
  ['vbscript link', '<a href="vbscript:msgbox(1)">click</a>', '<a>click</a>'],
  ['script inside svg', '<svg><script>alert(1)</script></svg>', ''],
  ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg>', ''],
  ['iframe', '<iframe src="https://evil.example/"></iframe><p>after</p>', '<p>after</p>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['style expression', '<p style="background:expression(alert(1))">x</p>', '<p>x</p>'],
  ['style element', '<style>body{background:url(javascript:alert(1))}</style><p>x</p>', '<p>x</p>'],
  ['data:text/html link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<a>x</a>'],
  ['base64 data:text/html link', '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
  ['data:image link (links take no data)', '<a href="data:image/png;base64,AAAA">x</a>', '<a>x</a>'],
  ['svg data image', '<img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img>'],
  ['base64 svg data image', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
  ['data:text/html image', '<img src="data:text/html,x">', '<img>'],
  ['javascript image', '<img src="javascript:alert(1)">', '<img>'],
  ['mailto image', '<img src="mailto:a@b.example">', '<img>'],
  ['object', '<object data="https://evil.example/x.swf"></object>', ''],
  ['embed', '<embed src="https://evil.example/x.swf">', ''],
  ['form with formaction', '<form><button formaction="javascript:alert(1)">x</button></form>', 'x'],
  ['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  [
    'base element',
    '<base href="https://evil.example/"><a href="https://x.example/">x</a>',
    '<a href="https://x.example/">x</a>',
  ],
  ['unknown class', '<p class="evil ql-align-center">x</p>', '<p class="ql-align-center">x</p>'],
  ['only unknown classes', '<p class="hidden">x</p>', '<p>x</p>'],
  [
    'id and name (DOM clobbering)',
    '<img id="cookie" name="location" src="https://x.example/a.png">',
    '<img src="https://x.example/a.png">',
  ],
  ['data attribute', '<p data-x="1">x</p>', '<p>x</p>'],
  ['bad data-list value', '<ol><li data-list="x">a</li></ol>', '<ol><li>a</li></ol>'],
  ['target to a named frame', '<a href="https://x.example/" target="top">x</a>', '<a href="https://x.example/">x</a>'],
  ['relative link', '<a href="/admin">x</a>', '<a>x</a>'],
  ['protocol-relative image', '<img src="//evil.example/x.png">', '<img>'],
];

/** DOMPurify's published mutation-XSS vectors (and variants): the browser's re-parse must not create a handler. */
const MUTATION_XSS: [label: string, html: string][] = [
  ['math mtext table mglyph style', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>'],
  ['svg closing p style', '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  ['nested forms in math', '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>'],
  [
    'math mtext mglyph svg',
    '<math><mtext><h1><a><h6></a></h6><mglyph><svg><mtext><style><a title="</style><img src onerror=alert(1)>">',
  ],
  ['noscript title', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ['noscript style', '<noscript><style></noscript><img src=x onerror=alert(1)></style></noscript>'],
  ['template', '<template><img src=x onerror=alert(1)></template>'],
  ['template inside p', '<p><template><style></template><img src=x onerror=alert(1)></style></p>'],
  ['svg foreignObject', '<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>'],
  [
    'math annotation-xml',
    '<math><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></math>',
  ],
  ['textarea comment', '<textarea><!--</textarea><img src=x onerror=alert(1)>--></textarea>'],
  ['comment breakout', '<!--><img src=x onerror=alert(1)>-->'],
  ['title element', '<title><img src=x onerror=alert(1)></title>'],
  ['xmp', '<xmp><img src=x onerror=alert(1)></xmp>'],
  ['select style', '<select><style></select><img src=x onerror=alert(1)></style></select>'],
];

/** What the editor produces (its toolbar) must come through byte for byte. */
const PLAIN: [label: string, html: string][] = [
  ['paragraph', '<p>Hello world</p>'],
  ['headers 1 to 3', '<h1>One</h1><h2>Two</h2><h3>Three</h3>'],
  ['bold, italic, underline, strike', '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>'],
  ['b, i and strike', '<p><b>b</b> <i>i</i> <strike>s</strike></p>'],
  ['ordered list', '<ol><li>one</li><li>two</li></ol>'],
  ['bullet list', '<ul><li>one</li><li>two</li></ul>'],
  ['Quill 2 bullet items', '<ol><li data-list="bullet">one</li><li data-list="ordered">two</li></ol>'],
  ['https link', '<p><a href="https://example.com/a?b=c&amp;d=e">link</a></p>'],
  ['http link', '<a href="http://example.com/">link</a>'],
  ['link in a new tab', '<a href="https://example.com/" rel="noopener noreferrer" target="_blank">link</a>'],
  ['mailto link', '<a href="mailto:someone@example.com">mail</a>'],
  ['tel link', '<a href="tel:+441234567890">call</a>'],
  ['https image', '<img src="https://example.com/a.png" alt="A picture">'],
  ['png data image', '<img src="data:image/png;base64,iVBORw0KGgo=">'],
  ['jpeg data image', '<img src="data:image/jpeg;base64,/9j/4AAQ">'],
  ['gif and webp data images', '<img src="data:image/gif;base64,R0lGOD"><img src="data:image/webp;base64,UklGR">'],
  ['code', '<p><code>const x = 1 &lt; 2;</code></p>'],
  ['pre', '<pre class="ql-syntax">let a = 1;\nlet b = 2;</pre>'],
  ['blockquote', '<blockquote>Quoted</blockquote>'],
  ['line break', '<p>one<br>two</p>'],
  ['Quill alignment class', '<p class="ql-align-center">centred</p>'],
  ['Quill indent class', '<li class="ql-indent-1">x</li>'],
  ['escaped text', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  ['empty', ''],
];

describe('sanitizeHtml on the shared vectors (the page runs the same table)', () => {
  it.each(BLOG_HTML_VECTORS)('%s', (_label, input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });
});

describe('sanitizeHtml', () => {
  it.each(['<img src=x onerror=alert(1)>', '<a href="javascript:x">x</a>', '<svg><script>x</script></svg>'])(
    'the harmlessness check itself catches %j',
    (html) => {
      expect(() => expectHarmless(html)).toThrow();
    },
  );

  it.each(HOSTILE)('removes %s', (_label, html, expected) => {
    const output = sanitizeHtml(html);
    expect(output).toBe(expected);
    expectHarmless(output);
  });

  it.each(MUTATION_XSS)('defuses mXSS: %s', (_label, html) => {
    const output = sanitizeHtml(html);
    expectHarmless(output);
    // Sanitizing the output again changes nothing: it is already in its stable, parsed form.
    expect(sanitizeHtml(output)).toBe(output);
  });

  it.each(PLAIN)('keeps %s unchanged', (_label, html) => {
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('adds rel="noopener noreferrer" to every link with a target, replacing what was there', () => {
    expect(sanitizeHtml('<a href="https://x.example/" target="_blank">x</a>')).toBe(
      '<a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://x.example/" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://x.example/" rel="nofollow">x</a>')).toBe(
      '<a href="https://x.example/" rel="nofollow">x</a>',
    );
  });

  it('keeps the text of elements it does not allow', () => {
    expect(sanitizeHtml('<div><font color="red">Hello</font> <table><tr><td>cell</td></tr></table></div>')).toBe(
      'Hello cell',
    );
  });
});

describe('htmlText', () => {
  it.each([
    ['<p>Hello <strong>world</strong></p>', 'Hello world'],
    ['<h1>Title</h1><p>One</p><p>Two</p>', 'Title One Two'],
    ['<ul><li>a</li><li>b</li></ul>', 'a b'],
    ['<p>one<br>two</p>', 'one two'],
    ['<p>&lt;b&gt; &amp; &quot;</p>', '<b> & "'],
    ['<p>  lots   of\n\n space </p>', 'lots of space'],
    ['', ''],
    ['<img src="https://x.example/a.png">', ''],
  ])('%j → %j', (html, expected) => {
    expect(htmlText(html)).toBe(expected);
  });
});
