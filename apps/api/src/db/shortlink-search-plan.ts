import type { ShortlinkSort } from '@toolvault/shared';

/*
 * The search planner: how a page of links is read and how its total is counted, decided from what
 * the page asks (sort, search prefix, tag) and from a few cheap probes of the indexes (how many
 * search terms the prefix has, how many links carry the tag). No SQL here: shortlink-lists.repo.ts
 * runs the reads the plan names, and test/shortlink-search-plan.test.ts tables the choices.
 */

/**
 * A tag on at least 1 link in COMMON_TAG_SHARE counts as common. Its page, sorted by clicks or
 * title, is read on SQLite by walking that sort's index until the page is full: for a tag on 1 link
 * in 100 that is a few thousand index entries, where reading all of a million links' 10,000 tagged
 * rows and sorting them took 12–20 ms warm and over 100 ms cold. A rarer tag is read the other way
 * (its few rows, sorted), since a walk could pass most of the index before finding a page of them.
 * The walk's bad case is a common tag whose links all sit at the far end of the sort (30,000
 * imported links with no clicks, sorted by clicks: about 47 ms warm against 26 ms sorted), which
 * the reader thread absorbs; the usual case gains far more (1 in 7 links: 66 → 12 ms).
 */
export const COMMON_TAG_SHARE = 200;

/**
 * Search terms (index entries; a link has a few) that make a search broad. A narrower search reads
 * its matches by id and sorts them: at most this many rows, tens of milliseconds at worst. A broad
 * one walks the sort's index and checks each link's terms (one probe of the search index each), so
 * its page costs what it takes to find a page of matches, not all of them: a prefix found in every
 * one of a million links (a common domain, a single letter) took 1.7–2.9 s to sort and 1 s to count
 * exactly, and now 15–150 ms. Counting the entries up to this number is an index walk of a few ms.
 */
export const SEARCH_BROAD_TERMS = 20_000;

/** A broad search counts its links up to this many, then says "more" (see ShortlinksRepo#page). */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * Links of the sort's index a broad search's first walk crosses at most (a probe of the search
 * index each, 20–40 ms in all). Should its matches lie further on (a prefix of 30,000 links imported
 * years ago, sorted newest first), the walk stops there, where an unbounded one could cross the
 * whole index (825 ms for "L1" at a million links). Newest first, the search then goes on by
 * creation day (SEARCH_DAY_SORT_TERMS); in the other orders SEARCH_DENSE_TERMS decides what follows.
 */
export const SEARCH_WALK_BUDGET = 20_000;

/**
 * After a first walk that found too little, sorted by clicks or by title: a prefix with this many
 * search terms or more walks on from where it stopped, any other reads its matches by id and sorts
 * them, as a narrow search does (never much more than before the walk). Sorting costs in
 * proportion to the matches (1.8 s for a prefix in every one of a million links), walking in
 * proportion to the distance to them, short when matches are this many (42 ms for that prefix
 * behind 50,000 newer links that do not match).
 */
export const SEARCH_DENSE_TERMS = 200_000;

/**
 * Sorted newest first, a broad search whose first walk found too little goes on one creation day
 * at a time (see ShortlinksRepo#page): a day with fewer than this many of the prefix's terms has its
 * matches read by id and sorted (a few ms), a day with more is walked, where they are dense.
 */
export const SEARCH_DAY_SORT_TERMS = 5_000;

/**
 * SEARCH_WALK_BUDGET for a search sorted newest first, where going on by day is cheap: a page that
 * is not among the newest links that far is read from the days that hold the prefix.
 */
export const SEARCH_NEWEST_WALK_BUDGET = 2_000;

/**
 * Sorted newest first, a search with fewer search terms than this has its matches read by id and
 * sorted; one with more goes as a broad one does, by walk and then by day. Sorting all matches costs
 * in proportion to them (about 2.5 µs each: a prefix in 1 link of 100 of a million, 11,000 matches,
 * 28 ms), reading by day about 5–15 ms whatever their number (15 ms for that prefix).
 */
export const SEARCH_NEWEST_SORT_TERMS = 3_000;

/** The limits above as one object; tests pass small ones, to reach the broad-search reads with a few dozen links. */
export interface SearchLimits {
  broadTerms: number;
  countCap: number;
  walkBudget: number;
  denseTerms: number;
  daySortTerms: number;
  newestWalkBudget: number;
  newestSortTerms: number;
}

export const SEARCH_LIMITS: SearchLimits = {
  broadTerms: SEARCH_BROAD_TERMS,
  countCap: SEARCH_COUNT_CAP,
  walkBudget: SEARCH_WALK_BUDGET,
  denseTerms: SEARCH_DENSE_TERMS,
  daySortTerms: SEARCH_DAY_SORT_TERMS,
  newestWalkBudget: SEARCH_NEWEST_WALK_BUDGET,
  newestSortTerms: SEARCH_NEWEST_SORT_TERMS,
};

/** What a page asks for: its order, and whether it has a search prefix, a tag filter and a person filter. */
export interface PageShape {
  sort: ShortlinkSort;
  search: boolean;
  tag: boolean;
  /** Only the links one person created (their own list, or the createdBy filter). */
  maker?: boolean;
}

