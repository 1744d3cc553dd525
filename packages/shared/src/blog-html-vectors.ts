/**
 * Known-answer vectors of the blog HTML policy, read by the server's sanitizer test and the page's: one
 * table, so a change to the policy (blog-html-policy.ts) is tested on both sides at once. Every row's
 * expected output is the same on both (no image rows: the page also drops refused images and adds alt).
 */
export const BLOG_HTML_VECTORS: readonly (readonly [label: string, input: string, expected: string])[] = [
  ['empty', '', ''],
  ['paragraph', '<p>Hello</p>', '<p>Hello</p>'],
  ['headers 1 to 3 (the toolbar)', '<h1>A</h1><h2>B</h2><h3>C</h3>', '<h1>A</h1><h2>B</h2><h3>C</h3>'],
  ['pasted headers 4 to 6 keep their level', '<h4>D</h4><h5>E</h5><h6>F</h6>', '<h4>D</h4><h5>E</h5><h6>F</h6>'],
  [
    'inline formats',
    '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>',
    '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>',
  ],
  [
    'Quill 2 list items',
    '<ol><li data-list="bullet">a</li><li data-list="ordered">b</li></ol>',
    '<ol><li data-list="bullet">a</li><li data-list="ordered">b</li></ol>',
  ],
  ...[1, 2, 3, 4, 5, 6, 7, 8].map(
    (level) =>
      [
        `indent level ${level}`,
        `<li data-list="bullet" class="ql-indent-${level}">x</li>`,
        `<li data-list="bullet" class="ql-indent-${level}">x</li>`,
      ] as const,
  ),
  ['indent level 9 has no style and is dropped', '<p class="ql-indent-9">x</p>', '<p>x</p>'],
  ['indent level 0 is not a level', '<p class="ql-indent-0 ql-align-center">x</p>', '<p class="ql-align-center">x</p>'],
  ['code block', '<pre class="ql-syntax">let a = 1;</pre>', '<pre class="ql-syntax">let a = 1;</pre>'],
  // Quill 2 saves a code block as <pre data-language="…"> with its text escaped (the parser drops the newline after <pre>).
  [
    'Quill 2 code block keeps its language',
    '<pre data-language="javascript">\nconst a = 1;\n</pre>',
    '<pre data-language="javascript">const a = 1;\n</pre>',
  ],
  ['code block marked plain', '<pre data-language="plain">x</pre>', '<pre data-language="plain">x</pre>'],
  [
    'code language spelled with # and +',
    '<pre data-language="c#">x</pre><pre data-language="c++">y</pre>',
    '<pre data-language="c#">x</pre><pre data-language="c++">y</pre>',
  ],
  [
    'escaped markup in a code block stays text',
    '<pre data-language="xml">&lt;script&gt;alert(1)&lt;/script&gt;</pre>',
    '<pre data-language="xml">&lt;script&gt;alert(1)&lt;/script&gt;</pre>',
  ],
  [
    'script element inside a code block',
    '<pre data-language="xml"><script>alert(1)</script>a</pre>',
    '<pre data-language="xml">a</pre>',
  ],
  [
    'a language that is not a plain name',
    '<pre data-language="js&quot; onmouseover=&quot;alert(1)">a</pre>',
    '<pre>a</pre>',
  ],
  ['a language with a scheme', '<pre data-language="javascript:alert(1)">a</pre>', '<pre>a</pre>'],
  ['a language name that is too long', `<pre data-language="${'a'.repeat(33)}">a</pre>`, '<pre>a</pre>'],
  [
    'data-language off a code block',
    '<p data-language="javascript">x</p><code data-language="sql">y</code>',
    '<p>x</p><code>y</code>',
  ],
  [
    'other data attributes on a code block',
    '<pre data-language="sql" data-x="1" onclick="alert(1)">a</pre>',
    '<pre data-language="sql">a</pre>',
  ],
  [
    'highlighter classes pasted into a code block',
    '<pre data-language="javascript"><span class="hljs-keyword">let</span> a</pre>',
    '<pre data-language="javascript"><span>let</span> a</pre>',
  ],
  [
    "the editor's inner code-block markup (never saved) keeps only its text",
    '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="sql">select 1</div></div>',
    'select 1',
  ],
  ['script element', '<p>a</p><script>alert(1)</script>', '<p>a</p>'],
  ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
  ['handler on a header', '<h5 onclick="alert(1)">x</h5>', '<h5>x</h5>'],
  ['svg with script', '<svg><script>alert(1)</script></svg><p>ok</p>', '<p>ok</p>'],
  ['style attribute', '<h4 style="color:red">x</h4>', '<h4>x</h4>'],
  ['foreign classes', '<p class="evil ql-indent-1 x">x</p>', '<p class="ql-indent-1">x</p>'],
  [
    'a new-tab link gets rel',
    '<a href="https://e.com" target="_blank">x</a>',
    '<a href="https://e.com" target="_blank" rel="noopener noreferrer">x</a>',
  ],
];
