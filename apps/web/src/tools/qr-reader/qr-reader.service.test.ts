import { describe, expect, it } from 'vitest';
import {
  describeInvisible,
  detectContentType,
  invisibleCharacters,
  openableUrl,
  parseWifi,
  type QrContentType,
} from './qr-reader.service';

describe('detectContentType (first matching rule wins)', () => {
  it.each<[string, QrContentType]>([
    // 1. URL
    ['https://example.com/toolvault?x=1', 'URL'],
    ['http://example.com', 'URL'],
    ['HTTP://X.COM', 'URL'],
    ['HtTpS://x.com', 'URL'],
    ['  https://example.com  ', 'URL'],
    ['https://user@example.com', 'URL'], // URL wins over Email
    ['https://example.com/+15551234567', 'URL'], // URL wins over Phone
    ['http://wifi.example', 'URL'], // URL wins over WiFi
    ['https://', 'URL'],
    ['ftp://files.example', 'Text'],
    ['httpx://example', 'Text'],
    ['http:/example', 'Text'],
    ['example.com', 'Text'],
    ['javascript:alert(1)', 'Text'],
    // 2. Email: "@" and "." anywhere
    ['alice@example.com', 'Email'],
    ['mailto:a@b.c', 'Email'],
    ['a.b@c', 'Email'],
    ['user@host.example +1 555 0100', 'Email'], // Email wins over Phone
    ['WIFI:S:Cafe;T:WPA;P:p@ss.word;;', 'Email'], // the designed order: Email before WiFi
    ['a@b', 'Text'], // no dot
    ['@.', 'Email'],
    // 3. Phone: "+" or 10+ digits
    ['+1 555', 'Phone'],
    ['tel:+15551234567', 'Phone'],
    ['1234567890', 'Phone'],
    ['(555) 123-4567 x0', 'Phone'], // 11 digits in total
    ['123456789', 'Text'], // 9 digits
    ['1 2 3 4 5 6 7 8 9 0', 'Phone'], // digits need not be adjacent
    ['WIFI:S:Home;T:WPA;P:+secret;;', 'Phone'], // the designed order: Phone before WiFi
    ['a+b', 'Phone'],
    // 4. WiFi
    ['WIFI:S:x;;', 'WiFi'],
    ['WIFI:T:WPA;S:Home Net;P:secret;;', 'WiFi'],
    ['wifi password is hunter2', 'WiFi'],
    ['Free WiFi here', 'WiFi'],
    ['wi-fi', 'Text'],
    // 5. Text
    ['hello', 'Text'],
    ['', 'Text'],
    ['   ', 'Text'],
    ['日本語 😀', 'Text'],
  ])('%j → %s', (text, type) => {
    expect(detectContentType(text)).toBe(type);
  });
});

describe('openableUrl: only http(s) URLs get an "Open in new tab" link', () => {
  it.each<[string, string | null]>([
    ['https://example.com/toolvault?x=1', 'https://example.com/toolvault?x=1'],
    ['HTTP://X.COM', 'http://x.com/'],
    [' https://example.com ', 'https://example.com/'],
    ['https://', null], // looks like a URL, does not parse
    ['javascript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['mailto:a@b.c', null],
    ['ftp://files.example', null],
    ['example.com', null],
    ['', null],
  ])('%j → %j', (text, href) => {
    expect(openableUrl(text)).toBe(href);
  });
});

describe('parseWifi', () => {
  it.each([
    [
      'WIFI:S:Home Net;T:WPA;P:secret;;',
      { ssid: 'Home Net', security: 'WPA', open: false, hasPassword: true, hidden: false },
    ],
    ['WIFI:T:WEP;S:old;P:abc;H:true;;', { ssid: 'old', security: 'WEP', open: false, hasPassword: true, hidden: true }],
    [
      'WIFI:S:Cafe;T:nopass;;',
      { ssid: 'Cafe', security: 'None (open network)', open: true, hasPassword: false, hidden: false },
    ],
    ['WIFI:S:x;;', { ssid: 'x', security: 'None (open network)', open: true, hasPassword: false, hidden: false }],
    [
      'wifi:s:lower;t:SAE;p:pw;h:TRUE;;',
      { ssid: 'lower', security: 'SAE', open: false, hasPassword: true, hidden: true },
    ],
    [
      'WIFI:S:a\\;b\\:c\\\\d;T:WPA;P:p\\;w;;',
      { ssid: 'a;b:c\\d', security: 'WPA', open: false, hasPassword: true, hidden: false },
    ],
    [
      '  WIFI:S:My "Net";T:WPA;P:p@ss.word;;  ',
      { ssid: 'My "Net"', security: 'WPA', open: false, hasPassword: true, hidden: false },
    ],
  ])('%j', (text, network) => {
    expect(parseWifi(text)).toEqual(network);
  });

  it.each(['', 'hello', 'wifi password is hunter2', 'WIFI:', 'WIFI:T:WPA;P:x;;', 'WIFI:S:;T:WPA;;', 'XWIFI:S:x;;'])(
    '%j is not a WiFi network',
    (text) => {
      expect(parseWifi(text)).toBeNull();
    },
  );
});

describe('invisibleCharacters: what the screen points out, in order of first appearance', () => {
  it.each<[string, string]>([
    ['', ''],
    ['plain text', ''],
    ['line one\nline two', ''], // a text box shows LF as a line break
    ['a\u001bb', 'ESC (U+001B)'],
    ['\u001d01\u001d10', 'GS (U+001D) ×2'],
    ['a\tb\r\nc', 'TAB (U+0009), CR (U+000D)'],
    ['\u0000\u007f', 'NUL (U+0000), DEL (U+007F)'],
    ['\uFEFFbom\u200B', 'U+FEFF, U+200B'],
    ['\u0085', 'U+0085'],
    ['<ESC>', ''], // angle brackets are just text
    ['日本語 😀', ''],
  ])('%j → %j', (text, listed) => {
    expect(describeInvisible(invisibleCharacters(text))).toBe(listed);
  });

  it('counts each character and keeps its code point', () => {
    expect(invisibleCharacters('\t\u001b\t')).toEqual([
      { name: 'TAB', codePoint: 'U+0009', count: 2 },
      { name: 'ESC', codePoint: 'U+001B', count: 1 },
    ]);
  });
});
