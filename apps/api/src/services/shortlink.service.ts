import { randomInt } from 'node:crypto';
import {
  GUEST_CREATE_INTERVAL_MS,
  isAllowedShortCode,
  isOwnShortlinkUrl,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  SHORTLINK_LIMITS,
  SHORTLINK_MESSAGES,
  ZShortlinkImportRow,
  type GuestShortlinkInput,
  type ImportShortlinksResponse,
  type PublicShortlink,
  type Shortlink,
  type ShortlinkExportRow,
  type ShortlinkInput,
  type ShortlinkUpdate,
} from '@toolvault/shared';
import type { NewShortlink, ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from './clock';
import type { PageMeta } from './html-meta';
import { ok } from './result';

/** What a user can get wrong here; the route maps `code` to the status of the same name. */
export type ShortlinkFailure =
  | {
      code:
        'SHORT_CODE_TAKEN' | 'SHORTLINK_SELF_LINK' | 'SHORTLINK_NOT_FOUND' | 'SHORTLINK_IMPORT_INVALID' | 'VALIDATION';
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
  listNewestFirst(): Promise<Shortlink[]>;
  createAsAdmin(input: ShortlinkInput, origin: RequestOrigin): Promise<ShortlinkResult<Shortlink>>;
  /** One creation per GUEST_CREATE_INTERVAL_MS per client key: the slot is taken before the insert. */
  createAsGuest(
    input: GuestShortlinkInput,
    origin: RequestOrigin & { clientKey: string },
  ): Promise<ShortlinkResult<Shortlink>>;
  update(id: number, input: ShortlinkUpdate, origin: RequestOrigin): Promise<ShortlinkResult<Shortlink>>;
  delete(id: number): Promise<ShortlinkResult<void>>;
  exportAll(): Promise<ShortlinkExportRow[]>;
  /** Validates every row, then inserts all of them in one transaction or none. */
  importAll(body: unknown, origin: RequestOrigin): Promise<ShortlinkResult<ImportShortlinksResponse>>;
  /** The public view of a code; never counts a click. */
  findPublic(shortCode: string): Promise<PublicShortlink | null>;
  /** The crawler preview of `/{shortCode}`; og:url is the canonical target. */
  preview(shortCode: string): Promise<PageMeta | null>;
}

export interface ShortlinkServiceDeps {
  shortlinks: ShortlinksRepo;
  clock: Clock;
  /** A uniform integer in [0, max); crypto.randomInt unless a test fixes it. */
  randomIndex?: (max: number) => number;
  /**
   * This server's other names, besides the request's Host: PUBLIC_URL's host, and the port on
   * which any loopback name or address (localhost, 127.x, ::1, 0.0.0.0) reaches it.
   */
  self?: { hosts: readonly string[]; port?: number };
}

/** Generated codes that collide are redrawn; 62^6 codes make more than a few draws a bug. */
const MAX_CODE_ATTEMPTS = 20;
/** Above this many remembered guests, entries older than the interval are swept. */
const GUEST_SWEEP_SIZE = 10_000;

const IMPORT_ROW_NOT_OBJECT = 'Each row must be an object with title and targetUrl';

const fail = (error: ShortlinkFailure): { ok: false; error: ShortlinkFailure } => ({ ok: false, error });

export function createShortlinkService({
  shortlinks,
  clock,
  randomIndex = (max) => randomInt(max),
  self = { hosts: [] },
}: ShortlinkServiceDeps): ShortlinkService {
  const guests = createGuestLimiter(clock);

  /** 6 characters of A–Z a–z 0–9 from crypto (spec 001 §9), never a fixed route. */
  const drawCode = (): string => {
    for (;;) {
      let code = '';
      for (let i = 0; i < SHORT_CODE_LENGTH; i += 1)
        code += SHORT_CODE_ALPHABET[randomIndex(SHORT_CODE_ALPHABET.length)];
      if (isAllowedShortCode(code)) return code;
    }
  };

  /** Inserts with a generated code, drawing again on a collision. */
  const insertGenerated = async (link: Omit<NewShortlink, 'shortCode'>): Promise<Shortlink> => {
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
      const created = await shortlinks.insert({ ...link, shortCode: drawCode() });
      if (created) return created;
    }
    throw new Error(`No free short code after ${MAX_CODE_ATTEMPTS} attempts`);
  };

  const selfLink = (targetUrl: string, { ownHosts }: RequestOrigin): boolean => {
    try {
      return isOwnShortlinkUrl(new URL(targetUrl), [...ownHosts, ...self.hosts], self.port);
    } catch {
      return false; // the schema has parsed it already; an unparsable value cannot point here
    }
  };

  const newLink = (input: Omit<ShortlinkInput, 'shortCode'>): Omit<NewShortlink, 'shortCode'> => ({
    targetUrl: input.targetUrl,
    title: input.title,
    description: input.description,
    metaImage: input.metaImage,
    tags: input.tags,
    clickCount: 0,
    createdAt: clock().toISOString(),
  });

  return {
    listNewestFirst: () => shortlinks.listNewestFirst(),

    async createAsAdmin(input, origin) {
      if (selfLink(input.targetUrl, origin)) return fail({ code: 'SHORTLINK_SELF_LINK' });
      const link = newLink(input);
      if (input.shortCode === undefined) return ok(await insertGenerated(link));
      const created = await shortlinks.insert({ ...link, shortCode: input.shortCode });
      return created ? ok(created) : fail({ code: 'SHORT_CODE_TAKEN' });
    },

    async createAsGuest(input, origin) {
      if (selfLink(input.targetUrl, origin)) return fail({ code: 'SHORTLINK_SELF_LINK' });
      // The minute is taken before the insert, in one step with the check: two requests of one
      // client that arrive together cannot both pass. A failed insert gives the minute back.
      const waitMs = guests.reserve(origin.clientKey);
      if (waitMs > 0) return fail({ code: 'GUEST_RATE_LIMITED', retryAfterSeconds: Math.ceil(waitMs / 1000) });
      try {
        // A guest sets only title, target and image; the code is always generated.
        return ok(await insertGenerated(newLink({ ...input, description: '', tags: [] })));
      } catch (error) {
        guests.release(origin.clientKey);
        throw error;
      }
    },

    async update(id, input, origin) {
      if (selfLink(input.targetUrl, origin)) return fail({ code: 'SHORTLINK_SELF_LINK' });
      const updated = await shortlinks.update(id, input);
      return updated ? ok(updated) : fail({ code: 'SHORTLINK_NOT_FOUND' });
    },

    delete: async (id) => ((await shortlinks.delete(id)) ? ok(undefined) : fail({ code: 'SHORTLINK_NOT_FOUND' })),

    exportAll: async () =>
      // Oldest first, so an import recreates the links in their original order.
      (await shortlinks.listNewestFirst())
        .reverse()
        .map(({ shortCode, targetUrl, title, description, metaImage, tags, clickCount, createdAt }) => ({
          shortCode,
          targetUrl,
          title,
          description,
          metaImage,
          tags,
          clickCount,
          createdAt,
        })),

    async importAll(body, origin) {
      if (!Array.isArray(body)) return fail({ code: 'SHORTLINK_IMPORT_INVALID' });
      if (body.length > SHORTLINK_LIMITS.importRows) {
        return fail({
          code: 'VALIDATION',
          message: `At most ${SHORTLINK_LIMITS.importRows} shortlinks can be imported at once`,
        });
      }
      const now = clock().toISOString();
      const links: NewShortlink[] = [];
      const codes = new Set<string>();
      for (const [index, raw] of body.entries()) {
        const row = `Row ${index + 1}`;
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
          return fail({ code: 'VALIDATION', message: `${row}: ${IMPORT_ROW_NOT_OBJECT}` });
        }
        const parsed = ZShortlinkImportRow.safeParse(raw);
        if (!parsed.success) {
          return fail({ code: 'VALIDATION', message: `${row}: ${parsed.error.issues[0]?.message ?? 'Invalid row'}` });
        }
        const input = parsed.data;
        if (selfLink(input.targetUrl, origin)) {
          return fail({ code: 'SHORTLINK_SELF_LINK', message: `${row}: ${SHORTLINK_MESSAGES.selfLink}` });
        }
        const supplied = input.shortCode;
        if (supplied !== undefined && (codes.has(supplied) || (await shortlinks.codeExists(supplied)))) {
          return fail({ code: 'SHORT_CODE_TAKEN', message: `${row}: ${SHORTLINK_MESSAGES.shortCodeTaken}` });
        }
        let shortCode = supplied;
        while (shortCode === undefined || codes.has(shortCode) || (await shortlinks.codeExists(shortCode))) {
          shortCode = drawCode();
        }
        codes.add(shortCode);
        links.push({
          shortCode,
          targetUrl: input.targetUrl,
          title: input.title,
          description: input.description,
          metaImage: input.metaImage,
          tags: input.tags,
          clickCount: input.clickCount ?? 0,
          // Normalised to UTC 'Z' form: analytics compare these as text.
          createdAt: input.createdAt === undefined ? now : new Date(input.createdAt).toISOString(),
        });
      }
      const conflict = await shortlinks.insertAll(links);
      if (conflict) {
        return fail({
          code: 'SHORT_CODE_TAKEN',
          message: `Row ${conflict.takenAt + 1}: ${SHORTLINK_MESSAGES.shortCodeTaken}`,
        });
      }
      return ok({ imported: links.length });
    },

    findPublic: async (shortCode) => (isAllowedShortCode(shortCode) ? shortlinks.findPublic(shortCode) : null),

    async preview(shortCode) {
      const link = isAllowedShortCode(shortCode) ? await shortlinks.findPublic(shortCode) : null;
      if (!link) return null;
      return {
        title: link.title,
        description: link.description || `Short link to ${new URL(link.targetUrl).hostname}`,
        image: link.metaImage || undefined,
        url: link.targetUrl,
      };
    },
  };
}

/**
 * Remembers when each guest client last created a link. In memory, per
 * process, which holds for the single-process SQLite set-up; a restart only
 * forgets limits that expire within a minute anyway.
 */
function createGuestLimiter(clock: Clock) {
  const last = new Map<string, number>();
  return {
    /**
     * Takes the client's minute when it is free (answers 0), or answers the milliseconds until it
     * is. Check and record are one synchronous step, so concurrent requests cannot both pass.
     */
    reserve(key: string): number {
      const now = clock().getTime();
      const previous = last.get(key);
      if (previous !== undefined && previous + GUEST_CREATE_INTERVAL_MS > now) {
        return previous + GUEST_CREATE_INTERVAL_MS - now;
      }
      if (last.size >= GUEST_SWEEP_SIZE) {
        for (const [client, at] of last) if (at + GUEST_CREATE_INTERVAL_MS <= now) last.delete(client);
      }
      last.set(key, now);
      return 0;
    },
    /** Gives the minute back after a creation that failed. */
    release(key: string): void {
      last.delete(key);
    },
  };
}
