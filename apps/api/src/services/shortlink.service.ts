import {
  cryptoRandomIndex,
  DAY_MS,
  GUEST_CREATE_INTERVAL_MS,
  isAllowedShortCode,
  isHttpUrl,
  selfLinkOf,
  type GuestShortlinkInput,
  type ImportDryRunResponse,
  type ImportShortlinksResponse,
  type OwnOrigin,
  type InactiveVisit,
  linkState,
  type ShortlinkRules,
  withRuleDefaults,
  type PublicShortlink,
  type RandomIndex,
  type Shortlink,
  type ShortlinkExportRow,
  type ShortlinkInput,
  type ShortlinkListQuery,
  type ShortlinkPage,
  type ShortlinkSummary,
  type ShortlinkTagsResponse,
  type ShortlinkUpdate,
  utcDayKey,
  utcDayStart,
} from '@toolvault/shared';
import type { CounterStore } from '../counters/counter-store';
import type { ShortlinkClicksRepo } from '../db/shortlink-clicks.repo';
import type { LinkRefusal, NewShortlink, ShortlinksRepo } from '../db/shortlinks.repo';
import type { UsersRepo } from '../db/users.repo';
import type { Clock } from '../lib/clock';
import { listedPerson, type Caller } from './caller';
import { createCodeDrawer } from './shortlink-codes';
import { createShortlinkImport } from './shortlink-import';
import type { ShortlinkFailure, ShortlinkResult } from './shortlink-failure';
import { decodeCursor, encodeCursor } from './shortlink-cursor';
import type { PageMeta } from './html-meta';
import { ok } from '../lib/result';
import { servedLink, servedUrl } from './served-urls';
import { linkPasswordHash } from './link-password.service';

/** Who asks: the hosts this site answers on (to refuse links to our own short links) and, for guests, the client key. */
export interface RequestOrigin {
  /** Host headers (with port) the request arrived with, e.g. ['toolvault.example']. */
  ownHosts: readonly string[];
}

/**
 * Refusals of a caller whose reach is `own`, for another person's link. They say what the rule is
 * and nothing of the link itself (its ids are sequential, so that one exists is no secret).
 */
export const NOT_YOUR_LINK = 'You can change only the links you created.';
export const NOT_YOUR_LINKS = 'You can list only the links you created.';
export const NOT_YOUR_ANALYTICS = 'You can see the analytics of only the links you created.';

export interface ShortlinkService {
  /**
   * One page of the manager's list; a cursor that is not one of ours (or of another sort) fails. A
   * caller whose reach is `own` sees only their links (createdBy may name only them).
   */
  list(query: ShortlinkListQuery, caller: Caller): Promise<ShortlinkResult<ShortlinkPage>>;
  summary(): Promise<ShortlinkSummary>;
  tags(): Promise<ShortlinkTagsResponse>;
  findById(id: number): Promise<Shortlink | null>;
  /** A signed-in person's link: `maker` is recorded as its creator. */
  createAsAdmin(input: ShortlinkInput, origin: RequestOrigin, maker: number): Promise<ShortlinkResult<Shortlink>>;
  /** One creation per GUEST_CREATE_INTERVAL_MS per client key: the slot is taken before the insert. */
  createAsGuest(
    input: GuestShortlinkInput,
    origin: RequestOrigin & { clientKey: string },
  ): Promise<ShortlinkResult<Shortlink>>;
  /** Records the caller as the last to change it; a caller whose reach is `own` changes only their links. */
  update(
    id: number,
    input: ShortlinkUpdate,
    origin: RequestOrigin,
    caller: Caller,
  ): Promise<ShortlinkResult<Shortlink>>;
  delete(id: number, caller: Caller): Promise<ShortlinkResult<void>>;
  /** Every link, oldest first, a batch at a time (so an export's memory does not grow with the count). */
  exportRows(): AsyncIterable<ShortlinkExportRow[]>;
  /**
   * Validates every row, then inserts all of them or none (no reader ever sees a part). Every link
   * is the importer's, whoever an export says made it.
   */
  importAll(body: unknown, origin: RequestOrigin, importer: number): Promise<ShortlinkResult<ImportShortlinksResponse>>;
  /**
   * What `importAll` would answer for `body`, as every problem of every row; writes nothing. A body
   * that is no array of at most the import's rows fails as it would.
   */
  importDryRun(body: unknown, origin: RequestOrigin): Promise<ShortlinkResult<ImportDryRunResponse>>;
  /**
   * The public view of a code (the redirect page's lookup); never counts a click. For a link
   * inactive now (its rules), its InactiveVisit instead, so the page never shows and counts down to
   * the target of a link that has expired.
   */
  findPublic(shortCode: string): Promise<PublicShortlink | InactiveVisit | null>;
  /**
   * The crawler preview of `/{shortCode}`; og:url is the canonical target. For a link inactive now
   * (its rules), its InactiveVisit instead: the page then answers its fallback or its 410/404.
   */
  preview(shortCode: string): Promise<PageMeta | InactiveVisit | null>;
}

