// hashText: known digests, UTF-8 text against Node crypto, HMAC keys as text or hex, and the input it
// refuses as a user error.
import { describe, expect, it } from 'vitest';
import { NOT_UNICODE_ERROR } from '../../lib/unicode';
import {
  EMPTY_KEY_ERROR,
  EMPTY_TEXT_ERROR,
  HEX_KEY_ERROR,
  NO_HMAC_ERROR,
  hashText,
  hmacKeyBytes,
  type HashAlgorithm,
} from './hash-generator.service';
import { HASH_ALGORITHMS, HEX_LENGTH } from './hash.protocol';
import { NODE_ALGORITHMS, nodeHash } from './hash-testing';

describe('hashText', () => {
  it.each([
    ['md5', 'abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['sha1', 'abc', 'a9993e364706816aba3e25717850c26c9cd0d89d'],
    ['sha256', 'abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['md5', ' ', '7215ee9c7d9dc229d2921a40e899ec5f'],
    ['md5', 'message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
  ] as const)('%s of %j is %s', async (algorithm, text, expected) => {
    expect(await hashText({ text, algorithm })).toEqual({ ok: true, value: expected });
  });

  const UTF8_TEXTS = ['héllo wörld', 'naïve café — crème brûlée', '😀🔐🚀', 'Ünïcödé 日本語 ✓', 'e\u0301 vs \u00e9'];
  it.each(NODE_ALGORITHMS.flatMap((algorithm) => UTF8_TEXTS.map((text) => [algorithm, text] as const)))(
    '%s of %j equals Node crypto on its UTF-8 bytes',
    async (algorithm, text) => {
      expect(await hashText({ text, algorithm })).toEqual({
        ok: true,
        value: nodeHash(algorithm, Buffer.from(text, 'utf8')),
      });
    },
  );

  it.each(HASH_ALGORITHMS)('refuses empty input for %s as a user error', async (algorithm) => {
    expect(await hashText({ text: '', algorithm })).toEqual({ ok: false, error: EMPTY_TEXT_ERROR });
  });

  it('refuses an unknown algorithm as a user error', async () => {
    expect(await hashText({ text: 'abc', algorithm: 'crc32' as HashAlgorithm })).toEqual({
      ok: false,
      error: 'Unsupported algorithm: crc32',
    });
  });

  it('gives lowercase hex of the right length', async () => {
    for (const algorithm of HASH_ALGORITHMS) {
      const result = await hashText({ text: 'Toolvault', algorithm });
      expect(result.ok && result.value).toMatch(new RegExp(`^[0-9a-f]{${HEX_LENGTH[algorithm]}}$`));
    }
  });

  it.each([['\uD800'], ['a\uDC00b'], ['x😀'.slice(0, 2)]])(
    'refuses the lone surrogate in %j instead of hashing U+FFFD',
    async (text) => {
      expect(await hashText({ text, algorithm: 'sha256' })).toEqual({ ok: false, error: NOT_UNICODE_ERROR });
    },
  );

  it('hashes a byte-order mark and a surrogate pair as their exact UTF-8 bytes', async () => {
    const text = '\uFEFFbom 😀';
    expect(await hashText({ text, algorithm: 'sha256' })).toEqual({
      ok: true,
      value: nodeHash('sha256', Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('bom 😀', 'utf8')])),
    });
  });

  it.each([
    ['text key', { format: 'text', value: 'Jefe' }, '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'],
    [
      'hex key',
      { format: 'hex', value: '4a 65 66 65' },
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      '0x hex key',
      { format: 'hex', value: '0x4A656665' },
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
  ] as const)('gives the RFC 4231 HMAC-SHA-256 with a %s', async (_name, hmacKey, expected) => {
    expect(await hashText({ text: 'what do ya want for nothing?', algorithm: 'sha256', hmacKey })).toEqual({
      ok: true,
      value: expected,
    });
  });

  it.each([
    ['an empty text key', 'sha256', { format: 'text', value: '' }, EMPTY_KEY_ERROR],
    ['an empty hex key', 'sha256', { format: 'hex', value: '  ' }, EMPTY_KEY_ERROR],
    ['an odd hex key', 'sha256', { format: 'hex', value: 'abc' }, HEX_KEY_ERROR],
    ['a non-hex key', 'sha256', { format: 'hex', value: 'zz' }, HEX_KEY_ERROR],
    ['a lone surrogate in the key', 'sha1', { format: 'text', value: '\uD800' }, NOT_UNICODE_ERROR],
    ['HMAC with BLAKE3', 'blake3', { format: 'text', value: 'key' }, NO_HMAC_ERROR],
  ] as const)('refuses %s as a user error', async (_name, algorithm, hmacKey, error) => {
    expect(await hashText({ text: 'abc', algorithm, hmacKey })).toEqual({ ok: false, error });
  });

  it('reads hex keys exactly', () => {
    expect(hmacKeyBytes({ format: 'hex', value: '00:ff 10' })).toEqual({
      ok: true,
      value: new Uint8Array([0, 255, 16]),
    });
  });
});
