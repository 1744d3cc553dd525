import { err, ok, type Result } from '../../lib/result';
import { decodeBase64, encodeBase64 } from '../base64/base64.service';

/** The algorithm select, in this order. */
export const ALGORITHMS = ['caesar', 'vigenere', 'base64', 'reverse'] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

/** Toast texts. */
export const ENCRYPTION_FAILED = 'Encryption failed';
export const DECRYPTION_FAILED = 'Decryption failed';
export const VIGENERE_KEY_REQUIRED = 'Vigenère cipher requires a key';
/** Digits or spaces in a key are refused rather than dropped, so `abc123` never quietly acts as `abc`. */
export const VIGENERE_KEY_LETTERS = 'The Vigenère key takes letters only (A–Z)';

/** The Caesar shift defaults to 3 when the value is not a number. */
export const DEFAULT_CAESAR_SHIFT = 3;

export type Direction = 'encrypt' | 'decrypt';

export interface CipherOptions {
  text: string;
  algorithm: Algorithm;
  /** The Caesar shift or the Vigenère key as typed; ignored by base64 and reverse. */
  key?: string;
}

/**
 * The shift typed for Caesar, normalised to 0–25. Any whole number counts
 * (negative or beyond 26, however many digits); anything else — empty, words,
 * decimals — means the default of 3.
 */
export function caesarShift(value = ''): number {
  const trimmed = value.trim();
  if (!/^[+-]?\d+$/.test(trimmed)) return DEFAULT_CAESAR_SHIFT;
  const shift = Number(BigInt(trimmed) % 26n);
  return (shift + 26) % 26;
}

/**
 * A Vigenère key as shifts 0–25 (A/a = 0). Spaces around it are ignored;
 * anything else that is not a letter A–Z is refused.
 */
export function vigenereShifts(key = ''): Result<number[]> {
  const trimmed = key.trim();
  if (trimmed === '') return err(VIGENERE_KEY_REQUIRED);
  if (!/^[A-Za-z]+$/.test(trimmed)) return err(VIGENERE_KEY_LETTERS);
  return ok(Array.from(trimmed, (letter) => letter.toUpperCase().charCodeAt(0) - A));
}

const A = 65;
const LOWER_A = 97;

/** Shifts one ASCII letter, keeping its case; anything else comes back unchanged. */
function shiftLetter(char: string, shift: number): string {
  const code = char.charCodeAt(0);
  const base = code >= A && code < A + 26 ? A : code >= LOWER_A && code < LOWER_A + 26 ? LOWER_A : -1;
  if (base === -1 || char.length !== 1) return char;
  return String.fromCharCode(base + ((((code - base + shift) % 26) + 26) % 26));
}

const isLetter = (char: string) => /^[A-Za-z]$/.test(char);

export function caesar(text: string, shift: number): string {
  return text.replace(/[A-Za-z]/g, (char) => shiftLetter(char, shift));
}

/** Only letters of the text use up a key letter, so spaces and punctuation do not shift the key. */
export function vigenere(text: string, shifts: readonly number[], direction: Direction): string {
  if (shifts.length === 0) return text;
  let position = 0;
  let out = '';
  for (const char of text) {
    if (!isLetter(char)) {
      out += char;
      continue;
    }
    const shift = shifts[position % shifts.length] ?? 0;
    out += shiftLetter(char, direction === 'encrypt' ? shift : -shift);
    position += 1;
  }
  return out;
}

const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * Reverses by user-perceived character, so emoji (👋🏽, 👨‍👩‍👧, 🇫🇷) and accents
 * survive; code points where the engine has no segmenter. Reversing twice
 * gives the text back, except for a text that starts with a combining mark or
 * has an odd run of flag letters, whose characters regroup differently.
 */
export function reverseText(text: string): string {
  const parts = graphemes ? Array.from(graphemes.segment(text), (part) => part.segment) : Array.from(text);
  return parts.reverse().join('');
}

/** Runs one algorithm in one direction; user mistakes come back as the designed messages. */
export function runCipher({ text, algorithm, key }: CipherOptions, direction: Direction): Result<string> {
  const failed = direction === 'encrypt' ? ENCRYPTION_FAILED : DECRYPTION_FAILED;
  switch (algorithm) {
    case 'caesar': {
      const shift = caesarShift(key);
      return ok(caesar(text, direction === 'encrypt' ? shift : -shift));
    }
    case 'vigenere': {
      const shifts = vigenereShifts(key);
      return shifts.ok ? ok(vigenere(text, shifts.value, direction)) : shifts;
    }
    case 'base64': {
      // Encoding fails only on text that is not valid Unicode, with the message every text tool gives.
      if (direction === 'encrypt') return encodeBase64(text);
      const decoded = decodeBase64(text);
      return decoded.ok ? decoded : err(failed);
    }
    case 'reverse':
      return ok(reverseText(text));
    default:
      return err(failed);
  }
}

export const encrypt = (options: CipherOptions) => runCipher(options, 'encrypt');
export const decrypt = (options: CipherOptions) => runCipher(options, 'decrypt');

/** What the key field is called for each algorithm (null: the algorithm takes no key). */
export const KEY_FIELD: Record<Algorithm, { label: string; placeholder: string; hint: string } | null> = {
  caesar: {
    label: 'Shift',
    placeholder: String(DEFAULT_CAESAR_SHIFT),
    hint: 'A whole number, negative allowed. Anything else uses 3.',
  },
  vigenere: {
    label: 'Key',
    placeholder: 'e.g. LEMON',
    hint: 'Letters A–Z only; they shift the letters of the text, nothing else.',
  },
  base64: null,
  reverse: null,
};
