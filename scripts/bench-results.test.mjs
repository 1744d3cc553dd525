import { describe, expect, it } from 'vitest';
import { FIGURES, figureById, formatLine, goalMet, goalText, median } from '../bench/results.mjs';

describe('the figures of pnpm bench', () => {
  it('names each figure once, with a goal, and a floor unless it is a plain budget', () => {
    const ids = FIGURES.map((figure) => figure.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const figure of FIGURES) {
      expect(figure.goals.length).toBeGreaterThan(0);
      // A goal on the ratio needs a floor to divide by.
      if (figure.goals.some((goal) => goal.of === 'ratio')) expect(figure.floor).toBeTruthy();
    }
  });

  it('throws for an id no figure has', () => {
    expect(() => figureById('memory-idel')).toThrow('No figure "memory-idel"');
  });

  it.each([
    ['memory-idle', { value: 90, ratio: 1.5 }, true],
    ['memory-idle', { value: 90, ratio: 1.7 }, false],
    ['memory-idle', { value: 101, ratio: 1.2 }, false],
    ['memory-idle', { value: 90, ratio: null }, null],
    ['redirect-json', { value: 1000, ratio: 0.75 }, true],
    ['redirect-json', { value: 1000, ratio: 0.74 }, false],
    ['first-load-bytes', { value: 122, ratio: null }, true],
    ['first-load-bytes', { value: Number.NaN, ratio: null }, null],
  ])('%s with %o: met is %s', (id, measured, met) => {
    expect(goalMet(figureById(id), measured)).toBe(met);
  });

  it.each([
    ['memory-idle', '≤ 100 MB and ratio ≤ 1.6'],
    ['hash-sha256', 'ratio ≥ 0.6'],
    ['first-load-bytes', '≤ 122 KB'],
  ])('%s reads its goal as "%s"', (id, text) => {
    expect(goalText(figureById(id))).toBe(text);
  });

  it.each([
    [[], null],
    [[Number.NaN, null], null],
    [[3], 3],
    [[5, 1, 3], 3],
    [[4, 1, 3, 2], 2.5],
    [[2, null, 8, Number.NaN, 4], 4],
  ])('the median of %o is %s', (values, expected) => {
    expect(median(values)).toBe(expected);
  });

  it('prints a line of the common format, and "missing" for a figure without a value', () => {
    const figure = figureById('redirect-302');
    expect(formatLine(figure, { value: 900, floor: 1500, ratio: 0.6, met: false }).split(' | ')).toEqual([
      figure.label,
      '   900 req/s',
      ' 1,500 req/s',
      '  0.60×',
      'ratio ≥ 0.75'.padEnd(26),
      'NOT met',
    ]);
    expect(formatLine(figure, { value: null, floor: null, ratio: null, met: null })).toMatch(
      /— \| +— \| +— \| .* \| missing$/,
    );
  });
});