/**
 * Whether the page's prefix has `entries` search terms or more (an index walk of that many at most);
 * false for a page without a search. Asked only when a choice depends on it.
 */
export type TermsProbe = (entries: number) => Promise<boolean>;

/** How many visible links carry the page's tag, and how many links there are in all. */
export interface TagShare {
  count: number;
  links: number;
}

/** A search is broad when its prefix has `broadTerms` search terms or more: it decides how the page is read and counted. */
export const isBroad = (hasTerms: TermsProbe, limits: SearchLimits): Promise<boolean> => hasTerms(limits.broadTerms);

/**
 * Whether the tag's share is read before the page: a tag alone sorted by clicks or title, where it
 * decides how SQLite reads the page (see COMMON_TAG_SHARE) and is the page's total as well.
 */
export const needsTagShare = ({ sort, search, tag }: PageShape): boolean => tag && !search && sort !== 'newest';

/**
 * Whether the page walks the sort's index and checks each link against the tag's ids: a common tag,
 * where the engine's planner can be steered that way (`walksSortIndexForCommonTags`).
 */
export const walksSortIndexForTag = (tagged: TagShare | undefined, engineWalks: boolean): boolean =>
  engineWalks && tagged !== undefined && tagged.count * COMMON_TAG_SHARE >= tagged.links;

/**
 * Whether a person's links, sorted by clicks or title, are read by walking the sort's index and
 * checking each link's maker, rather than through the (created_by, created_at, id) index and sorted:
 * when the person made more links than a page count stops at (`countCap`), as for a common tag (their
 * links are then a good share of the index; sorting them all is what a walk avoids). Newest first, the
 * person's own index range is already in the page's order.
 */
export const walksSortIndexForMaker = (
  { sort, maker }: PageShape,
  makerLinks: number,
  limits: Pick<SearchLimits, 'countCap'>,
  engineWalks: boolean,
): boolean => engineWalks && maker === true && sort !== 'newest' && makerLinks > limits.countCap;

/**
 * How a page's links are read first:
 * - 'tag-range': a tag alone, newest first: its own (tag, created_at, id) rows are one index range;
 * - 'sorted': the matches (all links, without a filter) read and sorted, a narrow search's way;
 * - 'walk': the sort's index walked, each link checked against the search, up to `walkLength`
 *   links: a broad search, or newest first any search but the narrowest (SEARCH_NEWEST_SORT_TERMS).
 */
export type FirstRead = 'tag-range' | 'sorted' | 'walk';

export async function chooseFirstRead(
  { sort, search, tag }: PageShape,
  broad: boolean,
  hasTerms: TermsProbe,
  limits: SearchLimits,
): Promise<FirstRead> {
  if (tag && sort === 'newest' && !search) return 'tag-range';
  if (!broad && (sort !== 'newest' || !(await hasTerms(limits.newestSortTerms)))) return 'sorted';
  return 'walk';
}

/** Links of the sort's index a first walk crosses at most. */
export const walkLength = (sort: ShortlinkSort, limits: SearchLimits): number =>
  sort === 'newest' ? Math.min(limits.walkBudget, limits.newestWalkBudget) : limits.walkBudget;

/**
 * After a walk that found less than a page before the end of the index, the matches lie further on:
 * - 'by-day': newest first, the days behind the walk that hold the prefix are found by the index;
 * - 'walk-on': in the other orders a dense prefix (SEARCH_DENSE_TERMS) walks on from there;
 * - 'sorted': any other prefix has its matches read by id and sorted.
 */
export type AfterWalk = 'by-day' | 'walk-on' | 'sorted';

export async function chooseAfterWalk(
  sort: ShortlinkSort,
  hasTerms: TermsProbe,
  limits: SearchLimits,
): Promise<AfterWalk> {
  if (sort === 'newest') return 'by-day';
  return (await hasTerms(limits.denseTerms)) ? 'walk-on' : 'sorted';
}

/** Read by day, a day with this many matches is walked (dense), one with fewer read by id and sorted. */
export const walksDay = (matches: number, limits: SearchLimits): boolean => matches >= limits.daySortTerms;

/**
 * How a page's total is counted:
 * - 'maker': one person's links (with any search and tag): matching links, up to the cap; read
 *   first, since it also tells how the page is read (walksSortIndexForMaker);
 * - 'links-with-terms': a broad search alone: distinct links in the prefix's range of the search
 *   index, up to the cap (the engine's own way, `countLinksWithTerms`);
 * - 'matches-capped': a broad search with a tag: matching links, up to the cap;
 * - 'terms': a narrow search alone: distinct links in the prefix's range, exactly;
 * - 'matches': a narrow search with a tag: matching links, exactly;
 * - 'tag': a tag alone: its count;
 * - 'all': no filter: the links' total.
 */
export type PageCount = 'maker' | 'links-with-terms' | 'matches-capped' | 'terms' | 'matches' | 'tag' | 'all';

export function chooseCount({ search, tag, maker }: Omit<PageShape, 'sort'>, broad: boolean): PageCount {
  if (maker) return 'maker';
  if (broad) return tag ? 'matches-capped' : 'links-with-terms';
  if (search) return tag ? 'matches' : 'terms';
  return tag ? 'tag' : 'all';
}
