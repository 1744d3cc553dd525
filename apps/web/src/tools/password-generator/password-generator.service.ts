/**
 * Passwords from the operating system's CSPRNG with rejection sampling, so every
 * character of the pool is exactly equally likely (no modulo bias), and at
 * least one character of every chosen class (docs/decisions/0001-real-tools.md).
 */
import { err, ok, type Result } from '../../lib/result';

/** Length slider 4 to 64, step 1, default 12. */
export const PASSWORD_LENGTH = { min: 4, max: 64, default: 12 } as const;

export const CHARACTER_CLASSES = ['uppercase', 'lowercase', 'numbers', 'symbols'] as const;
export type CharacterClass = (typeof CHARACTER_CLASSES)[number];

export const CHARACTER_SETS: Record<CharacterClass, string> = {
  uppercase: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  lowercase: 'abcdefghijklmnopqrstuvwxyz',
  numbers: '0123456789',
  // The symbols set, exactly.
  symbols: '!@#$%^&*()_+-=[]{}|;:,.<>?',
};

export const NO_CLASS_ERROR = 'Select at least one character type';
export const LENGTH_ERROR = `Length must be a whole number from ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max}`;

/** Fills the array with uniformly random values in place, like crypto.getRandomValues. */
export type RandomValues = (
  array: Uint8Array<ArrayBuffer> | Uint16Array<ArrayBuffer> | Uint32Array<ArrayBuffer>,
) => unknown;

export const cryptoRandomValues: RandomValues = (array) => crypto.getRandomValues(array);

/**
 * A uniform integer in [0, n). Draws the narrowest unsigned word that covers n
 * and rejects draws at or above the largest multiple of n the word can hold:
 * with bytes and n = 10, 250..255 are drawn again, so 0..9 each keep 25 draws.
 */
export function randomIndex(n: number, randomValues: RandomValues = cryptoRandomValues): number {
  if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError(`randomIndex needs 1 ≤ n ≤ 2^32, got ${n}`);
  const word = n <= 2 ** 8 ? new Uint8Array(1) : n <= 2 ** 16 ? new Uint16Array(1) : new Uint32Array(1);
  const range = 2 ** (word.BYTES_PER_ELEMENT * 8);
  const limit = range - (range % n);
  for (;;) {
    randomValues(word);
    const value = word[0]!;
    if (value < limit) return value % n;
  }
}

/** Unbiased Fisher–Yates shuffle, in place, using the same rejection sampler. */
export function shuffle<T>(items: T[], randomValues: RandomValues = cryptoRandomValues): T[] {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = randomIndex(i + 1, randomValues);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** The chosen classes in canonical order, without repeats. */
function normalizeClasses(classes: readonly CharacterClass[]): CharacterClass[] {
  return CHARACTER_CLASSES.filter((name) => classes.includes(name));
}

export function poolSize(classes: readonly CharacterClass[]): number {
  return normalizeClasses(classes).reduce((sum, name) => sum + CHARACTER_SETS[name].length, 0);
}

export interface GeneratePasswordOptions {
  length?: number;
  classes?: readonly CharacterClass[];
  randomValues?: RandomValues;
}

export function generatePassword({
  length = PASSWORD_LENGTH.default,
  classes = CHARACTER_CLASSES,
  randomValues = cryptoRandomValues,
}: GeneratePasswordOptions = {}): Result<string> {
  if (!Number.isInteger(length) || length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    return err(LENGTH_ERROR);
  }
  const chosen = normalizeClasses(classes);
  if (chosen.length === 0) return err(NO_CLASS_ERROR);

  const sets = chosen.map((name) => CHARACTER_SETS[name]);
  const pool = sets.join('');
  const pick = (set: string) => set[randomIndex(set.length, randomValues)]!;
  // One of each chosen class first (length ≥ 4 ≥ the number of classes), the rest from the whole pool…
  const characters = sets.map(pick);
  while (characters.length < length) characters.push(pick(pool));
  // …then shuffled, so the guaranteed characters are not always at the front.
  return ok(shuffle(characters, randomValues).join(''));
}

export type Strength = 'Weak' | 'Medium' | 'Strong';

/** Under 8 characters Weak, 8 to 11 Medium, 12 or more Strong. */
export function passwordStrength(length: number): Strength {
  if (length < 8) return 'Weak';
  if (length < 12) return 'Medium';
  return 'Strong';
}

/** length × log2(pool size), to one decimal; 0 when nothing can be drawn. */
export function entropyBits({ length, classes }: { length: number; classes: readonly CharacterClass[] }): number {
  const size = poolSize(classes);
  if (size === 0 || length <= 0) return 0;
  return Math.round(length * Math.log2(size) * 10) / 10;
}
