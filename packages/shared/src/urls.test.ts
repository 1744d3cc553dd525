import { describe, expect, it } from 'vitest';
import { ZPostInput } from './blog.schemas';
import { SHORTLINK_LIMITS, SHORTLINK_MESSAGES } from './shortlinks';
import { ZGuestShortlinkInput, ZShortlinkImportRow, ZShortlinkInput, ZShortlinkUpdate } from './shortlinks.schemas';
import { NORMALIZED_URLS } from './url-vectors';
import { checkHttpUrl, isHttpUrl, isLoopbackHost, normalizeHttpUrl, selfLinkOf, type OwnOrigin } from './urls';

const { invalidUrl, credentialsInUrl } = SHORTLINK_MESSAGES;
const longUrl = `https://example.com/${'a'.repeat(SHORTLINK_LIMITS.url)}`;

/** Targets an attacker might try (docs/decisions/0002-server-enforces-rules.md); each must be refused. */
const HOSTILE_URLS: [label: string, url: string, message: string][] = [
  ['javascript scheme', 'javascript:alert(1)', invalidUrl],
  ['leading space javascript', ' javascript:alert(1)', invalidUrl],
  ['mixed case javascript', 'JaVaScRiPt:alert(1)', invalidUrl],
  ['tab inside the scheme', 'java\tscript:alert(1)', invalidUrl],
  ['newline inside the scheme', 'java\nscript:alert(1)', invalidUrl],
  ['data URL', 'data:text/html,x', invalidUrl],
  ['base64 data URL', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', invalidUrl],
  ['file URL', 'file:///etc/passwd', invalidUrl],
  ['vbscript', 'vbscript:msgbox(1)', invalidUrl],
  ['ftp', 'ftp://example.com/file', invalidUrl],
  ['protocol-relative', '//evil.com', invalidUrl],
  ['no scheme', 'evil.com', invalidUrl],
  ['no scheme with path', 'evil.com/path', invalidUrl],
  ['http without slashes', 'http:evil.com', invalidUrl],
  ['http with no host', 'http://', invalidUrl],
  ['https with no host', 'https:///path', invalidUrl],
  ['backslash after the slashes', 'https://\\evil.com', invalidUrl],
  ['tab inside the host', 'http://exa\tmple.com', invalidUrl],
  ['space inside', 'https://example.com/a b', invalidUrl],
  ['credentials (phishing pattern)', 'https://user:pass@host.example', credentialsInUrl],
  ['user only', 'https://bank.example@evil.example', credentialsInUrl],
  ['too long', longUrl, invalidUrl],
  ['empty', '', invalidUrl],
];

const VALID_URLS: [label: string, url: string][] = [
  ['http', 'http://example.com'],
  ['https with path, query and fragment', 'https://example.com/a/b?c=d&e=f#g'],
  ['upper-case scheme', 'HTTPS://EXAMPLE.COM/'],
  ['port', 'http://localhost:8080/x'],
  ['IPv4 host', 'http://127.0.0.1/'],
  ['IPv6 host', 'http://[::1]:3000/'],
  ['IDN host', 'https://bücher.example/'],
  ['percent-encoded path', 'https://example.com/%20x'],
  ['at the length cap', `https://example.com/${'a'.repeat(SHORTLINK_LIMITS.url - 20)}`],
];

describe('checkHttpUrl', () => {
  it.each(HOSTILE_URLS)('refuses %s', (_label, url, message) => {
    expect(checkHttpUrl(url)).toEqual({ ok: false, error: message });
    expect(isHttpUrl(url)).toBe(false);
  });

  it.each(VALID_URLS)('accepts %s', (_label, url) => {
    const check = checkHttpUrl(url);
    expect(check.ok).toBe(true);
    expect(isHttpUrl(url)).toBe(true);
  });
});

describe('normalizeHttpUrl', () => {
  it.each(NORMALIZED_URLS)('serialises %s', (_label, url, href) => {
    expect(normalizeHttpUrl(url)).toEqual({ ok: true, href });
    expect(href).toMatch(/^[\x21-\x7e]+$/);
    // Serialising is idempotent: the stored form reads back as itself.
    expect(normalizeHttpUrl(href)).toEqual({ ok: true, href });
  });

  it.each(HOSTILE_URLS)('refuses %s as checkHttpUrl does', (_label, url, message) => {
    expect(normalizeHttpUrl(url)).toEqual({ ok: false, error: message });
  });

  it('caps the serialised form, where a character outside ASCII takes up to 12', () => {
    const url = `https://example.com/${'日'.repeat(300)}`;
    expect(url.length).toBeLessThan(SHORTLINK_LIMITS.url);
    expect(normalizeHttpUrl(url)).toEqual({ ok: false, error: 'URLs must be at most 2048 characters once encoded' });
    expect(normalizeHttpUrl(url, Number.POSITIVE_INFINITY).ok).toBe(true);
  });
});

describe('every address field stores the serialised form', () => {
  const link = { title: 'Docs', targetUrl: 'https://example.com/' };
  it.each(NORMALIZED_URLS)('%s', (_label, url, href) => {
    const body = { ...link, targetUrl: url, metaImage: url };
    for (const schema of [ZShortlinkInput, ZShortlinkUpdate, ZShortlinkImportRow, ZGuestShortlinkInput]) {
      expect(schema.parse(body)).toMatchObject({ targetUrl: href, metaImage: href });
    }
    const post = { title: 'Hello', slug: 'hello', content: '<p>Hi</p>', cover_image: ` ${url} ` };
    expect(ZPostInput.parse(post).cover_image).toBe(href);
  });

  it.each([
    ['a control character', 'https://example.com/\u0001', invalidUrl],
    ['a space', 'https://example.com/a b', invalidUrl],
    ['a no-break space', 'https://example.com/a\u00a0b', invalidUrl],
    ['an ideographic space', 'https://example.com/a\u3000b', invalidUrl],
    ['a host the parser refuses', 'https://exa<mple.com/', invalidUrl],
    [
      'too long once encoded',
      `https://example.com/${'é'.repeat(1100)}`,
      'URLs must be at most 2048 characters once encoded',
    ],
  ])('refuses %s in every one of them', (_label, url, message) => {
    const messages = [
      ZShortlinkInput.safeParse({ ...link, targetUrl: url }),
      ZShortlinkInput.safeParse({ ...link, metaImage: url }),
      ZShortlinkImportRow.safeParse({ ...link, targetUrl: url }),
      ZPostInput.safeParse({ title: 'Hello', slug: 'hello', content: '<p>Hi</p>', cover_image: url }),
    ].map((result) => (result.success ? undefined : result.error.issues[0]?.message));
    expect(messages).toEqual([message, message, message, message]);
  });

  it('leaves an empty optional address empty', () => {
    expect(ZShortlinkInput.parse({ ...link, metaImage: '  ' }).metaImage).toBe('');
    expect(ZPostInput.parse({ title: 'Hello', slug: 'hello', content: '<p>Hi</p>' }).cover_image).toBe('');
  });
});

describe('selfLinkOf', () => {
  const own: OwnOrigin = {
    hosts: ['toolvault.example', 'internal:8080'],
    addresses: ['192.0.2.2', '[fd00::2]', '[fe80::fc:ff:fe00:1]'],
  };
  const parsed = (url: string) => {
    const check = checkHttpUrl(url);
    if (!check.ok) throw new Error(`test row ${url} is not a valid URL`);
    return check.url;
  };

  // By a name of the site, on any port: a short code leads back here, its other pages do not.
  it.each<[string, 'short-link' | null]>([
    ['https://toolvault.example/abc123', 'short-link'],
    ['https://TOOLVAULT.example./abc123/', 'short-link'],
    ['https://toolvault.example/%61bc123?x=1', 'short-link'],
    ['https://toolvault.example:443/abc123', 'short-link'],
    ['https://toolvault.example:8443/abc123', 'short-link'],
    ['http://toolvault.example:3001/abc123', 'short-link'],
    ['http://internal/abc123', 'short-link'],
    ['http://internal:9999/abc123', 'short-link'],
    ['https://toolvault.example/', null],
    ['https://toolvault.example/hash-generator', null],
    ['https://toolvault.example/blog/post', null],
    ['https://toolvault.example/api/shortlink/abc123', null],
    ['https://toolvault.example/%zz', null],
    ['https://example.com/abc123', null],
    ['https://toolvault.example.com/abc123', null],
  ])('by name: %s → %s', (url, expected) => {
    expect(selfLinkOf(parsed(url), own)).toBe(expected);
  });

  // By an address of this machine, on any port and any path.
  it.each<[string, 'own-address' | null]>([
    ['http://localhost:3000/abc123', 'own-address'],
    ['http://localhost:4000/hash-generator', 'own-address'],
    ['http://localhost/', 'own-address'],
    ['http://LOCALHOST.:3000/abc123', 'own-address'],
    ['http://app.localhost:3000/abc123', 'own-address'],
    ['http://127.0.0.1:3001/abc123', 'own-address'],
    ['http://127.1/abc123', 'own-address'],
    ['http://127.255.0.9:3000/x', 'own-address'],
    ['http://2130706433:3000/abc123', 'own-address'],
    ['http://0x7f.0.0.1:3000/abc123', 'own-address'],
    ['http://0.0.0.0:8080/abc123', 'own-address'],
    ['http://[::1]:3000/abc123', 'own-address'],
    ['http://[0:0:0:0:0:0:0:1]/', 'own-address'],
    ['http://[::ffff:127.0.0.1]:3000/abc123', 'own-address'],
    ['http://[::]:3000/abc123', 'own-address'],
    ['http://192.0.2.2/', 'own-address'],
    ['https://192.0.2.2:8443/abc123', 'own-address'],
    ['http://[::ffff:192.0.2.2]/abc123', 'own-address'],
    ['http://[FD00:0::2]:3000/abc123', 'own-address'],
    ['http://[fe80::fc:ff:fe00:1]/', 'own-address'],
    ['http://192.0.2.3/abc123', null],
    ['http://[fd00::3]/abc123', null],
    ['http://128.0.0.1:3000/abc123', null],
    ['http://localhost.example:3000/abc123', null],
  ])('by address: %s → %s', (url, expected) => {
    expect(selfLinkOf(parsed(url), own)).toBe(expected);
  });

  it('reads Host headers with an IPv6 address and a port', () => {
    const host = { hosts: ['[2001:db8::7]:3000'], addresses: [] };
    expect(selfLinkOf(parsed('http://[2001:db8::7]:4000/abc123'), host)).toBe('short-link');
    expect(selfLinkOf(parsed('http://[2001:db8::7]/blog'), host)).toBeNull();
  });

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['[::ffff:7f00:1]', true],
    ['[::ffff:0:0]', true],
    ['example.com', false],
    ['10.0.0.1', false],
    ['[::2]', false],
    ['[::ffff:a00:1]', false],
    ['', false],
  ])('isLoopbackHost(%j) → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
