import { isAllowedShortCode } from './shortlinks';

/*
 * Generated short codes: uniform draws from crypto (no modulo bias), pooled so that an import
 * drawing thousands of codes asks crypto for words a thousand at a time.
 */

/** Generated codes: 6 characters of A–Z a–z 0–9. */
export const SHORT_CODE_LENGTH = 6;
export const SHORT_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A uniform whole number in [0, max): from crypto in the apps, scripted in tests. */
export type RandomIndex = (max: number) => number;

/** Fills the array with random 32-bit words in place, as crypto.getRandomValues does. */
export type RandomWords = (array: Uint32Array) => unknown;

// Web Crypto exists in browsers and Node; this package's lib (ES2023 only) does not declare it.
declare const crypto: { getRandomValues(array: Uint32Array): Uint32Array };

/** Draws of a source that yields no usable word before it counts as broken (each passes with p > 1/2). */
const MAX_RANDOM_ROUNDS = 64;

/**
 * A RandomIndex over `randomWords`, without modulo bias: a word at or above the largest multiple
 * of `max` below 2^32 is drawn again, so every result keeps the same number of words.
 */
export function randomIndexFrom(randomWords: RandomWords): RandomIndex {
  const word = new Uint32Array(1);
  return (max) => {
    if (!Number.isInteger(max) || max < 1 || max > 2 ** 32) throw new RangeError(`max must be 1 to 2^32, got ${max}`);
    const limit = 2 ** 32 - (2 ** 32 % max);
    for (let round = 0; round < MAX_RANDOM_ROUNDS; round += 1) {
      randomWords(word);
      if (word[0]! < limit) return word[0]! % max;
    }
    throw new Error('The random source produced no usable value');
  };
}

/** Random words fetched from crypto at a time by `pooledWords`. */
const RANDOM_POOL_WORDS = 1024;

/**
 * RandomWords that serves words from a pool filled by `fill` RANDOM_POOL_WORDS at a time. Each
 * crypto.getRandomValues call costs a few microseconds whatever its size, and a code takes six
 * words: an import drawing 10,000 codes spent over 100 ms asking for four bytes at a time. Every
 * word still comes from `fill` and is handed out once.
 */
export function pooledWords(fill: RandomWords): RandomWords {
  const pool = new Uint32Array(RANDOM_POOL_WORDS);
  let next = RANDOM_POOL_WORDS;
  return (array) => {
    for (let i = 0; i < array.length; i += 1) {
      if (next === RANDOM_POOL_WORDS) {
        fill(pool);
        next = 0;
      }
      array[i] = pool[next]!;
      pool[next] = 0;
      next += 1;
    }
  };
}

export const cryptoRandomIndex: RandomIndex = randomIndexFrom(pooledWords((array) => crypto.getRandomValues(array)));

/** Codes drawn before generateShortCode gives up: only a broken source draws reserved words this often. */
const MAX_CODE_DRAWS = 100;

/**
 * A new short code: SHORT_CODE_LENGTH characters of SHORT_CODE_ALPHABET, drawn
 * again while it is a reserved word. Used by the API for links without a code and by the manager,
 * which sends a code of its own and draws again when it is taken.
 */
export function generateShortCode(randomIndex: RandomIndex = cryptoRandomIndex): string {
  for (let draw = 0; draw < MAX_CODE_DRAWS; draw += 1) {
    let code = '';
    for (let i = 0; i < SHORT_CODE_LENGTH; i += 1) code += SHORT_CODE_ALPHABET[randomIndex(SHORT_CODE_ALPHABET.length)];
    if (isAllowedShortCode(code)) return code;
  }
  throw new Error('No allowed short code was drawn');
}
