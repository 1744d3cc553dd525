/**
 * Passphrases: words drawn from the EFF large word list with the same
 * unbiased random source as passwords. Only the words are random; separator
 * and capitalisation are the user's choice and add no entropy, so the
 * strength is words × log2(list size) bits (12.9 bits a word).
 */
import { err, ok, type Result } from '../../lib/result';
import { cryptoRandomValues, randomIndex, type RandomValues } from './password-generator.service';

export const PASSPHRASE_WORDS = { min: 3, max: 12, default: 6 } as const;

export const SEPARATORS = { hyphen: '-', space: ' ', period: '.', underscore: '_', none: '' } as const;
export type Separator = keyof typeof SEPARATORS;

export const CAPITALISATIONS = ['lower', 'first', 'upper'] as const;
export type Capitalisation = (typeof CAPITALISATIONS)[number];

export const WORD_COUNT_ERROR = `Choose ${PASSPHRASE_WORDS.min} to ${PASSPHRASE_WORDS.max} words`;

export interface PassphraseOptions {
  words?: number;
  separator?: Separator;
  capitalisation?: Capitalisation;
  wordList: readonly string[];
  randomValues?: RandomValues;
}

function capitalise(word: string, how: Capitalisation): string {
  if (how === 'upper') return word.toUpperCase();
  if (how === 'first') return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

export function generatePassphrase({
  words = PASSPHRASE_WORDS.default,
  separator = 'hyphen',
  capitalisation = 'lower',
  wordList,
  randomValues = cryptoRandomValues,
}: PassphraseOptions): Result<string> {
  if (!Number.isInteger(words) || words < PASSPHRASE_WORDS.min || words > PASSPHRASE_WORDS.max) {
    return err(WORD_COUNT_ERROR);
  }
  if (wordList.length < 2) throw new Error('The word list is empty');
  const chosen = Array.from({ length: words }, () =>
    capitalise(wordList[randomIndex(wordList.length, randomValues)]!, capitalisation),
  );
  return ok(chosen.join(SEPARATORS[separator]));
}

/** words × log2(list size), to one decimal. */
export function passphraseBits(words: number, listSize: number): number {
  if (words <= 0 || listSize < 2) return 0;
  return Math.round(words * Math.log2(listSize) * 10) / 10;
}
