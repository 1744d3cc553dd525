/** What the screen shows of an estimator result; pure, so it is tested without the dictionaries. */
import { formatCount } from '../../lib/format';

/** zxcvbn's own meaning of its scores 0–4. */
export const SCORE_LABELS = [
  'Too guessable',
  'Very guessable',
  'Somewhat guessable',
  'Safely unguessable',
  'Very unguessable',
] as const;

export interface StrengthEstimate {
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof SCORE_LABELS)[number];
  /** "about 10^12.3" or an exact count for small numbers. */
  guesses: string;
  /** Crack time against a slow password hash (10,000 guesses a second), e.g. "4 months". */
  slowHash: string;
  /** Crack time against a fast unsalted hash (10 billion guesses a second). */
  fastHash: string;
  warning: string | null;
  suggestions: string[];
}

/** The part of a zxcvbn-ts result read here. */
export interface EstimatorResult {
  score: number;
  guesses: number;
  guessesLog10: number;
  crackTimes: {
    offlineSlowHashingXPerSecond: { display: string };
    offlineFastHashingXPerSecond: { display: string };
  };
  feedback: { warning: string | null; suggestions: string[] };
}

export function formatGuesses(guesses: number, guessesLog10: number): string {
  if (guesses < 1_000_000) return formatCount(Math.round(guesses));
  return `about 10^${guessesLog10.toFixed(1)}`;
}

export function describeEstimate(result: EstimatorResult): StrengthEstimate {
  const score = Math.min(4, Math.max(0, Math.round(result.score))) as StrengthEstimate['score'];
  return {
    score,
    label: SCORE_LABELS[score],
    guesses: formatGuesses(result.guesses, result.guessesLog10),
    slowHash: result.crackTimes.offlineSlowHashingXPerSecond.display,
    fastHash: result.crackTimes.offlineFastHashingXPerSecond.display,
    warning: result.feedback.warning || null,
    suggestions: result.feedback.suggestions,
  };
}
