import {
  API_ERRORS,
  cryptoRandomIndex,
  DAY_MS,
  generateShortCode,
  GUEST_CREATE_INTERVAL_MS,
  isAllowedShortCode,
  isHttpUrl,
  MAX_STORED_INTEGER,
  selfLinkOf,
  SHORTLINK_LIMITS,
  SHORTLINK_MESSAGES,
  type GuestShortlinkInput,
  type ImportShortlinksResponse,
  type OwnOrigin,
  type PublicShortlink,
  type RandomIndex,
  type Shortlink,
  type ShortlinkExportRow,
  type ShortlinkImportRow,
  type ShortlinkInput,
  type ShortlinkListQuery,
  type ShortlinkPage,
  type ShortlinkSort,
  type ShortlinkSummary,
  type ShortlinkTagsResponse,
  type ShortlinkUpdate,
  utcDayKey,
  utcDayStart,
} from '@toolvault/shared';
import { requestIssue, ZShortlinkImportRow, type RequestIssueCode } from '@toolvault/shared/schemas';
import type { CounterStore } from '../counters/counter-store';
import type { NewShortlink, ShortlinkPosition, ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from '../lib/clock';
import type { PageMeta } from './html-meta';
import { ok } from '../lib/result';
import { servedLink } from './served-urls';
import { timeSlices, yieldToEventLoop } from '../event-loop';

/** What a user can get wrong here; the route maps `code` to the status of the same name. */
export type ShortlinkFailure =
  | {
      code:
        | 'SHORT_CODE_TAKEN'
        | 'SHORTLINK_SELF_LINK'
        | 'SHORTLINK_OWN_ADDRESS'
        | 'SHORTLINK_NOT_FOUND'
        | 'SHORTLINK_IMPORT_INVALID'
        | RequestIssueCode;
      /** Overrides the code's own message (import rows: 'Row 3: …'). */
      message?: string;
    }
  | { code: 'GUEST_RATE_LIMITED'; retryAfterSeconds: number };

export type ShortlinkResult<T> = { ok: true; value: T } | { ok: false; error: ShortlinkFailure };

/** Who asks: the hosts this site answers on (to refuse links to our own short links) and, for guests, the client key. */
export interface RequestOrigin {
  /** Host headers (with port) the request arrived with, e.g. ['toolvault.example']. */
  ownHosts: readonly string[];
}

export interface ShortlinkService {
  /** One page of the manager's list; a cursor that is not one of ours (or of another sort) fails. */
  list(query: ShortlinkListQuery): Promise<ShortlinkResult<ShortlinkPage>>;
  summary(): Promise<ShortlinkSummary>;
  tags(): Promise<ShortlinkTagsResponse>;
  findById(id: number): Promise<Shortlink | null>;
  createAsAdmin(input: ShortlinkInput, origin: RequestOrigin): Promise<ShortlinkResult<Shortlink>>;
  /** One creation per GUEST_CREATE_INTERVAL_MS per client key: the slot is taken before the insert. */
  createAsGuest(
    input: GuestShortlinkInput,
    origin: RequestOrigin & { clientKey: string },
  ): Promise<ShortlinkResult<Shortlink>>;
  update(id: number, input: ShortlinkUpdate, origin: RequestOrigin): Promise<ShortlinkResult<Shortlink>>;
  delete(id: number): Promise<ShortlinkResult<void>>;
  /** Every link, oldest first, a batch at a time (so an export's memory does not grow with the count). */
  exportRows(): AsyncIterable<ShortlinkExportRow[]>;
  /** Validates every row, then inserts all of them or none (no reader ever sees a part). */
  importAll(body: unknown, origin: RequestOrigin): Promise<ShortlinkResult<ImportShortlinksResponse>>;
  /** The public view of a code; never counts a click. */
  findPublic(shortCode: string): Promise<PublicShortlink | null>;
  /** The crawler preview of `/{shortCode}`; og:url is the canonical target. */
  preview(shortCode: string): Promise<PageMeta | null>;
}

export interface ShortlinkServiceDeps {
  shortlinks: ShortlinksRepo;
  clock: Clock;
  /** Holds each guest's minute; shared by every replica when it is Redis or the database. */
  counters: CounterStore;
  /** Where generated codes take their characters from; crypto unless a test fixes it. */
  randomIndex?: RandomIndex;
  /**
   * This server's other names, besides the request's Host: PUBLIC_URL's host; and this machine's
   * own addresses, read at each check (they can change while the server runs).
   */
  self?: { hosts: readonly string[]; addresses?: () => readonly string[] };
}

/** Generated codes that collide are redrawn; 62^6 codes make more than a few draws a bug. */
const MAX_CODE_ATTEMPTS = 20;

/** Links in the Overview's "recent" list. */
const SUMMARY_RECENT = 5;
/** Tags listed for the manager's filter, most used first. */
const MAX_TAGS_LISTED = 500;
/** Links read per query while exporting. */
const EXPORT_BATCH = 500;
/** Codes looked up per query while an import checks which are taken: a few milliseconds each. */
const IMPORT_SLICE = 200;
/** The longest an import checks rows or draws codes before it lets other requests run. */
const IMPORT_SLICE_MS = 5;
const INVALID_CURSOR = 'Invalid cursor';

const IMPORT_ROW_NOT_OBJECT = 'Each row must be an object with title and targetUrl';

const fail = (error: ShortlinkFailure): { ok: false; error: ShortlinkFailure } => ({ ok: false, error });

export function createShortlinkService({
  shortlinks,
  clock,
  counters,
  randomIndex = cryptoRandomIndex,
  self = { hosts: [] },
}: ShortlinkServiceDeps): ShortlinkService {
  const guestKey = (clientKey: string) => `guest:${clientKey}`;

  const drawCode = () => generateShortCode(randomIndex);

  /** Inserts with a generated code, drawing again on a collision. */
  const insertGenerated = async (link: Omit<NewShortlink, 'shortCode'>): Promise<Shortlink> => {
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
      const created = await shortlinks.insert({ ...link, shortCode: drawCode() });
      if (created) return created;
    }
    throw new Error(`No free short code after ${MAX_CODE_ATTEMPTS} attempts`);
  };

  /** The rows' codes: the supplied one, else a drawn one that no other row and no stored link has. */
  /**
   * Which of these codes are stored, IMPORT_SLICE at a time with a turn of the event loop between:
   * on SQLite each lookup runs synchronously, and 10,000 of them in a row held every other request
   * for tens of milliseconds.
   */
  const takenCodes = async (codes: readonly string[]): Promise<Set<string>> => {
    const taken = new Set<string>();
    for (let start = 0; start < codes.length; start += IMPORT_SLICE) {
      if (start > 0) await yieldToEventLoop();
      for (const code of await shortlinks.existingCodes(codes.slice(start, start + IMPORT_SLICE))) taken.add(code);
    }
    return taken;
  };

  const generateCodes = async (inputs: readonly ShortlinkImportRow[], used: Set<string>): Promise<string[]> => {
    const codes = inputs.map((input) => input.shortCode);
    const slice = timeSlices(IMPORT_SLICE_MS);
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
      const drawn: number[] = [];
      for (const [index, code] of codes.entries()) {
        if (code !== undefined) continue;
        await slice();
        let next = drawCode();
        while (used.has(next)) next = drawCode();
        used.add(next);
        codes[index] = next;
        drawn.push(index);
      }
      const taken = await takenCodes(drawn.map((index) => codes[index]!));
      if (taken.size === 0) return codes as string[];
      // Taken codes stay in `used`, so they are not drawn again.
      for (const index of drawn) if (taken.has(codes[index]!)) codes[index] = undefined;
    }
    throw new Error(`No free short codes after ${MAX_CODE_ATTEMPTS} attempts`);
  };

  /**
   * The refusal of a target that leads back to this server: by any of its names or addresses, on
   * any port (selfLinkOf). `own` is read once per request, so an import checks its rows against one list.
   */
  const ownOrigin = ({ ownHosts }: RequestOrigin): OwnOrigin => ({
    hosts: [...ownHosts, ...self.hosts],
    addresses: self.addresses?.() ?? [],
  });
  const selfLink = (
    targetUrl: string,
    own: OwnOrigin,
  ): { code: 'SHORTLINK_SELF_LINK' | 'SHORTLINK_OWN_ADDRESS' } | null => {
    let url: URL;
    try {
      url = new URL(targetUrl);
    } catch {
      return null; // the schema has parsed it already; an unparsable value cannot point here
    }
    const kind = selfLinkOf(url, own);
    if (kind === null) return null;
    return kind === 'own-address' ? { code: 'SHORTLINK_OWN_ADDRESS' } : { code: 'SHORTLINK_SELF_LINK' };
  };

  const findPublic = async (shortCode: string): Promise<PublicShortlink | null> => {
    const link = isAllowedShortCode(shortCode) ? await shortlinks.findPublic(shortCode) : null;
    return link && servedLink(link);
  };

  const newLink = (input: Omit<ShortlinkInput, 'shortCode'>): Omit<NewShortlink, 'shortCode'> => ({
    targetUrl: input.targetUrl,
    title: input.title,
    description: input.description,
    metaImage: input.metaImage,
    tags: input.tags,
    clickCount: 0,
    createdAt: clock().toISOString(),
    redirectMode: input.redirectMode,
  });

  return {
    async list({ limit, cursor, q, tag, sort }) {
      const after = cursor === undefined ? undefined : decodeCursor(cursor, sort);
      if (after === null) return fail({ code: 'VALIDATION', message: INVALID_CURSOR });
      // One more than asked tells whether another page follows.
      const { items, total, totalCapped } = await shortlinks.page({ sort, limit: limit + 1, after, q, tag });
      const page = items.slice(0, limit);
      const last = page.at(-1);
      const nextCursor = items.length > limit && last ? encodeCursor(sort, last) : null;
      return ok(totalCapped ? { items: page, nextCursor, total, totalCapped } : { items: page, nextCursor, total });
    },

    async summary() {
      const today = utcDayStart(clock());
      const [totals, recent] = await Promise.all([
        // Today's links come from the per-UTC-day counter, never from a count of the links.
        shortlinks.totals({ from: utcDayKey(today), to: utcDayKey(today + DAY_MS) }),
        shortlinks.listNewestFirst(SUMMARY_RECENT),
      ]);
      return {
        totalLinks: totals.totalLinks,
        totalClicks: totals.totalClicks,
        createdToday: totals.createdBetween,
        recent,
      };
    },

    tags: async () => ({ tags: await shortlinks.tagCounts(MAX_TAGS_LISTED) }),

    findById: (id) => shortlinks.findById(id),

    async createAsAdmin(input, origin) {
      const refused = selfLink(input.targetUrl, ownOrigin(origin));
      if (refused) return fail(refused);
      const link = newLink(input);
      if (input.shortCode === undefined) return ok(await insertGenerated(link));
      const created = await shortlinks.insert({ ...link, shortCode: input.shortCode });
      return created ? ok(created) : fail({ code: 'SHORT_CODE_TAKEN' });
    },

    async createAsGuest(input, origin) {
      const refused = selfLink(input.targetUrl, ownOrigin(origin));
      if (refused) return fail(refused);
      // The minute is taken before the insert, in one atomic step with the check: two requests of
      // one client that arrive together (at any replicas) cannot both pass. A failed insert gives
      // the minute back. A shared store that does not answer throws, and the request gets 503.
      const waitMs = await counters.reserve(guestKey(origin.clientKey), GUEST_CREATE_INTERVAL_MS);
      if (waitMs > 0) return fail({ code: 'GUEST_RATE_LIMITED', retryAfterSeconds: Math.ceil(waitMs / 1000) });
      try {
        // A guest sets only title, target and image; the code is always generated, and the
        // visitor always sees the preview page with the real destination before going there.
        return ok(await insertGenerated(newLink({ ...input, description: '', tags: [], redirectMode: 'preview' })));
      } catch (error) {
        await counters.release(guestKey(origin.clientKey)).catch(() => undefined);
        throw error;
      }
    },

    async update(id, input, origin) {
      const refused = selfLink(input.targetUrl, ownOrigin(origin));
      if (refused) return fail(refused);
      const updated = await shortlinks.update(id, input);
      return updated ? ok(updated) : fail({ code: 'SHORTLINK_NOT_FOUND' });
    },

    delete: async (id) => ((await shortlinks.delete(id)) ? ok(undefined) : fail({ code: 'SHORTLINK_NOT_FOUND' })),

    async *exportRows() {
      // Oldest first, so an import recreates the links in their original order.
      for await (const batch of shortlinks.batchesOldestFirst(EXPORT_BATCH)) {
        yield batch.map(({ id: _id, ...row }) => row);
      }
    },

    async importAll(body, origin) {
      if (!Array.isArray(body)) return fail({ code: 'SHORTLINK_IMPORT_INVALID' });
      if (body.length > SHORTLINK_LIMITS.importRows) {
        return fail({
          code: 'VALIDATION',
          message: `At most ${SHORTLINK_LIMITS.importRows} shortlinks can be imported at once`,
        });
      }
      const now = clock().toISOString();
      const own = ownOrigin(origin);
      const inputs: ShortlinkImportRow[] = [];
      const suppliedAt = new Map<string, number>();
      const slice = timeSlices(IMPORT_SLICE_MS);
      for (const [index, raw] of body.entries()) {
        // Checking 10,000 rows takes a few hundred milliseconds: other requests run between slices.
        await slice();
        const row = `Row ${index + 1}`;
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
          return fail({ code: 'VALIDATION', message: `${row}: ${IMPORT_ROW_NOT_OBJECT}` });
        }
        const parsed = ZShortlinkImportRow.safeParse(raw);
        if (!parsed.success) {
          const { code, issue, message } = requestIssue(parsed.error.issues);
          return fail({ code, message: `${row}: ${message ?? issue?.message ?? 'Invalid row'}` });
        }
        const input = parsed.data;
        const refused = selfLink(input.targetUrl, own);
        if (refused) return fail({ ...refused, message: `${row}: ${API_ERRORS[refused.code].message}` });
        if (input.shortCode !== undefined) {
          if (suppliedAt.has(input.shortCode)) {
            return fail({ code: 'SHORT_CODE_TAKEN', message: `${row}: ${SHORTLINK_MESSAGES.shortCodeTaken}` });
          }
          suppliedAt.set(input.shortCode, index);
        }
        inputs.push(input);
      }
      const stored = await takenCodes([...suppliedAt.keys()]);
      if (stored.size > 0) {
        const first = Math.min(...[...stored].map((code) => suppliedAt.get(code) ?? Infinity));
        return fail({ code: 'SHORT_CODE_TAKEN', message: `Row ${first + 1}: ${SHORTLINK_MESSAGES.shortCodeTaken}` });
      }
      const codes = await generateCodes(inputs, new Set(suppliedAt.keys()));
      const links: NewShortlink[] = inputs.map((input, index) => ({
        shortCode: codes[index]!,
        targetUrl: input.targetUrl,
        title: input.title,
        description: input.description,
        metaImage: input.metaImage,
        tags: input.tags,
        clickCount: input.clickCount ?? 0,
        // Normalised to UTC 'Z' form: analytics compare these as text.
        createdAt: input.createdAt === undefined ? now : new Date(input.createdAt).toISOString(),
        redirectMode: input.redirectMode,
      }));
      const conflict = await shortlinks.insertAll(links, yieldToEventLoop);
      if (conflict && 'clickTotalFull' in conflict) {
        return fail({ code: 'VALIDATION', message: SHORTLINK_MESSAGES.importClicksOverTotal });
      }
      if (conflict) {
        return fail({
          code: 'SHORT_CODE_TAKEN',
          message: `Row ${conflict.takenAt + 1}: ${SHORTLINK_MESSAGES.shortCodeTaken}`,
        });
      }
      return ok({ imported: links.length });
    },

    findPublic,

    async preview(shortCode) {
      const link = await findPublic(shortCode);
      if (!link) return null;
      // A stored target that is no address (a row written around the API) is left out of the page.
      const url = isHttpUrl(link.targetUrl) ? link.targetUrl : undefined;
      return {
        title: link.title,
        description: link.description || (url ? `Short link to ${new URL(url).hostname}` : 'Short link'),
        image: link.metaImage || undefined,
        url,
      };
    },
  };
}

