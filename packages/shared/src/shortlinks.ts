import type { PersonRef } from './made-by';
import { SHORTLINK_NOT_FOUND } from './not-found';
import { RESERVED_SEGMENTS, SHORT_CODE_PATTERN } from './routes';
import type { ShortlinkRules } from './shortlink-rules';

/** Messages of the shortlink area, verbatim as designed (docs/decisions/0011-original-design.md); the API answers with the same strings. */
export const SHORTLINK_MESSAGES = {
  /** 409, code SHORT_CODE_TAKEN; the admin form retries with a new code when it sees it. */
  shortCodeTaken: 'Short code already exists',
  /** 400 when the title or the target URL is blank. */
  required: 'Title and Target URL are required',
  /** 400 for a target or meta image that is not an http(s) URL (docs/decisions/0002-server-enforces-rules.md). */
  invalidUrl: 'Only valid http(s) URLs are allowed.',
  /** Toast title beside `invalidUrl` for guests. */
  invalidUrlTitle: 'Invalid URL',
  /** 429, code GUEST_RATE_LIMITED, with Retry-After. */
  guestRateLimited: 'You can only create one shortlink per minute as a guest.',
  /** Toast title beside `guestRateLimited`. */
  guestRateLimitedTitle: 'Rate Limited',
  /** 404 of the API and the redirect page's error state. */
  notFound: SHORTLINK_NOT_FOUND,
  /** 400 for an import body that is not a JSON array. */
  invalidImport: 'Invalid JSON file format',
  /** 400, code VALIDATION, for an import whose clickCounts would take the total past SHORTLINK_LIMITS.importedClicksTotal. */
  importClicksOverTotal: 'This import would take the clicks of all links together past 2^52; nothing was imported.',
  /** 400 for a target that is one of our own short links (a link to a link could loop or hide its real target: docs/decisions/0002-server-enforces-rules.md). */
  selfLink: 'Links to other short links of this site are not allowed.',
  /** 400 for a target on a loopback name or one of the server's own addresses, whatever the port (another replica would answer it). */
  ownAddress: "Links to this server's own addresses (localhost or its IP addresses) are not allowed.",
  /** 500 for a stored target that cannot be sent as a redirect (a row written around the API). */
  targetUnusable: "This short link's target is not a valid web address.",
  /** 400 for a client-supplied code equal to a fixed route (docs/decisions/0002-server-enforces-rules.md). */
  reservedCode: 'This short code is reserved',
  invalidCode: 'Short code must be 3 to 32 letters, digits, - or _',
  /** 400 for a target or image URL with user:password@ (a phishing pattern: https://bank.com@evil.example). */
  credentialsInUrl: 'URLs with a user name or password are not allowed.',
} as const;

/** Length caps; the original design has none, so these are ours (docs/decisions/0002-server-enforces-rules.md). */
export const SHORTLINK_LIMITS = {
  url: 2048,
  title: 200,
  description: 500,
  tags: 20,
  tag: 50,
  /** Rows per import (all or none). */
  importRows: 10_000,
  /**
   * Largest `clickCount` an import row may carry: a trillion, a thousand times the clicks of the
   * most visited links anywhere, so no honest export is refused, while a row can never be near the
   * limit below on its own. Counters are 64-bit on both engines, so the next click always fits.
   */
  importClickCount: 1_000_000_000_000,
  /**
   * Imports may bring the clicks of all links together to at most 2^52. Every count the API
   * reports is at most this plus the clicks really counted since, and 2^52 more clicks (a million
   * a second for 140 years) would still be exact in a JSON number (below 2^53).
   */
  importedClicksTotal: 2 ** 52,
} as const;

/**
 * What a link does on `GET /{code}`: 'preview' shows the page with the 8-second countdown (the
 * default); 'direct' answers people with a 302 at once. Crawlers get the preview page either way.
 */
export const REDIRECT_MODES = ['preview', 'direct'] as const;
export type RedirectMode = (typeof REDIRECT_MODES)[number];

