import { NOT_UNICODE_ERROR } from '../../lib/unicode';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/simulation';
import {
  ALGORITHMS,
  caesarShift,
  decrypt,
  DECRYPTION_FAILED,
  encrypt,
  ENCRYPTION_FAILED,
  reverseText,
  VIGENERE_KEY_LETTERS,
  VIGENERE_KEY_REQUIRED,
  type Algorithm,
} from './text-encryptor.service';

describe('caesarShift', () => {
  it.each([
    ['3', 3],
    ['0', 0],
    ['1', 1],
    ['25', 25],
    ['26', 0],
    ['27', 1],
    ['-1', 25],
    ['-27', 25],
    ['+5', 5],
    [' 7 ', 7],
    ['123456789012345678901234567891', 1], // exact, no floating-point rounding
    ['', 3],
    ['abc', 3],
    ['2.5', 3],
    ['1e3', 3],
    ['--1', 3],
  ])('%j → %i', (value, shift) => {
    expect(caesarShift(value)).toBe(shift);
  });

  it('defaults to 3 without a value', () => {
    expect(caesarShift()).toBe(3);
  });
});

describe('encrypt / decrypt known answers', () => {
  it.each<[label: string, algorithm: Algorithm, key: string, plain: string, cipher: string]>([
    ['caesar classic', 'caesar', '3', 'Hello, World!', 'Khoor, Zruog!'],
    ['caesar wraps Z to C', 'caesar', '3', 'xyz XYZ', 'abc ABC'],
    ['caesar 13 (ROT13)', 'caesar', '13', 'Why did the chicken cross the road?', 'Jul qvq gur puvpxra pebff gur ebnq?'],
    ['caesar negative shift', 'caesar', '-3', 'abc', 'xyz'],
    ['caesar shift above 26', 'caesar', '29', 'abc', 'def'],
    ['caesar not a number uses 3', 'caesar', 'oops', 'abc', 'def'],
    ['caesar empty shift uses 3', 'caesar', '', 'abc', 'def'],
    ['caesar shift 0 is the identity', 'caesar', '0', 'abc', 'abc'],
    ['caesar keeps non-ASCII and digits', 'caesar', '1', 'Zoë 2024 😀', 'Apë 2024 😀'],
    ['vigenère classic', 'vigenere', 'LEMON', 'ATTACKATDAWN', 'LXFOPVEFRNHR'],
    ['vigenère key case-insensitive', 'vigenere', 'lemon', 'ATTACKATDAWN', 'LXFOPVEFRNHR'],
    ['vigenère keeps case', 'vigenere', 'LEMON', 'attack at Dawn', 'lxfopv ef Rnhr'],
    ['vigenère skips non-letters in the text', 'vigenere', 'LEMON', 'Attack, at dawn!', 'Lxfopv, ef rnhr!'],
    ['vigenère ignores spaces around the key', 'vigenere', ' LEMON ', 'ATTACKATDAWN', 'LXFOPVEFRNHR'],
    ['vigenère key A is the identity', 'vigenere', 'a', 'Hello', 'Hello'],
    ['vigenère Wikipedia', 'vigenere', 'KEY', 'HELLO', 'RIJVS'],
    ['base64', 'base64', '', 'Hello, 世界', 'SGVsbG8sIOS4lueVjA=='],
    ['base64 ignores the key', 'base64', 'LEMON', 'foobar', 'Zm9vYmFy'],
    ['reverse', 'reverse', '', 'Hello, World!', '!dlroW ,olleH'],
    ['reverse keeps emoji whole', 'reverse', '', 'a👋🏽b🇫🇷c👨‍👩‍👧', '👨‍👩‍👧c🇫🇷b👋🏽a'],
    ['reverse keeps accents on their letters', 'reverse', '', 'cafe\u0301!', '!e\u0301fac'],
    ['empty text', 'caesar', '3', '', ''],
  ])('%s', (_label, algorithm, key, plain, cipher) => {
    expect(encrypt({ text: plain, algorithm, key })).toEqual({ ok: true, value: cipher });
    expect(decrypt({ text: cipher, algorithm, key })).toEqual({ ok: true, value: plain });
  });
});

