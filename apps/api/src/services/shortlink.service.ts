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
  listNewestFirst(): Shortlink[];
  createAsAdmin(input: ShortlinkInput, origin: RequestOrigin): ShortlinkResult<Shortlink>;
  /** One creation per GUEST_CREATE_INTERVAL_MS per client key, checked and recorded in one synchronous step. */
  createAsGuest(input: GuestShortlinkInput, origin: RequestOrigin & { clientKey: string }): ShortlinkResult<Shortlink>;
  update(id: number, input: ShortlinkUpdate, origin: RequestOrigin): ShortlinkResult<Shortlink>;
  delete(id: number): ShortlinkResult<void>;
  exportAll(): ShortlinkExportRow[];
  /** Validates every row, then inserts all of them in one transaction or none. */
  importAll(body: unknown, origin: RequestOrigin): ShortlinkResult<ImportShortlinksResponse>;
  /** The public view of a code; never counts a click. */
  findPublic(shortCode: string): PublicShortlink | null;
  /** The crawler preview of `/{shortCode}` (DECISIONS P3); og:url is the canonical target. */
  preview(shortCode: string): PageMeta | null;
}

export interface ShortlinkServiceDeps {
  shortlinks: ShortlinksRepo;
  clock: Clock;
  /** A uniform integer in [0, max); crypto.randomInt unless a test fixes it. */
  randomIndex?: (max: number) => number;
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
  const insertGenerated = (link: Omit<NewShortlink, 'shortCode'>): Shortlink => {
    for (let attempt = 0; attempt < MAX_CODE_ATTEMPTS; attempt += 1) {
      const created = shortlinks.insert({ ...link, shortCode: drawCode() });
      if (created) return created;
    }
    throw new Error(`No free short code after ${MAX_CODE_ATTEMPTS} attempts`);
  };

  const selfLink = (targetUrl: string, { ownHosts }: RequestOrigin): boolean => {
    try {
      return isOwnShortlinkUrl(new URL(targetUrl), ownHosts);
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

    createAsAdmin(input, origin) {
      if (selfLink(input.targetUrl, origin)) return fail({ code: 'SHORTLINK_SELF_LINK' });
      const link = newLink(input);
      if (input.shortCode === undefined) return ok(insertGenerated(link));
      const created = shortlinks.insert({ ...link, shortCode: input.shortCode });
      return created ? ok(created) : fail({ code: 'SHORT_CODE_TAKEN' });
    },

    createAsGuest(input, origin) {
      if (selfLink(input.targetUrl, origin)) return fail({ code: 'SHORTLINK_SELF_LINK' });
      // Check, insert and record without an await in between: two requests of one client
      // cannot both pass the check (better-sqlite3 is synchronous).
      const waitMs = guests.waitMs(origin.clientKey);
      if (waitMs > 0) return fail({ code: 'GUEST_RATE_LIMITED', retryAfterSeconds: Math.ceil(waitMs / 1000) });
      // A guest sets only title, target and image (spec 001 §6); the code is always generated.
      const created = insertGenerated(newLink({ ...input, description: '', tags: [] }));
      guests.record(origin.clientKey);
      return ok(created);
    },

    update(id, input, origin) {
      if (selfLink(input.targetUrl, origin)) return fail({ code: 'SHORTLINK_SELF_LINK' });
      const updated = shortlinks.update(id, input);
      return updated ? ok(updated) : fail({ code: 'SHORTLINK_NOT_FOUND' });
    },

    delete: (id) => (shortlinks.delete(id) ? ok(undefined) : fail({ code: 'SHORTLINK_NOT_FOUND' })),

    exportAll: () =>
      // Oldest first, so an import recreates the links in their original order.
      shortlinks
        .listNewestFirst()
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

    importAll(body, origin) {
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
        if (supplied !== undefined && (codes.has(supplied) || shortlinks.codeExists(supplied))) {
          return fail({ code: 'SHORT_CODE_TAKEN', message: `${row}: ${SHORTLINK_MESSAGES.shortCodeTaken}` });
        }
        let shortCode = supplied;
        while (shortCode === undefined || codes.has(shortCode) || shortlinks.codeExists(shortCode)) {
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
      const conflict = shortlinks.insertAll(links);
      if (conflict) {
        return fail({
          code: 'SHORT_CODE_TAKEN',
          message: `Row ${conflict.takenAt + 1}: ${SHORTLINK_MESSAGES.shortCodeTaken}`,
        });
      }
      return ok({ imported: links.length });
    },

    findPublic: (shortCode) => (isAllowedShortCode(shortCode) ? shortlinks.findPublic(shortCode) : null),

    preview(shortCode) {
      const link = isAllowedShortCode(shortCode) ? shortlinks.findPublic(shortCode) : null;
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
 * process: the product is one process (DECISIONS P3), and a restart only
 * forgets limits that expire within a minute anyway.
 */
function createGuestLimiter(clock: Clock) {
  const last = new Map<string, number>();
  return {
    /** Milliseconds until `key` may create again; 0 when it may now. */
    waitMs(key: string): number {
      const previous = last.get(key);
      if (previous === undefined) return 0;
      return Math.max(0, previous + GUEST_CREATE_INTERVAL_MS - clock().getTime());
    },
    record(key: string): void {
      const now = clock().getTime();
      if (last.size >= GUEST_SWEEP_SIZE) {
        for (const [client, at] of last) if (at + GUEST_CREATE_INTERVAL_MS <= now) last.delete(client);
      }
      last.set(key, now);
    },
  };
}
