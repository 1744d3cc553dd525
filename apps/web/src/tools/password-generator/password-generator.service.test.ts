import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/simulation';
import {
  CHARACTER_CLASSES,
  CHARACTER_SETS,
  LENGTH_ERROR,
  NO_CLASS_ERROR,
  entropyBits,
  generatePassword,
  passwordStrength,
  poolSize,
  randomIndex,
  shuffle,
  type CharacterClass,
  type RandomValues,
} from './password-generator.service';

/** A source that hands out the given words one per call, and counts its calls. */
function scripted(values: number[]) {
  const queue = [...values];
  const widths: number[] = [];
  const source: RandomValues = (array) => {
    if (queue.length === 0) throw new Error('scripted source exhausted');
    widths.push(array.BYTES_PER_ELEMENT);
    array[0] = queue.shift()!;
    return array;
  };
  return { source, widths, left: () => queue.length };
}

/** A reproducible source for statistics (mulberry32 under the hood). */
function seededRandomValues(seed: number): RandomValues {
  const random = seededRandom(seed);
  return (array) => {
    const range = 2 ** (array.BYTES_PER_ELEMENT * 8);
    for (let i = 0; i < array.length; i += 1) array[i] = Math.floor(random() * range);
    return array;
  };
}

/** Every non-empty subset of the four classes. */
const SUBSETS: CharacterClass[][] = Array.from({ length: 15 }, (_, mask) =>
  CHARACTER_CLASSES.filter((_, bit) => ((mask + 1) >> bit) & 1),
);

describe('character sets', () => {
  it('uses exactly the designed symbols', () => {
    expect(CHARACTER_SETS.symbols).toBe('!@#$%^&*()_+-=[]{}|;:,.<>?');
  });

  it.each([
    [['uppercase'], 26],
    [['lowercase'], 26],
    [['numbers'], 10],
    [['symbols'], 26],
    [['numbers', 'numbers'], 10],
    [[...CHARACTER_CLASSES], 88],
    [[], 0],
  ] as [CharacterClass[], number][])('pool of %j has %i characters', (classes, size) => {
    expect(poolSize(classes)).toBe(size);
  });
});

