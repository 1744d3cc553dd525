import { describe, expect, it } from 'vitest';
import {
  NO_LETTERS,
  chiSquared,
  estimateKeyLength,
  findVigenereKey,
  indexOfCoincidence,
  letterIndices,
  rankCaesarShifts,
  tooShort,
} from './cipher-breaker';
import { ENGLISH_TEXTS } from './english-texts.fixture';
import { caesar, vigenere, vigenereShifts } from './text-encryptor.service';

const shifts = (key: string) => {
  const parsed = vigenereShifts(key);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

describe('letter statistics', () => {
  it('reads letters A–Z in either case and nothing else', () => {
    expect(letterIndices('Az-é 9 bY')).toEqual([0, 25, 1, 24]);
    expect(letterIndices('')).toEqual([]);
  });

  it('scores English lower than the same text shifted', () => {
    const english = letterIndices(ENGLISH_TEXTS.mobyDick);
    const count = (indices: number[]) => indices.reduce((c, i) => (c[i]!++, c), new Array<number>(26).fill(0));
    const shifted = english.map((i) => (i + 7) % 26);
    expect(chiSquared(count(english), english.length)).toBeLessThan(chiSquared(count(shifted), shifted.length) / 10);
    expect(chiSquared(new Array(26).fill(0), 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it('gives English an index of coincidence near 0.066', () => {
    expect(indexOfCoincidence(letterIndices(ENGLISH_TEXTS.aliceInWonderland))).toBeCloseTo(0.066, 2);
    expect(indexOfCoincidence([])).toBe(0);
    expect(indexOfCoincidence([3, 3, 3])).toBe(1);
  });
});

describe('rankCaesarShifts', () => {
  it.each(Object.entries(ENGLISH_TEXTS).map(([name, text], i) => [name, text, (i * 5 + 3) % 26] as const))(
    'ranks the true shift of %s first',
    (_name, text, shift) => {
      const ranked = rankCaesarShifts(caesar(text, shift));
      if (!ranked.ok) throw new Error(ranked.error);
      expect(ranked.value).toHaveLength(26);
      expect(ranked.value[0]).toMatchObject({ shift, plaintext: text });
      expect(new Set(ranked.value.map((candidate) => candidate.shift)).size).toBe(26);
      for (let i = 1; i < 26; i += 1) expect(ranked.value[i]!.score).toBeGreaterThanOrEqual(ranked.value[i - 1]!.score);
    },
  );

  it('works on a short sentence', () => {
    const ranked = rankCaesarShifts('Wkh txlfn eurzq ira mxpsv ryhu wkh odcb grj');
    expect(ranked.ok && ranked.value[0]).toMatchObject({
      shift: 3,
      plaintext: 'The quick brown fox jumps over the lazy dog',
    });
  });

  it.each([[''], ['1234 !?'], ['日本語']])('says there is nothing to analyse in %j', (text) => {
    expect(rankCaesarShifts(text)).toEqual({ ok: false, error: NO_LETTERS });
  });
});

describe('findVigenereKey', () => {
  // Keys written for the test, lengths 3 to 10, on English texts of 270–470 letters.
  it.each([
    ['prideAndPrejudice', 'SUN'],
    ['declaration', 'KEYS'],
    ['taleOfTwoCities', 'LEMON'],
    ['gettysburg', 'CIPHER'],
    ['aliceInWonderland', 'RABBITS'],
    ['mobyDick', 'HARPOONS'],
    ['gettysburg', 'LINCOLNIA'],
    ['mobyDick', 'NANTUCKETS'],
    ['aliceInWonderland', 'QUEENHEART'],
  ] as const)('recovers the key of %s enciphered with %s', (name, key) => {
    const text = ENGLISH_TEXTS[name];
    const letters = letterIndices(text).length;
    expect(letters).toBeGreaterThanOrEqual(200);
    expect(letters).toBeLessThanOrEqual(600);
    const found = findVigenereKey(vigenere(text, shifts(key), 'encrypt'));
    expect(found).toEqual({ ok: true, value: { key, plaintext: text } });
  });

  it('estimates the key length from the index of coincidence', () => {
    const cipher = vigenere(ENGLISH_TEXTS.mobyDick, shifts('ORANGE'), 'encrypt');
    expect(estimateKeyLength(letterIndices(cipher))).toBe(6);
  });

  it('finds a one-letter key (a Caesar shift)', () => {
    const found = findVigenereKey(caesar(ENGLISH_TEXTS.declaration, 11));
    expect(found.ok && found.value.key).toBe('L');
  });

  it.each([
    ['no text', '', NO_LETTERS],
    ['no letters', '12345 67890 !!!', NO_LETTERS],
    ['99 letters', 'Lxf opv! '.repeat(16) + 'Lxf', tooShort(99)],
  ])('says plainly when there is %s', (_name, text, error) => {
    expect(findVigenereKey(text)).toEqual({ ok: false, error });
  });
});
