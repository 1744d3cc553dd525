import { describe, expect, it } from 'vitest';
import { describeEstimate, formatGuesses, type EstimatorResult } from './strength';
import { createEstimator } from './strength-estimator';

describe('the zxcvbn-ts estimator with English dictionaries', () => {
  const estimate = createEstimator();

  it.each([
    ['password', 0, 'Too guessable', 'This is a heavily used password.'],
    ['qwertyuiop', 0, 'Too guessable', null],
    ['Tr0ub4dor&3', 4, 'Very unguessable', null],
    ['correct-horse-battery-staple', 4, 'Very unguessable', null],
  ] as const)('scores %j as %i (%s)', async (password, score, label, warning) => {
    const result = await estimate(password);
    expect(result).toMatchObject({ score, label });
    if (warning) expect(result.warning).toBe(warning);
  });

  it('names the guesses and the crack times', async () => {
    expect(await estimate('Tr0ub4dor&3')).toMatchObject({
      guesses: 'about 10^11.0',
      slowHash: '4 months',
      fastHash: '10 seconds',
    });
  });
});

describe('describeEstimate', () => {
  const base: EstimatorResult = {
    score: 2,
    guesses: 123_456,
    guessesLog10: 5.09,
    crackTimes: {
      offlineSlowHashingXPerSecond: { display: '12 seconds' },
      offlineFastHashingXPerSecond: { display: 'less than a second' },
    },
    feedback: { warning: '', suggestions: ['Add more words.'] },
  };

  it('keeps what the screen shows', () => {
    expect(describeEstimate(base)).toEqual({
      score: 2,
      label: 'Somewhat guessable',
      guesses: '123,456',
      slowHash: '12 seconds',
      fastHash: 'less than a second',
      warning: null,
      suggestions: ['Add more words.'],
    });
  });

  it.each([
    [999_999, 6, '999,999'],
    [1_000_000, 6, 'about 10^6.0'],
    [5.2e19, 19.716, 'about 10^19.7'],
  ])('formats %s guesses', (guesses, log10, expected) => {
    expect(formatGuesses(guesses, log10)).toBe(expected);
  });
});