describe('errors', () => {
  it.each([[''], ['   ']])('vigenère with key %j requires a key', (key) => {
    expect(encrypt({ text: 'HELLO', algorithm: 'vigenere', key })).toEqual({ ok: false, error: VIGENERE_KEY_REQUIRED });
    expect(decrypt({ text: 'HELLO', algorithm: 'vigenere', key })).toEqual({ ok: false, error: VIGENERE_KEY_REQUIRED });
  });

  it.each([['abc123'], ['123'], ['---'], ['L-E M1O N'], ['LE MON'], ['café']])(
    'vigenère with key %j says the key takes letters only',
    (key) => {
      expect(encrypt({ text: 'HELLO', algorithm: 'vigenere', key })).toEqual({
        ok: false,
        error: VIGENERE_KEY_LETTERS,
      });
      expect(decrypt({ text: 'HELLO', algorithm: 'vigenere', key })).toEqual({
        ok: false,
        error: VIGENERE_KEY_LETTERS,
      });
    },
  );

  it('vigenère without any key', () => {
    expect(encrypt({ text: 'HELLO', algorithm: 'vigenere' })).toEqual({ ok: false, error: VIGENERE_KEY_REQUIRED });
  });

  it.each([['@@@'], ['Zg='], ['gA==']])('decrypting invalid base64 %j fails', (text) => {
    expect(decrypt({ text, algorithm: 'base64' })).toEqual({ ok: false, error: DECRYPTION_FAILED });
  });

  it('encrypting text with no UTF-8 form as base64 is refused as every text tool refuses it', () => {
    expect(encrypt({ text: 'a\uD800', algorithm: 'base64' })).toEqual({ ok: false, error: NOT_UNICODE_ERROR });
  });

  it('an unknown algorithm fails instead of returning the text', () => {
    const algorithm = 'rot47' as Algorithm;
    expect(encrypt({ text: 'x', algorithm })).toEqual({ ok: false, error: ENCRYPTION_FAILED });
    expect(decrypt({ text: 'x', algorithm })).toEqual({ ok: false, error: DECRYPTION_FAILED });
  });
});

describe('reverseText', () => {
  // Documented limits of reversing by grapheme: these regroup, so reversing twice differs.
  it.each([
    ['leading combining mark', '\u0301a', 'a\u0301'],
    ['odd run of flag letters', '🇺🇸🇫', '🇫🇺🇸'],
  ])('%s', (_label, text, reversed) => {
    expect(reverseText(text)).toBe(reversed);
  });
});

describe('property: decrypt(encrypt(text)) === text', () => {
  // Whole characters only (no leading combining mark, flags in pairs): see reverseText.
  const ALPHABET = [
    'a',
    'z',
    'A',
    'Z',
    'm',
    'Q',
    ' ',
    ',',
    '.',
    '!',
    '0',
    '9',
    '\n',
    'é',
    'ß',
    'Ø',
    '日',
    '語',
    '😀',
    '👋🏽',
    '👨‍👩‍👧',
    '🇫🇷',
    'e\u0301',
    '\u0000',
    '+',
    '/',
    '=',
  ];
  const random = seededRandom(20240);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const randomText = () => Array.from({ length: Math.floor(random() * 48) }, () => pick(ALPHABET)).join('');
  const randomKey = (algorithm: Algorithm) =>
    algorithm === 'caesar'
      ? String(Math.floor(random() * 2001) - 1000)
      : Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick([...'AbCdEfXyZ'])).join('') + pick(['K', 'e']);

  it.each(ALGORITHMS.map((algorithm) => [algorithm]))('%s over 300 seeded random texts and keys', (algorithm) => {
    for (let i = 0; i < 300; i += 1) {
      const text = randomText();
      const key = randomKey(algorithm);
      const encrypted = encrypt({ text, algorithm, key });
      expect(encrypted.ok, `${algorithm} ${JSON.stringify(text)} ${key}`).toBe(true);
      if (!encrypted.ok) continue;
      expect(decrypt({ text: encrypted.value, algorithm, key })).toEqual({ ok: true, value: text });
    }
  });

  it('caesar keeps length, case and every non-letter in place', () => {
    for (let i = 0; i < 300; i += 1) {
      const text = randomText();
      const encrypted = encrypt({ text, algorithm: 'caesar', key: String(i) });
      const out = encrypted.ok ? encrypted.value : '';
      expect(out.length).toBe(text.length);
      expect(out.replace(/[a-z]/g, 'a').replace(/[A-Z]/g, 'A')).toBe(
        text.replace(/[a-z]/g, 'a').replace(/[A-Z]/g, 'A'),
      );
    }
  });
});
