// What the manager service works out for the screen: the overview figures, the clicks chart's bars,
// and the small helpers for tabs, counts, percentages, hosts and export file names.
import { describe, expect, it } from 'vitest';
import {
  chartModel,
  countLabel,
  displayHost,
  exportFileName,
  percentOf,
  summaryStats,
  tabIndexAfterKey,
} from './shortlink-manager.service';

describe('summaryStats', () => {
  it.each<[string, [number, number, number], ReturnType<typeof summaryStats>]>([
    ['no links', [0, 0, 0], { totalLinks: 0, totalClicks: 0, createdToday: 0, averageClicks: 0 }],
    [
      "today's count as the server sends it, past the 5 newest links",
      [20_000, 11, 11],
      { totalLinks: 20_000, totalClicks: 11, createdToday: 11, averageClicks: 0 },
    ],
    [
      'average rounds half up (5 / 2 = 2.5 → 3)',
      [2, 5, 0],
      { totalLinks: 2, totalClicks: 5, createdToday: 0, averageClicks: 3 },
    ],
    [
      'average rounds down (4 / 3 = 1.33 → 1)',
      [3, 4, 3],
      { totalLinks: 3, totalClicks: 4, createdToday: 3, averageClicks: 1 },
    ],
  ])('%s', (_name, [totalLinks, totalClicks, createdToday], expected) => {
    expect(summaryStats({ totalLinks, totalClicks, createdToday })).toEqual(expected);
  });
});

describe('chartModel', () => {
  it('lays out bars oldest first, scaled to the busiest day', () => {
    const model = chartModel(
      [
        { date: '2024-05-01', clicks: 0 },
        { date: '2024-05-02', clicks: 4 },
        { date: '2024-05-03', clicks: 1 },
        { date: '2024-05-04', clicks: 2 },
      ],
      { width: 400, height: 100, gap: 2 },
    );
    expect(model.maxClicks).toBe(4);
    expect(model.totalClicks).toBe(7);
    expect(model.peak).toEqual({ date: '2024-05-02', clicks: 4 });
    expect(model.bars.map(({ x, y, width, height }) => ({ x, y, width, height }))).toEqual([
      { x: 1, y: 100, width: 98, height: 0 },
      { x: 101, y: 0, width: 98, height: 100 },
      { x: 201, y: 75, width: 98, height: 25 },
      { x: 301, y: 50, width: 98, height: 50 },
    ]);
  });

  it('keeps one click visible beside a large peak (at least 2 units)', () => {
    const model = chartModel(
      [
        { date: 'a', clicks: 1000 },
        { date: 'b', clicks: 1 },
      ],
      { width: 100, height: 100 },
    );
    expect(model.bars[1]?.height).toBe(2);
  });

  it.each([
    ['no days', []],
    [
      'all zero',
      [
        { date: 'a', clicks: 0 },
        { date: 'b', clicks: 0 },
      ],
    ],
  ])('%s: no peak, no bar height', (_name, days) => {
    const model = chartModel(days, { width: 100, height: 50 });
    expect(model.peak).toBeNull();
    expect(model.maxClicks).toBe(0);
    expect(model.bars.every((bar) => bar.height === 0)).toBe(true);
  });
});

describe('small helpers', () => {
  it.each<[number, string, number, number | null]>([
    [0, 'ArrowRight', 4, 1],
    [3, 'ArrowRight', 4, 0],
    [0, 'ArrowLeft', 4, 3],
    [2, 'ArrowLeft', 4, 1],
    [2, 'Home', 4, 0],
    [1, 'End', 4, 3],
    [1, 'Enter', 4, null],
    [0, 'ArrowRight', 0, null],
  ])('tab %i + %s of %i → %j', (current, key, count, expected) => {
    expect(tabIndexAfterKey(current, key, count)).toBe(expected);
  });

  it.each<[number, string]>([
    [0, '0 shortlinks'],
    [1, '1 shortlink'],
    [7, '7 shortlinks'],
  ])('countLabel(%i)', (count, expected) => {
    expect(countLabel(count)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [1, 4, 25],
    [0, 0, 0],
    [2, 3, 67],
  ])('percentOf(%i, %i) = %i', (value, total, expected) => {
    expect(percentOf(value, total)).toBe(expected);
  });

  it.each<[string, string]>([
    ['https://www.rfc-editor.org/rfc/rfc8446', 'www.rfc-editor.org'],
    ['http://127.0.0.1:8080/x', '127.0.0.1:8080'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    ['', ''],
    ['not a url', 'not a url'],
  ])('displayHost(%j)', (url, expected) => {
    expect(displayHost(url)).toBe(expected);
  });

  it('names the export file by the local date and its format', () => {
    expect(exportFileName(new Date(2024, 0, 5, 23, 59))).toBe('shortlinks-2024-01-05.json');
    expect(exportFileName(new Date(2024, 0, 5, 23, 59), 'csv')).toBe('shortlinks-2024-01-05.csv');
    expect(exportFileName(new Date(2024, 0, 5, 23, 59), 'csv', 'clicks')).toBe('shortlink-clicks-2024-01-05.csv');
  });
});