/**
 * The opaque cursor: base64url of JSON `[sort, key, id]`, the sort key and id of a page's last
 * link. It names its sort, so a cursor of another sort is refused rather than misread.
 */
export function encodeCursor(sort: ShortlinkSort, last: Shortlink): string {
  const key = sort === 'newest' ? last.createdAt : sort === 'clicks' ? last.clickCount : last.title;
  return Buffer.from(JSON.stringify([sort, key, last.id])).toString('base64url');
}

/** The position a cursor names, or null for anything that is not a cursor of this sort. */
export function decodeCursor(cursor: string, sort: ShortlinkSort): ShortlinkPosition | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3 || value[0] !== sort) return null;
  const [, key, id] = value as [unknown, unknown, unknown];
  // Ids the database cannot hold were never in a cursor (and PostgreSQL fails on them). Click
  // counts are 64-bit: a cursor carries one as the API reported it, at most 2^53 − 1 (db/counts.ts).
  const whole = (part: unknown, min: number, max: number): part is number =>
    typeof part === 'number' && Number.isInteger(part) && part >= min && part <= max;
  if (!whole(id, 1, MAX_STORED_INTEGER)) return null;
  if (sort === 'clicks') return whole(key, 0, Number.MAX_SAFE_INTEGER) ? { sort, clicks: key, id } : null;
  if (typeof key !== 'string' || key.length > SHORTLINK_LIMITS.title * 2) return null;
  return sort === 'newest' ? { sort, createdAt: key, id } : { sort, title: key, id };
}
