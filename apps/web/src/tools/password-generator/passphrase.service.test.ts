import { describe, expect, it } from 'vitest';
import { EFF_LARGE_WORDLIST } from './eff-wordlist';
import { PASSPHRASE_WORDS, WORD_COUNT_ERROR, generatePassphrase, passphraseBits } from './passphrase.service';
import type { RandomValues } from './password-generator.service';

/** Answers each draw with the next value of `values`, as crypto.getRandomValues would fill one word. */
const scripted = (values: number[]): RandomValues => {
  let next = 0;
  return (array) => {
    array[0] = values[next++ % values.length]!;
    return array;
  };
};

describe('the EFF large word list', () => {
  it('holds the 7,776 distinct words in dice order', () => {
    expect(EFF_LARGE_WORDLIST).toHaveLength(7776);
    expect(new Set(EFF_LARGE_WORDLIST).size).toBe(7776);
    expect(EFF_LARGE_WORDLIST.slice(0, 3)).toEqual(['abacus', 'abdomen', 'abdominal']);
    expect(EFF_LARGE_WORDLIST.at(-1)).toBe('zoom');
    for (const word of EFF_LARGE_WORDLIST) expect(word).toMatch(/^[a-z-]{3,9}$/);
  });
});

describe('generatePassphrase', () => {
  const list = ['alpha', 'bravo', 'charlie', 'delta'];

  it.each([
    ['hyphen, lower case', { separator: 'hyphen', capitalisation: 'lower' }, 'alpha-bravo-charlie'],
    ['space, capitalised', { separator: 'space', capitalisation: 'first' }, 'Alpha Bravo Charlie'],
    ['period, upper case', { separator: 'period', capitalisation: 'upper' }, 'ALPHA.BRAVO.CHARLIE'],
    ['underscore', { separator: 'underscore' }, 'alpha_bravo_charlie'],
    ['no separator', { separator: 'none', capitalisation: 'first' }, 'AlphaBravoCharlie'],
  ] as const)('joins words with %s', (_name, options, expected) => {
    expect(generatePassphrase({ words: 3, wordList: list, randomValues: scripted([0, 1, 2]), ...options })).toEqual({
      ok: true,
      value: expected,
    });
  });

  it('rejects draws past the last multiple of the list size, so no word is more likely', () => {
    // 7,776 words from 16-bit draws: 65,536 − 65,536 mod 7,776 = 62,208 and above are drawn again.
    const random = scripted([62_208, 65_535, 62_207, 7776, 0]);
    expect(generatePassphrase({ words: 3, wordList: EFF_LARGE_WORDLIST, randomValues: random })).toEqual({
      ok: true,
      value: `${EFF_LARGE_WORDLIST[62_207 % 7776]}-abacus-abacus`,
    });
  });

  it('draws every word of a small list about equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i += 1) {
      const result = generatePassphrase({ words: 3, wordList: list });
      for (const word of result.ok ? result.value.split('-') : []) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    for (const word of list) expect(counts.get(word)).toBeGreaterThan(2700);
  });

  it.each([2, 13, 4.5, Number.NaN])('refuses %s words', (words) => {
    expect(generatePassphrase({ words, wordList: list })).toEqual({ ok: false, error: WORD_COUNT_ERROR });
  });

  it('defaults to six words', () => {
    const result = generatePassphrase({ wordList: EFF_LARGE_WORDLIST });
    expect(result.ok && result.value.split('-').length).toBeGreaterThanOrEqual(PASSPHRASE_WORDS.default);
  });
});

describe('passphraseBits', () => {
  it.each([
    [6, 7776, 77.5],
    [3, 7776, 38.8],
    [12, 7776, 155.1],
    [4, 2, 4],
    [0, 7776, 0],
  ])('%i words from %i give %s bits', (words, size, bits) => {
    expect(passphraseBits(words, size)).toBe(bits);
  });
});
