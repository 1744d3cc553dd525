import type { ShortlinkSort } from '@toolvault/shared';
import { describe, expect, it } from 'vitest';
import {
  chooseAfterWalk,
  chooseCount,
  chooseFirstRead,
  isBroad,
  needsTagShare,
  SEARCH_LIMITS,
  walkLength,
  walksDay,
  walksSortIndexForMaker,
  walksSortIndexForTag,
  type PageShape,
} from '../src/db/shortlink-search-plan';

const limits = SEARCH_LIMITS;

/** A prefix with `terms` search terms (none: no search), and the probes the planner asked. */
function index(terms: number | null) {
  const asked: number[] = [];
  const hasTerms = (entries: number) => {
    asked.push(entries);
    return Promise.resolve(terms !== null && terms >= entries);
  };
  return { asked, hasTerms };
}

const shape = (sort: ShortlinkSort, search: boolean, tag: boolean): PageShape => ({ sort, search, tag });

describe('the search planner', () => {
  it.each([
    // sort, search terms (null: no search), tag, first read, the probes asked after `isBroad`
    ['newest', null, false, 'sorted', [limits.newestSortTerms]],
    ['clicks', null, false, 'sorted', []],
    ['newest', null, true, 'tag-range', []],
    ['title', null, true, 'sorted', []],
    ['newest', 0, false, 'sorted', [limits.newestSortTerms]],
    ['newest', limits.newestSortTerms - 1, false, 'sorted', [limits.newestSortTerms]],
    ['newest', limits.newestSortTerms, false, 'walk', [limits.newestSortTerms]],
    ['newest', limits.newestSortTerms, true, 'walk', [limits.newestSortTerms]],
    ['clicks', limits.broadTerms - 1, false, 'sorted', []],
    ['clicks', limits.broadTerms, false, 'walk', []],
    ['title', limits.broadTerms, true, 'walk', []],
    ['newest', limits.broadTerms, false, 'walk', []],
  ] as const)(
    'reads a page sorted by %s with %s search terms (tag: %s) by "%s"',
    async (sort, terms, tag, read, asked) => {
      const probe = index(terms);
      const broad = await isBroad(probe.hasTerms, limits);
      expect(broad).toBe(terms !== null && terms >= limits.broadTerms);
      expect(probe.asked).toEqual([limits.broadTerms]);
      probe.asked.length = 0;
      expect(await chooseFirstRead(shape(sort, terms !== null, tag), broad, probe.hasTerms, limits)).toBe(read);
      expect(probe.asked).toEqual(asked);
    },
  );

  it.each([
    ['newest', 0, 'by-day', []],
    ['newest', limits.denseTerms, 'by-day', []],
    ['clicks', limits.denseTerms - 1, 'sorted', [limits.denseTerms]],
    ['clicks', limits.denseTerms, 'walk-on', [limits.denseTerms]],
    ['title', limits.denseTerms, 'walk-on', [limits.denseTerms]],
  ] as const)(
    'after a short walk sorted by %s, a prefix of %i terms goes on by "%s"',
    async (sort, terms, next, asked) => {
      const probe = index(terms);
      expect(await chooseAfterWalk(sort, probe.hasTerms, limits)).toBe(next);
      expect(probe.asked).toEqual(asked);
    },
  );

  it.each([
    ['newest', Math.min(limits.walkBudget, limits.newestWalkBudget)],
    ['clicks', limits.walkBudget],
    ['title', limits.walkBudget],
  ] as const)('walks at most so many links sorted by %s', (sort, links) => {
    expect(walkLength(sort, limits)).toBe(links);
    expect(walkLength(sort, { ...limits, walkBudget: 10 })).toBe(10);
  });

  it.each([
    [0, false],
    [limits.daySortTerms - 1, false],
    [limits.daySortTerms, true],
  ])('walks a day with %i matches: %s', (matches, walks) => {
    expect(walksDay(matches, limits)).toBe(walks);
  });

  it.each([
    // search, tag, broad, how the total is counted
    [false, false, false, 'all'],
    [false, true, false, 'tag'],
    [true, false, false, 'terms'],
    [true, true, false, 'matches'],
    [true, false, true, 'links-with-terms'],
    [true, true, true, 'matches-capped'],
  ] as const)('counts a page with search %s, tag %s, broad %s as "%s"', (search, tag, broad, counted) => {
    expect(chooseCount({ search, tag }, broad)).toBe(counted);
  });

  it.each([
    [false, false, false],
    [true, false, false],
    [false, true, true],
    [true, true, true],
  ] as const)('counts one person’s links (search %s, tag %s, broad %s) up to the cap', (search, tag, broad) => {
    expect(chooseCount({ search, tag, maker: true }, broad)).toBe('maker');
  });

  it.each([
    ['newest', false, true, false],
    ['clicks', false, true, true],
    ['title', false, true, true],
    ['clicks', true, true, false],
    ['clicks', false, false, false],
  ] as const)('reads the tag share first sorted by %s, search %s, tag %s: %s', (sort, search, tag, first) => {
    expect(needsTagShare(shape(sort, search, tag))).toBe(first);
  });

  it.each([
    // tagged links, all links, whether the engine can be steered, walks the sort's index
    [undefined, true, false],
    [{ count: 0, links: 0 }, true, true],
    [{ count: 0, links: 1 }, true, false],
    [{ count: 5, links: 1000 }, true, true],
    [{ count: 4, links: 1000 }, true, false],
    [{ count: 1000, links: 1000 }, false, false],
  ] as const)('walks the sort index for a tag share of %o (engine steers: %s): %s', (tagged, engineWalks, walks) => {
    expect(walksSortIndexForTag(tagged, engineWalks)).toBe(walks);
  });

  it.each([
    // sort, the person's links (counted up to the cap), whether the engine can be steered, walks the sort's index
    ['newest', 20_000, true, false],
    ['clicks', 20_000, true, true],
    ['title', 20_000, true, true],
    ['title', SEARCH_LIMITS.countCap, true, false],
    ['title', 20_000, false, false],
  ] as const)(
    'walks the sort index for one person’s links sorted by %s, %i of them (engine steers: %s): %s',
    (sort, links, engineWalks, walks) => {
      expect(walksSortIndexForMaker({ ...shape(sort, false, false), maker: true }, links, limits, engineWalks)).toBe(
        walks,
      );
      expect(walksSortIndexForMaker(shape(sort, false, false), links, limits, engineWalks)).toBe(false);
    },
  );
});