describe('randomIndex (rejection sampling)', () => {
  it.each([
    // n, words drawn, index, words consumed
    [10, [250, 7], 7, 2], // 250..255 would favour 0..5: drawn again
    [10, [255, 251, 249], 9, 3],
    [10, [249], 9, 1], // the last accepted byte
    [10, [0], 0, 1],
    [88, [176, 5], 5, 2], // 256 - 256 % 88 = 176
    [88, [175], 87, 1],
    [26, [234, 233], 25, 2], // 256 - 256 % 26 = 234
    [64, [255], 63, 1], // 64 divides 256: nothing is rejected
    [1, [255], 0, 1],
    [256, [255], 255, 1],
    [300, [65400, 299], 299, 2], // 16-bit words: 65536 - 65536 % 300 = 65400
  ])('n = %i, words %j → index %i after %i draws', (n, words, index, draws) => {
    const { source, widths, left } = scripted(words);
    expect(randomIndex(n, source)).toBe(index);
    expect(widths).toHaveLength(draws);
    expect(left()).toBe(words.length - draws);
  });

  it.each([
    [10, 1],
    [256, 1],
    [257, 2],
    [65536, 2],
    [65537, 4],
  ])('draws the narrowest word for n = %i (%i bytes)', (n, bytes) => {
    const { source, widths } = scripted([0]);
    randomIndex(n, source);
    expect(widths).toEqual([bytes]);
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 32 + 1])('throws on n = %s (a bug)', (n) => {
    expect(() => randomIndex(n, scripted([0]).source)).toThrow(RangeError);
  });

  it('is uniform over many draws from a seeded source', () => {
    const source = seededRandomValues(42);
    const draws = 100_000;
    const counts = new Array<number>(10).fill(0);
    for (let i = 0; i < draws; i += 1) counts[randomIndex(10, source)]! += 1;
    for (const count of counts) expect(Math.abs(count - draws / 10)).toBeLessThan(draws / 10 / 20);
  });

  it('uses the real CSPRNG by default', () => {
    const seen = new Set(Array.from({ length: 2000 }, () => randomIndex(10)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});

describe('shuffle', () => {
  it('is Fisher–Yates with the rejection sampler', () => {
    // i = 3: randomIndex(4) rejects nothing → 0; i = 2: randomIndex(3) rejects 255 → 1; i = 1: randomIndex(2) → 1.
    const { source, left } = scripted([0, 255, 1, 1]);
    expect(shuffle(['a', 'b', 'c', 'd'], source)).toEqual(['d', 'c', 'b', 'a']);
    expect(left()).toBe(0);
  });

  it('puts every item in every place equally often', () => {
    const source = seededRandomValues(7);
    const firstPlace: Record<string, number> = { a: 0, b: 0, c: 0, d: 0 };
    for (let i = 0; i < 40_000; i += 1) firstPlace[shuffle(['a', 'b', 'c', 'd'], source)[0]!]! += 1;
    for (const count of Object.values(firstPlace)) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});

describe('generatePassword', () => {
  const rows = [4, 5, 12, 32, 64].flatMap((length) => SUBSETS.map((classes) => [length, classes] as const));

  it.each(rows)('length %i with %j: right length, every class present, nothing else', (length, classes) => {
    const allowed = new Set(classes.flatMap((name) => [...CHARACTER_SETS[name]]));
    for (let run = 0; run < 20; run += 1) {
      const result = generatePassword({ length, classes });
      if (!result.ok) throw new Error(result.error);
      expect(result.value).toHaveLength(length);
      for (const name of classes) expect([...result.value].some((c) => CHARACTER_SETS[name].includes(c))).toBe(true);
      expect([...result.value].every((c) => allowed.has(c))).toBe(true);
    }
  });

  it('defaults to length 12 and all four classes', () => {
    const result = generatePassword();
    if (!result.ok) throw new Error(result.error);
    expect(result.value).toHaveLength(12);
    for (const name of CHARACTER_CLASSES)
      expect([...result.value].some((c) => CHARACTER_SETS[name].includes(c))).toBe(true);
  });

  it('draws exactly as described from an injected source, rejecting biased bytes', () => {
    // One digit (250 rejected, then 3 → "3"), three more from the pool ("1", "2", "9"),
    // then Fisher–Yates with j = 0, 0, 0: 3129 → 9123 → 2193 → 1293.
    const { source, left } = scripted([250, 3, 1, 2, 9, 0, 0, 0]);
    expect(generatePassword({ length: 4, classes: ['numbers'], randomValues: source })).toEqual({
      ok: true,
      value: '1293',
    });
    expect(left()).toBe(0);
  });

  it.each([
    [3, LENGTH_ERROR],
    [65, LENGTH_ERROR],
    [0, LENGTH_ERROR],
    [-12, LENGTH_ERROR],
    [12.5, LENGTH_ERROR],
    [Number.NaN, LENGTH_ERROR],
    [Number.POSITIVE_INFINITY, LENGTH_ERROR],
  ])('refuses length %s as a user error', (length, error) => {
    expect(generatePassword({ length, classes: ['lowercase'] })).toEqual({ ok: false, error });
  });

  it.each([4, 64])('accepts the bound %i', (length) => {
    const result = generatePassword({ length, classes: ['lowercase'] });
    expect(result.ok && result.value.length).toBe(length);
  });

  it('generates nothing when no class is selected', () => {
    const { source, widths } = scripted([]);
    expect(generatePassword({ length: 12, classes: [], randomValues: source })).toEqual({
      ok: false,
      error: NO_CLASS_ERROR,
    });
    expect(widths).toEqual([]);
  });

  it('spreads characters evenly over the pool (seeded, many draws)', () => {
    const randomValues = seededRandomValues(2024);
    const counts = new Map<string, number>();
    const passwords = 2000;
    for (let i = 0; i < passwords; i += 1) {
      const result = generatePassword({ length: 64, classes: ['numbers'], randomValues });
      if (!result.ok) throw new Error(result.error);
      for (const c of result.value) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    const expected = (passwords * 64) / 10;
    expect([...counts.keys()].sort().join('')).toBe('0123456789');
    for (const count of counts.values()) expect(Math.abs(count - expected)).toBeLessThan(expected / 20);
  });

  it('does not keep the guaranteed characters at the front', () => {
    // One uppercase, one digit, two from the 36-character pool: after shuffling, the first
    // character is uppercase with probability (1 + 2 × 26/36) / 4 ≈ 0.61.
    const randomValues = seededRandomValues(99);
    let upperFirst = 0;
    const runs = 4000;
    for (let i = 0; i < runs; i += 1) {
      const result = generatePassword({ length: 4, classes: ['uppercase', 'numbers'], randomValues });
      if (result.ok && CHARACTER_SETS.uppercase.includes(result.value[0]!)) upperFirst += 1;
    }
    expect(upperFirst / runs).toBeGreaterThan(0.57);
    expect(upperFirst / runs).toBeLessThan(0.65);
  });
});

describe('strength and entropy', () => {
  it.each([
    [4, 'Weak'],
    [6, 'Weak'],
    [7, 'Weak'],
    [8, 'Medium'],
    [11, 'Medium'],
    [12, 'Strong'],
    [64, 'Strong'],
  ])('length %i is %s', (length, strength) => {
    expect(passwordStrength(length)).toBe(strength);
  });

  it.each([
    [12, [...CHARACTER_CLASSES], 77.5], // 12 × log2 88
    [64, [...CHARACTER_CLASSES], 413.4],
    [12, ['lowercase'], 56.4], // 12 × log2 26
    [16, ['uppercase', 'lowercase'], 91.2], // 16 × log2 52
    [4, ['numbers'], 13.3], // 4 × log2 10
    [6, ['numbers', 'symbols'], 31], // 6 × log2 36 = 31.02
    [12, [], 0],
    [0, ['numbers'], 0],
  ] as [number, CharacterClass[], number][])('length %i with %j is %s bits', (length, classes, bits) => {
    expect(entropyBits({ length, classes })).toBe(bits);
  });
});