/**
 * Guest shortlink creation: one per 60 seconds, per client on the server (docs/decisions/0002-server-enforces-rules.md).
 * A rolling interval from the last creation, so no calendar day or time zone is involved.
 */
export const GUEST_CREATE_INTERVAL_MS = 60_000;

// ---------------------------------------------------------------------------
// Days. Every "day" of the shortlink area (analytics series, "created today") is a UTC day, in the
// API and the manager alike: a count must not change with the time zone of whoever looks at it.

export const DAY_MS = 86_400_000;

/** 00:00 UTC of the day holding `instant`, in milliseconds. */
export function utcDayStart(instant: Date | number): number {
  const date = new Date(instant);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/** The UTC date of `instant` as YYYY-MM-DD (the `date` of clicksPerDay). */
export function utcDayKey(instant: Date | number): string {
  return new Date(instant).toISOString().slice(0, 10);
}

/** True when both instants fall on the same UTC date; false when either is not a valid date. */
export function isSameUtcDay(a: Date | number, b: Date | number): boolean {
  const first = utcDayStart(a);
  return !Number.isNaN(first) && first === utcDayStart(b);
}

/** Seconds the redirect page waits before it follows the link (the original design's countdown). */
export const REDIRECT_DELAY_SECONDS = 8;

/** Days in the analytics' clicks-per-day series (docs/decisions/0006-click-analytics.md). */
export const ANALYTICS_DAYS = 30;
/** Length of the analytics' top and recent lists. */
export const ANALYTICS_TOP = 5;

/** Label of clicks without a Referer header, and of clicks whose country is not known. */
export const DIRECT_REFERRER = '(direct)';
/**
 * The referrer (source) recorded for a visit of the short URL with `?qr=1`, the address a link's QR
 * code encodes: scans are their own row of the breakdown. A space is in no host name, so it never
 * mixes with a real referrer host.
 */
export const QR_REFERRER = 'QR code';
export const UNKNOWN_COUNTRY = 'Unknown';

/** Tags text of the forms: comma separated, each trimmed, empties dropped. */
export function parseTagsText(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** The public address of a link: `${origin}/${shortCode}`. */
export function shortUrl(origin: string, shortCode: string): string {
  return `${origin.replace(/\/+$/, '')}/${shortCode}`;
}

/** True for a client-supplied code that matches SHORT_CODE_PATTERN and is no fixed route (case-insensitive, as Express routes are). */
export function isAllowedShortCode(code: string): boolean {
  return SHORT_CODE_PATTERN.test(code) && !RESERVED_SEGMENTS.has(code.toLowerCase());
}

/** A shortlink as the API returns it, with its rules (shortlink-rules.ts). */
export interface Shortlink extends ShortlinkRules {
  id: number;
  shortCode: string;
  targetUrl: string;
  title: string;
  description: string;
  metaImage: string;
  tags: string[];
  clickCount: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  redirectMode: RedirectMode;
  /** Who created it; null for a guest's link and for links made before accounts. */
  createdBy: PersonRef | null;
  /** Who changed it last; null until someone does. */
  updatedBy: PersonRef | null;
  /** Whether visitors must give a password first (the password itself is write-only). */
  hasPassword: boolean;
  /** The folder it is in (shortlink-folders.ts); null for none. */
  folderId: number | null;
  /** An archived link still redirects, but leaves the default list. */
  archived: boolean;
}

/** What a visitor of `/{shortCode}` and `GET /api/shortlink/:shortCode` sees. */
export type PublicShortlink = Pick<Shortlink, 'shortCode' | 'targetUrl' | 'title' | 'description' | 'metaImage'>;

/**
 * One row of `GET /api/shortlinks/export` (and a valid import row, whose `createdBy` an import
 * ignores: imported links are the importer's).
 */
export type ShortlinkExportRow = Omit<Shortlink, 'id' | 'createdBy' | 'updatedBy' | 'hasPassword'> & {
  /** The login of who created it; null for a guest's link and for links made before accounts. */
  createdBy: string | null;
};

export interface ImportShortlinksResponse {
  imported: number;
}

/** One thing wrong in one row of an import, as the dry run lists it. */
export interface ImportProblem {
  /** The row's number in the file's array, from 1. */
  row: number;
  /** The row's field the problem is in, when it is in one field. */
  field?: string;
  message: string;
}

/** `POST /api/shortlinks/import/dry-run`: what the same body would do as an import, nothing written. */
export interface ImportDryRunResponse {
  /** Rows without a problem. */
  valid: number;
  /** Every problem of every row, in row order; empty when the import would store every row. */
  problems: ImportProblem[];
}

export type DeviceClass = 'desktop' | 'mobile' | 'tablet';
export const DEVICE_CLASSES: readonly DeviceClass[] = ['desktop', 'mobile', 'tablet'];

/**
 * One row of `GET /api/shortlinks/clicks/export`: a raw click as stored (never an IP address).
 * Analytics read daily aggregates; these rows are what CLICK_RETENTION_DAYS prunes.
 */
export interface ClickExportRow {
  shortCode: string;
  /** ISO 8601, UTC. */
  clickedAt: string;
  /** Host name of the Referer, or null for none. */
  referrerHost: string | null;
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: string | null;
  device: DeviceClass;
  /**
   * 1 when the click was its visitor's first of the link in its UTC hour (it counts among the
   * deduplicated clicks), else 0; clicks counted before deduplication existed are 0.
   */
  deduplicated: 0 | 1;
}

/** Columns of the clicks' CSV export, in order. */
export const CLICK_CSV_COLUMNS = [
  'shortCode',
  'clickedAt',
  'referrerHost',
  'country',
  'device',
  'deduplicated',
] as const satisfies readonly (keyof ClickExportRow)[];

/** `GET /api/shortlinks/analytics` (docs/decisions/0006-click-analytics.md). */
export interface ShortlinkAnalytics extends AnalyticsWindow {
  totalLinks: number;
  totalClicks: number;
  /** Links created on the current UTC date. */
  createdToday: number;
  /** totalClicks / totalLinks, rounded; 0 without links. */
  averageClicks: number;
  /** Top 5 by clickCount (ties: newest first). */
  topLinks: Shortlink[];
  /** 5 newest. */
  recentLinks: Shortlink[];
  /** One entry per UTC day of the range (30 by default), oldest first, zeros included, ending today. */
  clicksPerDay: { date: string; clicks: number }[];
  /** Clicks in the range (the sum of clicksPerDay). */
  rangeClicks: number;
  /** Top 5 in the range; DIRECT_REFERRER for clicks without a referrer. */
  topReferrers: { host: string; clicks: number }[];
  /** Top 5 in the range; UNKNOWN_COUNTRY for clicks without a known country. */
  topCountries: { country: string; clicks: number }[];
  /** In the range: one entry per device class that has clicks, most clicks first. */
  devices: { device: DeviceClass; clicks: number }[];
}

// ---------------------------------------------------------------------------
// Lists, summary, tags and analytics ranges of the manager.

/** Page sizes and query caps of `GET /api/shortlinks`. */
export const SHORTLINK_LIST_LIMITS = {
  defaultLimit: 25,
  maxLimit: 100,
  /** Characters of the search text. */
  maxQuery: 200,
  /** Characters of an opaque cursor (it carries at most one title and one id). */
  maxCursor: 1500,
} as const;

export const SHORTLINK_SORTS = ['newest', 'clicks', 'title'] as const;
export type ShortlinkSort = (typeof SHORTLINK_SORTS)[number];

/** `GET /api/shortlinks`: one page. */
export interface ShortlinkPage {
  items: Shortlink[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Links matching q, tag and createdBy, over all pages; with totalCapped, at least this many. */
  total: number;
  /**
   * Present when a search (or one person's links) matched so many links that the server stopped
   * counting them (the product's cap is 10,000): `total` is the cap, and the page says "10,000+ links".
   */
  totalCapped?: true;
}

/** `GET /api/shortlinks/summary`: the Overview's figures, from counters (never a scan of the links). */
export interface ShortlinkSummary {
  totalLinks: number;
  totalClicks: number;
  /** Links created on the current UTC date (the Overview's "Today"), from the per-day counter. */
  createdToday: number;
  /**
   * The current UTC date's clicks of all links, beside their deduplicated clicks and unique
   * visitors (as the analytics count them), from the daily aggregates.
   */
  today: VisitTotals;
  /** The 5 newest links. */
  recent: Shortlink[];
}

/** `GET /api/shortlinks/tags`: every tag in use, most used first (ties by name). */
export interface ShortlinkTagsResponse {
  tags: { tag: string; count: number }[];
}

export const ANALYTICS_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
/** Days of each range; 'all' runs from the first day with clicks (at most ANALYTICS_MAX_DAYS back). */
export const ANALYTICS_RANGE_DAYS: Record<Exclude<AnalyticsRange, 'all'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
/** The longest clicks-per-day series an answer carries (ten years). */
export const ANALYTICS_MAX_DAYS = 3660;

/** Steps of an analytics series: UTC hours, days or months. */
export const ANALYTICS_STEPS = ['hour', 'day', 'month'] as const;
export type AnalyticsStep = (typeof ANALYTICS_STEPS)[number];
/**
 * The longest range (in UTC days, from and to included) each step takes: hours are read from the
 * raw clicks (a week is at most 168 points and one index range), days and months from the daily
 * aggregates (ten years).
 */
export const ANALYTICS_MAX_SPAN_DAYS: Record<AnalyticsStep, number> = { hour: 7, day: 3660, month: 3660 };

/**
 * One point of an analytics series. `start` is the step's first instant: YYYY-MM-DDTHH:00Z for an
 * hour, YYYY-MM-DD for a day, YYYY-MM for a month (UTC).
 */
export interface AnalyticsPoint {
  start: string;
  /** Every counted click (the raw count). */
  clicks: number;
  /** Clicks that were their visitor's first of the link in their UTC hour. */
  deduplicated: number;
  /** Visitors of a link per UTC day: a month's figure is the sum of its days'. */
  uniques: number;
}

/** What an analytics answer covers: UTC days from `from` to `to`, both included, in steps of `step`. */
export interface AnalyticsWindow {
  /** The preset asked for, or 'custom' for a from/to range. */
  range: AnalyticsRange | 'custom';
  from: string;
  to: string;
  step: AnalyticsStep;
  series: AnalyticsPoint[];
  /** The series summed: clicks, deduplicated clicks and unique visitors (per link per day) of the range. */
  totals: VisitTotals;
}

/** Raw clicks, deduplicated clicks and unique visitors (of each link per UTC day, summed) of a span. */
export interface VisitTotals {
  clicks: number;
  deduplicated: number;
  uniques: number;
}

/** Length of the per-link analytics' referrer and country lists. */
export const LINK_ANALYTICS_TOP = 10;

/** `GET /api/shortlinks/:id/analytics?range=`, read from the daily aggregates of that link only. */
export interface ShortlinkLinkAnalytics extends AnalyticsWindow {
  link: Shortlink;
  /** Clicks in the range (the link's all-time count is link.clickCount). */
  totalClicks: number;
  /** One entry per UTC day of the range, oldest first, zeros included. */
  clicksPerDay: { date: string; clicks: number }[];
  /** Top LINK_ANALYTICS_TOP in the range; DIRECT_REFERRER for clicks without a referrer. */
  referrers: { host: string; clicks: number }[];
  /** Top LINK_ANALYTICS_TOP in the range; UNKNOWN_COUNTRY when unknown. */
  countries: { country: string; clicks: number }[];
  devices: { device: DeviceClass; clicks: number }[];
}

export const EXPORT_FORMATS = ['json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Columns of the CSV export, in order (tags joined with ", ", as the form takes them). */
export const SHORTLINK_CSV_COLUMNS = [
  'shortCode',
  'targetUrl',
  'title',
  'description',
  'metaImage',
  'tags',
  'clickCount',
  'createdAt',
  'redirectMode',
  'validFrom',
  'validUntil',
  'maxVisits',
  'fallbackUrl',
  'redirectStatus',
  'createdBy',
] as const satisfies readonly (keyof ShortlinkExportRow)[];
