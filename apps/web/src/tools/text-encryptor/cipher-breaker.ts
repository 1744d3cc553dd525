/**
 * Breaking the classic ciphers by letter frequencies: a Caesar shift is the
 * one whose decryption looks most like English (lowest chi-squared against
 * English letter frequencies); a Vigenère key length is the period whose
 * columns look most like a single alphabet (index of coincidence), and each
 * key letter is then that column's best Caesar shift. Only A–Z count, in
 * either case; everything else is carried through untouched.
 */
import { err, ok, type Result } from '../../lib/result';
import { caesar, vigenere } from './text-encryptor.service';

/** Relative frequencies of A–Z in English text (Lewand, "Cryptological Mathematics"). */
export const ENGLISH_FREQUENCIES = [
  0.08167, 0.01492, 0.02782, 0.04253, 0.12702, 0.02228, 0.02015, 0.06094, 0.06966, 0.00153, 0.00772, 0.04025, 0.02406,
  0.06749, 0.07507, 0.01929, 0.00095, 0.05987, 0.06327, 0.09056, 0.02758, 0.00978, 0.0236, 0.0015, 0.01974, 0.00074,
] as const;

/** Fewer letters than this cannot give a Vigenère key with any confidence. */
export const MIN_VIGENERE_LETTERS = 100;
export const MAX_KEY_LENGTH = 20;
/** Each column needs this many letters for its frequencies to mean something. */
const MIN_COLUMN_LETTERS = 8;
/** English columns have an index of coincidence near 0.066, random letters near 0.038. */
const IOC_SHARE_OF_BEST = 0.9;

export const NO_LETTERS = 'There are no letters A–Z to analyse';
export const tooShort = (letters: number) =>
  `Too short to find the key: the text has ${letters} letters, and at least ${MIN_VIGENERE_LETTERS} are needed`;

/** The text's letters A–Z as 0–25, in order, case folded. */
export function letterIndices(text: string): number[] {
  const indices: number[] = [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code >= 65 && code <= 90) indices.push(code - 65);
    else if (code >= 97 && code <= 122) indices.push(code - 97);
  }
  return indices;
}

/** How far letter counts are from English: Σ (observed − expected)² / expected. Lower is more English. */
export function chiSquared(counts: readonly number[], total: number): number {
  if (total === 0) return Number.POSITIVE_INFINITY;
  let sum = 0;
  for (let letter = 0; letter < 26; letter += 1) {
    const expected = total * ENGLISH_FREQUENCIES[letter]!;
    sum += ((counts[letter] ?? 0) - expected) ** 2 / expected;
  }
  return sum;
}

/** Counts of each letter after shifting every letter back by `shift`. */
function shiftedCounts(indices: readonly number[], shift: number): number[] {
  const counts = new Array<number>(26).fill(0);
  for (const index of indices) counts[(index - shift + 26) % 26]! += 1;
  return counts;
}

/** The probability that two letters drawn from the column are the same letter. */
export function indexOfCoincidence(indices: readonly number[]): number {
  const n = indices.length;
  if (n < 2) return 0;
  const counts = shiftedCounts(indices, 0);
  return counts.reduce((sum, c) => sum + c * (c - 1), 0) / (n * (n - 1));
}

/** The Caesar shift (0–25) that best turns these letters into English. */
function bestShift(indices: readonly number[]): number {
  let best = 0;
  let bestScore = Number.POSITIVE_INFINITY;
  for (let shift = 0; shift < 26; shift += 1) {
    const score = chiSquared(shiftedCounts(indices, shift), indices.length);
    if (score < bestScore) {
      bestScore = score;
      best = shift;
    }
  }
  return best;
}

export interface CaesarCandidate {
  /** The shift the text was encrypted with; decrypting shifts back by it. */
  shift: number;
  /** Chi-squared of the decryption against English; lower is better. */
  score: number;
  plaintext: string;
}

/** All 26 decryptions, the most English-looking first. */
export function rankCaesarShifts(text: string): Result<CaesarCandidate[]> {
  const indices = letterIndices(text);
  if (indices.length === 0) return err(NO_LETTERS);
  const candidates = Array.from({ length: 26 }, (_, shift) => ({
    shift,
    score: chiSquared(shiftedCounts(indices, shift), indices.length),
    plaintext: caesar(text, -shift),
  }));
  return ok(candidates.sort((a, b) => a.score - b.score || a.shift - b.shift));
}

/** Every `length`-th letter, starting at each offset: the letters one key letter enciphered. */
function columns(indices: readonly number[], length: number): number[][] {
  const result = Array.from({ length }, () => [] as number[]);
  indices.forEach((index, position) => result[position % length]!.push(index));
  return result;
}

/** The average index of coincidence of the columns for each key length 1…max. */
export function keyLengthScores(indices: readonly number[], maxLength = MAX_KEY_LENGTH): number[] {
  const longest = Math.max(1, Math.min(maxLength, Math.floor(indices.length / MIN_COLUMN_LETTERS)));
  return Array.from({ length: longest }, (_, i) => {
    const cols = columns(indices, i + 1);
    return cols.reduce((sum, column) => sum + indexOfCoincidence(column), 0) / cols.length;
  });
}

/**
 * The key length: the shortest whose columns are nearly as English-like as the
 * best one's. Multiples of the true length score as well as it does, so the
 * shortest of the good ones is the key's own length.
 */
export function estimateKeyLength(indices: readonly number[], maxLength = MAX_KEY_LENGTH): number {
  const scores = keyLengthScores(indices, maxLength);
  const best = Math.max(...scores);
  return scores.findIndex((score) => score >= best * IOC_SHARE_OF_BEST) + 1;
}

/** Share of a long key's letters that must repeat with a shorter period for that period to be the key's. */
const PERIOD_AGREEMENT = 0.85;

/** How many of the shifts equal the most common shift at their position modulo `period`. */
function periodAgreement(shifts: readonly number[], period: number): number {
  let agreeing = 0;
  for (let offset = 0; offset < period; offset += 1) {
    const counts = new Map<number, number>();
    for (let i = offset; i < shifts.length; i += period) counts.set(shifts[i]!, (counts.get(shifts[i]!) ?? 0) + 1);
    agreeing += Math.max(...counts.values());
  }
  return agreeing;
}

/**
 * The key for the estimated length, or for a divisor of it: repetitive text
 * can make a multiple of the true length score best, and then its key is the
 * true key repeated, with a few letters wrong. The shortest period most of
 * its letters repeat with wins, and its letters are found again from the
 * longer columns of that period.
 */
function keyShifts(indices: readonly number[], length: number): number[] {
  const shifts = columns(indices, length).map(bestShift);
  for (let period = 1; period < length; period += 1) {
    if (length % period === 0 && periodAgreement(shifts, period) >= length * PERIOD_AGREEMENT) {
      return columns(indices, period).map(bestShift);
    }
  }
  return shifts;
}

export interface VigenereGuess {
  key: string;
  plaintext: string;
}

/** Estimates the key of an English Vigenère ciphertext and decrypts with it. */
export function findVigenereKey(text: string): Result<VigenereGuess> {
  const indices = letterIndices(text);
  if (indices.length === 0) return err(NO_LETTERS);
  if (indices.length < MIN_VIGENERE_LETTERS) return err(tooShort(indices.length));
  const length = estimateKeyLength(indices);
  const shifts = keyShifts(indices, length);
  return ok({
    key: String.fromCharCode(...shifts.map((shift) => 65 + shift)),
    plaintext: vigenere(text, shifts, 'decrypt'),
  });
}
