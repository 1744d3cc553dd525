/**
 * Addresses with every kind of character a link target may hold, each with its serialised form: the
 * one stored, shown and sent in a Location header (all visible ASCII). The shared URL tests and the
 * API's redirect tests both run them.
 */
export const NORMALIZED_URLS: readonly (readonly [label: string, url: string, href: string])[] = [
  ['ASCII, already serialised', 'https://example.com/a/b?c=d&e=f#g', 'https://example.com/a/b?c=d&e=f#g'],
  ['a host alone gains its path', 'https://example.com', 'https://example.com/'],
  ['upper-case scheme and host', 'HTTPS://EXAMPLE.COM/Path', 'https://example.com/Path'],
  ['the default port', 'https://example.com:443/x', 'https://example.com/x'],
  ['a non-ASCII path', 'https://ja.wikipedia.org/wiki/日本', 'https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC'],
  ['an IDN host', 'https://bücher.example/', 'https://xn--bcher-kva.example/'],
  ['a Cyrillic е in the host', 'https://еxample.com/', 'https://xn--xample-2of.com/'],
  ['Latin-1', 'https://example.com/café?q=é#é', 'https://example.com/caf%C3%A9?q=%C3%A9#%C3%A9'],
  ['U+0100 and above', 'https://example.com/Āā/Ω/€', 'https://example.com/%C4%80%C4%81/%CE%A9/%E2%82%AC'],
  ['emoji', 'https://example.com/😀?r=🚀', 'https://example.com/%F0%9F%98%80?r=%F0%9F%9A%80'],
  [
    'right-to-left text and a bidi override',
    'https://example.com/שלום/\u202Eabc?ق=ع',
    'https://example.com/%D7%A9%D7%9C%D7%95%D7%9D/%E2%80%AEabc?%D9%82=%D8%B9',
  ],
  [
    'double quotes and <>',
    'https://example.com/"<x>"?q="<y>"#"<z>"',
    'https://example.com/%22%3Cx%3E%22?q=%22%3Cy%3E%22#%22%3Cz%3E%22',
  ],
  ['single quotes and a backtick', "https://example.com/it's/`x`", "https://example.com/it's/%60x%60"],
  ['braces', 'https://example.com/{a}', 'https://example.com/%7Ba%7D'],
  ['percent signs, valid or not', 'https://example.com/100%25/%zz/%', 'https://example.com/100%25/%zz/%'],
  ['a backslash in the path is a slash', 'https://example.com\\a\\b', 'https://example.com/a/b'],
  ['a backslash before @ is a slash too', 'https://evil.example\\@good.example', 'https://evil.example/@good.example'],
  ['a backslash in the query stays', 'https://example.com/?q=a\\b', 'https://example.com/?q=a\\b'],
  ['an IPv6 host', 'http://[2001:DB8:0:0::1]:8080/', 'http://[2001:db8::1]:8080/'],
];