export interface ShortlinkServiceDeps {
  shortlinks: ShortlinksRepo;
  /** Today's clicks, deduplicated clicks and unique visitors for the Overview, from the daily aggregates. */
  visits: Pick<ShortlinkClicksRepo, 'visitsPerDay'>;
  /** The team, for the logins an export names its links' makers by. */
  users: Pick<UsersRepo, 'list'>;
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

/** Links in the Overview's "recent" list. */
const SUMMARY_RECENT = 5;
/** Tags listed for the manager's filter, most used first. */
const MAX_TAGS_LISTED = 500;
/** Links read per query while exporting. */
const EXPORT_BATCH = 500;
const INVALID_CURSOR = 'Invalid cursor';

const fail = (error: ShortlinkFailure): { ok: false; error: ShortlinkFailure } => ({ ok: false, error });

export function createShortlinkService({
  shortlinks,
  visits,
  users,
  clock,
  counters,
  randomIndex = cryptoRandomIndex,
  self = { hosts: [] },
}: ShortlinkServiceDeps): ShortlinkService {
  // A shared counter store keeps only an HMAC of this key, never the client's address.
  const guestKey = (clientKey: string) => `guest:${clientKey}`;

  const { insertGenerated, takenCodes, generateCodes } = createCodeDrawer(shortlinks, randomIndex);

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

  /** A link as a visit that counts nothing sees it: the link while active, else why not and its fallback. */
  const visited = async (shortCode: string): Promise<PublicShortlink | InactiveVisit | null> => {
    const found = isAllowedShortCode(shortCode) ? await shortlinks.findVisited(shortCode) : null;
    if (!found) return null;
    const state = linkState(found.state, clock());
    if (state !== 'active') {
      return { inactive: state, fallbackUrl: found.fallbackUrl === null ? null : servedUrl(found.fallbackUrl) };
    }
    return servedLink(found.link);
  };

  /** A self-link in the target or in the fallback (which visitors are sent to just the same). */
  const selfLinks = (input: { targetUrl: string; fallbackUrl: string | null }, own: OwnOrigin) =>
    selfLink(input.targetUrl, own) ?? (input.fallbackUrl === null ? null : selfLink(input.fallbackUrl, own));

  const imports = createShortlinkImport({ shortlinks, clock, codes: { takenCodes, generateCodes }, selfLinks });

  const newLink = (
    input: Omit<ShortlinkInput, 'shortCode' | keyof ShortlinkRules> & Partial<ShortlinkRules>,
    maker: number | null,
  ): Omit<NewShortlink, 'shortCode'> => ({
    ...withRuleDefaults(input),
    targetUrl: input.targetUrl,
    title: input.title,
    description: input.description,
    metaImage: input.metaImage,
    tags: input.tags,
    clickCount: 0,
    createdAt: clock().toISOString(),
    redirectMode: input.redirectMode,
    createdBy: maker,
    folderId: input.folderId ?? null,
    archived: input.archived ?? false,
  });

  /** A folderId that names no folder (null, none, and absent are fine). */
  const unknownFolder = async (folderId: number | null | undefined) =>
    folderId !== undefined && folderId !== null && !(await shortlinks.existingFolders([folderId])).has(folderId);

  /** A change the repository refused: no such link, or (reach `own`) another person's. */
  const refused = (refusal: LinkRefusal) =>
    fail(refusal === 'not-yours' ? { code: 'FORBIDDEN', message: NOT_YOUR_LINK } : { code: 'SHORTLINK_NOT_FOUND' });
  /** The person a change is limited to: the caller, when their reach is `own`. */
  const ownedBy = (caller: Caller) => (caller.reach === 'own' ? caller.userId : undefined);

  return {
    async list({ limit, cursor, q, tag, sort, createdBy: filter, status, folder, archived }, caller) {
      const createdBy = listedPerson(filter, caller);
      if (createdBy === null) return fail({ code: 'FORBIDDEN', message: NOT_YOUR_LINKS });
      const after = cursor === undefined ? undefined : decodeCursor(cursor, sort);
      if (after === null) return fail({ code: 'VALIDATION', message: INVALID_CURSOR });
      // One more than asked tells whether another page follows.
      const { items, total, totalCapped } = await shortlinks.page({
        sort,
        limit: limit + 1,
        after,
        q,
        tag,
        createdBy,
        status: status === 'all' ? undefined : { status, now: clock().toISOString() },
        folder,
        archived,
      });
      const page = items.slice(0, limit);
      const last = page.at(-1);
      const nextCursor = items.length > limit && last ? encodeCursor(sort, last) : null;
      return ok(totalCapped ? { items: page, nextCursor, total, totalCapped } : { items: page, nextCursor, total });
    },

    async summary() {
      const today = utcDayStart(clock());
      const [from, to] = [utcDayKey(today), utcDayKey(today + DAY_MS)];
      const [totals, recent, todays] = await Promise.all([
        // Today's links come from the per-UTC-day counter, never from a count of the links.
        shortlinks.totals({ from, to }),
        shortlinks.listNewestFirst(SUMMARY_RECENT),
        // One day of the aggregates' device rows: a row or none.
        visits.visitsPerDay({ from, until: to }),
      ]);
      const [day] = todays;
      return {
        totalLinks: totals.totalLinks,
        totalClicks: totals.totalClicks,
        createdToday: totals.createdBetween,
        today: { clicks: day?.clicks ?? 0, deduplicated: day?.deduplicated ?? 0, uniques: day?.uniques ?? 0 },
        recent,
      };
    },

    tags: async () => ({ tags: await shortlinks.tagCounts(MAX_TAGS_LISTED) }),

    findById: (id) => shortlinks.findById(id),

    async createAsAdmin(input, origin, maker) {
      const refused = selfLinks(input, ownOrigin(origin));
      if (refused) return fail(refused);
      if (await unknownFolder(input.folderId)) return fail({ code: 'UNKNOWN_FOLDER' });
      const link = { ...newLink(input, maker), passwordHash: (await linkPasswordHash(input.password)) ?? null };
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
        return ok(
          await insertGenerated(newLink({ ...input, description: '', tags: [], redirectMode: 'preview' }, null)),
        );
      } catch (error) {
        await counters.release(guestKey(origin.clientKey)).catch(() => undefined);
        throw error;
      }
    },

    async update(id, input, origin, caller) {
      const self = selfLinks(input, ownOrigin(origin));
      if (self) return fail(self);
      if (await unknownFolder(input.folderId)) return fail({ code: 'UNKNOWN_FOLDER' });
      const { password, ...fields } = input;
      const changes = { ...fields, updatedBy: caller.userId, passwordHash: await linkPasswordHash(password) };
      const updated = await shortlinks.update(id, changes, ownedBy(caller));
      return typeof updated === 'string' ? refused(updated) : ok(updated);
    },

    async delete(id, caller) {
      const deleted = await shortlinks.delete(id, ownedBy(caller));
      return deleted === true ? ok(undefined) : refused(deleted);
    },

    async *exportRows() {
      // A team is tens of people: their logins are read once for the whole export.
      const logins = new Map((await users.list()).map((user) => [user.id, user.login]));
      // Oldest first, so an import recreates the links in their original order.
      for await (const batch of shortlinks.batchesOldestFirst(EXPORT_BATCH)) {
        // An export holds no password: hasPassword is left out too, so the file imports as it is.
        yield batch.map(({ id: _id, createdBy, updatedBy: _updatedBy, hasPassword: _hasPassword, ...row }) => ({
          ...row,
          createdBy: createdBy === null ? null : (logins.get(createdBy.id) ?? null),
        }));
      }
    },

    importAll: (body, origin, importer) => imports.importAll(body, ownOrigin(origin), importer),

    importDryRun: (body, origin) => imports.dryRun(body, ownOrigin(origin)),

    findPublic: visited,

    async preview(shortCode) {
      const link = await visited(shortCode);
      if (!link || 'inactive' in link) return link;
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
