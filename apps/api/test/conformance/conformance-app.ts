import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Store } from 'express-rate-limit';
import jwt from 'jsonwebtoken';
import { SHORTLINK_SORTS } from '@toolvault/shared';
import { auditInstant } from '@toolvault/shared/schemas';
import { createApp } from '../../src/app';
import type { CounterStore } from '../../src/counters/counter-store';
import type { Engine } from '../../src/db';
import type { Logger } from '../../src/logger';
import { hashPassword } from '../../src/services/password-hash';
import { openTestStorage, type TestStorage } from '../engines';
import { ADMIN_PASSWORD, JWT_SECRET, testConfig } from '../helpers';
import type { Hints, HttpRequest, RequestParts } from './request-generator';
import type { HttpAnswer } from './response-validator';

/**
 * The real app on one engine, listening on a loopback port, with a few rows of every kind so that
 * generated requests can name something that exists; and the values that name those rows, read
 * back through the API before each request, so a delete or a changed slug is seen at once.
 */

/**
 * Counts nothing: the suite sends hundreds of requests a minute from one address, and a 429 after
 * the fifth would hide every answer behind it. The limits have tests of their own (rate-limit.test.ts).
 */
const unlimitedCounters: CounterStore = {
  kind: 'memory',
  rateLimitStore: (): Store => ({
    localKeys: true,
    increment: async () => ({ totalHits: 0, resetTime: undefined }),
    decrement: async () => undefined,
    resetKey: async () => undefined,
  }),
  reserve: async () => 0,
  release: async () => undefined,
  ping: async () => undefined,
  close: async () => undefined,
};

/** What names a row, by operation and parameter (`path:id`, `query:cursor`, `body:category_id`). */
interface Pools {
  categoryIds: number[];
  categorySlugs: string[];
  postIds: number[];
  postSlugs: string[];
  shortlinkIds: number[];
  shortCodes: string[];
  tags: string[];
  contactCursors: string[];
  /** The second page's cursor of each sort of the shortlink list. */
  shortlinkCursors: Record<string, string>;
  apiKeyIds: number[];
  sessionIds: string[];
  auditCursors: string[];
  personIds: number[];
  invitationIds: number[];
  /** Tokens of invitations still pending (the links' secrets, known from their creation's answers). */
  invitationTokens: string[];
}

/**
 * Which parameters name rows, per operation. Ids are drawn from the rows that exist as well as
 * from the schema, so both the 2xx and the 404 answers are checked. A parameter missing here is
 * only drawn from its schema.
 */
const HINTS: Record<string, Record<string, (pools: Pools) => readonly unknown[]>> = {
  adminLogin: { 'body:password': () => [ADMIN_PASSWORD] },
  contactList: { 'query:cursor': (pools) => pools.contactCursors },
  auditList: { 'query:cursor': (pools) => pools.auditCursors },
  ipLookup: { 'path:ip': () => ['8.8.8.8', '2001:4860:4860::8888', '127.0.0.1', '192.168.1.1'] },
  shortlinkList: {
    'query:cursor': (pools) => Object.values(pools.shortlinkCursors),
    'query:tag': (pools) => pools.tags,
  },
  shortlinkLinkAnalytics: { 'path:id': (pools) => pools.shortlinkIds },
  shortlinkUpdate: { 'path:id': (pools) => pools.shortlinkIds },
  shortlinkQr: { 'path:id': (pools) => pools.shortlinkIds },
  shortlinkDelete: { 'path:id': (pools) => pools.shortlinkIds },
  shortlinkPublic: { 'path:shortCode': (pools) => pools.shortCodes },
  shortlinkClick: { 'path:shortCode': (pools) => pools.shortCodes },
  blogList: { 'query:category': (pools) => pools.categorySlugs },
  blogRead: { 'path:slug': (pools) => pools.postSlugs },
  blogCreate: { 'body:category_id': (pools) => pools.categoryIds },
  blogUpdate: { 'path:id': (pools) => pools.postIds, 'body:category_id': (pools) => pools.categoryIds },
  blogDelete: { 'path:id': (pools) => pools.postIds },
  categoryUpdate: { 'path:id': (pools) => pools.categoryIds },
  categoryDelete: { 'path:id': (pools) => pools.categoryIds },
  sitemapPosts: { 'path:part': () => ['1'] },
  accountKeyRevoke: { 'path:id': (pools) => pools.apiKeyIds },
  accountSessionEnd: { 'path:id': (pools) => pools.sessionIds },
  teamUpdatePerson: { 'path:id': (pools) => pools.personIds },
  invitationRevoke: { 'path:id': (pools) => pools.invitationIds },
  invitationRead: { 'path:token': (pools) => pools.invitationTokens },
  invitationAccept: { 'path:token': (pools) => pools.invitationTokens },
};

/** The shortlink list's cursor names its sort: one of another sort is refused, rightly. */
const alignCursor =
  (cursors: Record<string, string>) =>
  (parts: RequestParts): RequestParts => {
    if (parts.query.cursor === undefined) return parts;
    const query = { ...parts.query };
    const cursor = cursors[query.sort ?? 'newest'];
    if (cursor) query.cursor = cursor;
    else delete query.cursor;
    return { ...parts, query };
  };

/** The audit log's window must not end before it starts: drawn the wrong way round, it is turned. */
const fromBeforeTo = (parts: RequestParts): RequestParts => {
  const { from, to } = parts.query;
  if (from === undefined || to === undefined) return parts;
  const start = auditInstant(from);
  const end = auditInstant(to, { endOfDay: true });
  return start !== null && end !== null && start > end
    ? { ...parts, query: { ...parts.query, from: to, to: from } }
    : parts;
};

/** How each operation's drawn values are made to agree, where they must. */
const ALIGN: Record<string, (pools: Pools) => (parts: RequestParts) => RequestParts> = {
  shortlinkList: (pools) => alignCursor(pools.shortlinkCursors),
  auditList: () => fromBeforeTo,
  auditExport: () => fromBeforeTo,
};

/** Cursors are opaque: a string the server did not hand out is not one, whatever its characters. */
const OPAQUE = new Set(['query:cursor']);

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** Fewer rows than this of a kind, and the kind is topped up before the next request. */
const MIN_ROWS = 3;

/** Rows the fixtures make; `n` keeps slugs and codes apart. */
const category = (n: number) => ({ name: `Seed ${n}`, slug: `seed-category-${n}` });
const post = (n: number) => ({
  title: `Seed post ${n}`,
  slug: `seed-post-${n}`,
  content: `<p>Seed post ${n}</p>`,
  published: n % 2 === 0,
  tags: ['seed'],
});
const linkChanges = (n: number) => ({
  title: `Seed link ${n}`,
  targetUrl: `https://example.com/seed/${n}`,
  tags: ['seed', `tag${n % 2}`],
});
const link = (n: number) => ({ ...linkChanges(n), shortCode: `seed${n}` });
const message = (n: number) => ({
  name: `Visitor ${n}`,
  email: `visitor${n}@example.com`,
  subject: 'Hello',
  message: `Message ${n}`,
});

/**
 * A request each of these operations accepts, made afresh each time (new slugs and codes). The
 * invalid requests are derived from an accepted one, so that the one thing broken is the only
 * thing to refuse; a request drawn from a document looser than the server may be refused for
 * something else, and then a break could go through unseen.
 */
const EXAMPLES: Record<string, (pools: Pools, n: number) => Partial<RequestParts>> = {
  contactSubmit: (_pools, n) => ({ body: message(n), admin: false }),
  contactList: () => ({}),
  ipLookup: () => ({ params: { ip: '8.8.8.8' }, admin: false }),
  shortlinkList: () => ({}),
  shortlinkCreate: (_pools, n) => ({ body: link(n) }),
  shortlinkImport: (_pools, n) => ({ body: [link(n)] }),
  shortlinkImportDryRun: (_pools, n) => ({ body: [link(n)] }),
  shortlinkUpdate: (pools, n) => ({ params: { id: String(pools.shortlinkIds[0]) }, body: linkChanges(n) }),
  shortlinkQr: (pools) => ({ params: { id: String(pools.shortlinkIds[0]) } }),
  blogList: () => ({}),
  blogCreate: (_pools, n) => ({ body: post(n) }),
  blogUpdate: (pools, n) => ({ params: { id: String(pools.postIds[0]) }, body: post(n) }),
  categoryCreate: (_pools, n) => ({ body: category(n) }),
  categoryUpdate: (pools, n) => ({ params: { id: String(pools.categoryIds[0]) }, body: category(n) }),
  accountUpdate: (_pools, n) => ({ body: { displayName: `Seed person ${n}` } }),
  accountKeyCreate: (_pools, n) => ({ body: { name: `Seed key ${n}`, scopes: ['links:read'] } }),
};

export interface ConformanceApp {
  send(request: HttpRequest): Promise<HttpAnswer>;
  /** Reads the rows back (topping them up after deletes) and answers the hints for `operationId`. */
  hints(operationId: string): Promise<Hints>;
  /** A request the operation accepts, where EXAMPLES has one. */
  example(operationId: string): Promise<RequestParts | undefined>;
  /** The last error the app logged (the cause of a 500), cleared by reading it. */
  takeLoggedError(): string | undefined;
  close(): Promise<void>;
}

export async function startConformanceApp(engine: Engine): Promise<ConformanceApp> {
  const storage: TestStorage = await openTestStorage(engine);
  let loggedError: string | undefined;
  const note = (message: string, error?: unknown) => {
    loggedError = `${message}${error ? `: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}` : ''}`;
  };
  const logger: Logger = { debug() {}, info() {}, notice() {}, warn: note, error: note };
  const app = createApp({
    config: testConfig(),
    db: storage.db,
    logger,
    credentials: { passwordHash: hashPassword(ADMIN_PASSWORD), jwtSecret: JWT_SECRET },
    counters: unlimitedCounters,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A session of its own for every admin request: logging out ends only that request's session.
  const adminToken = async () => {
    const id = randomUUID();
    await storage.db.adminSessions.insert({
      id,
      userId: 1,
      createdAt: new Date('2000-01-01T00:00:00Z'),
      expiresAt: new Date('2999-01-01T00:00:00Z'),
    });
    return jwt.sign({}, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1h', subject: 'admin', jwtid: id });
  };

  let pools: Pools | undefined;
  const send = async (request: HttpRequest): Promise<HttpAnswer> => {
    // As a person's browser: a crawler's visit counts no click, and the click is what to exercise.
    const headers: Record<string, string> = { 'user-agent': BROWSER, ...request.headers };
    if (request.admin) headers.authorization = `Bearer ${await adminToken()}`;
    const response = await fetch(`${origin}${request.url}`, {
      method: request.method,
      headers,
      body: request.body,
      redirect: 'manual',
    });
    // A change that went through may have removed or renamed a row the pools name.
    if (request.method !== 'GET' && response.status < 300) pools = undefined;
    return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
  };

  /** An admin JSON call the fixtures rely on: anything but the expected status is a broken fixture. */
  const call = async (method: string, url: string, expected: number, body?: unknown): Promise<unknown> => {
    const answer = await send({
      method,
      url,
      admin: true,
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = answer.body.toString('utf8');
    if (answer.status !== expected) throw new Error(`Fixture ${method} ${url} answered ${answer.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  let made = 0;
  /** Every invitation token made; those no longer pending are dropped as the pools are read. */
  let tokens: string[] = [];
  const topUp = async (current: Pools) => {
    for (let i = current.invitationTokens.length; i < MIN_ROWS; i++) {
      const created = (await call('POST', '/api/team/invitations', 201, {
        role: 'viewer',
        label: `Seed ${++made}`,
      })) as {
        url: string;
      };
      tokens.push(created.url.slice(created.url.lastIndexOf('/') + 1));
    }
    for (let i = current.categoryIds.length; i < MIN_ROWS; i++)
      await call('POST', '/api/categories', 201, category(++made));
    for (let i = current.postIds.length; i < MIN_ROWS; i++) await call('POST', '/api/blog', 201, post(++made));
    for (let i = current.shortlinkIds.length; i < MIN_ROWS; i++) {
      const body = link(++made);
      await call('POST', '/api/shortlinks', 201, body);
      // One click, so the analytics and the click export have a row.
      await send({ method: 'GET', url: `/${body.shortCode}`, admin: false, headers: { accept: 'application/json' } });
    }
  };

  const cursorOf = async (url: string) => ((await call('GET', url, 200)) as { nextCursor: string | null }).nextCursor;

  const readPools = async (): Promise<Pools> => {
    const people = (await call('GET', '/api/team', 200)) as { people: { id: number }[] };
    const invitations = (await call('GET', '/api/team/invitations', 200)) as { invitations: { id: number }[] };
    const pending = await Promise.all(
      tokens.map(
        async (token) =>
          (await send({ method: 'GET', url: `/api/invitations/${token}`, admin: false, headers: {} })).status === 200,
      ),
    );
    tokens = tokens.filter((_token, i) => pending[i]);
    const categories = (await call('GET', '/api/categories', 200)) as { id: number; slug: string }[];
    const posts = (await call('GET', '/api/blog?limit=50', 200)) as { items: { id: number; slug: string }[] };
    const links = (await call('GET', '/api/shortlinks?limit=100', 200)) as {
      items: { id: number; shortCode: string; tags: string[] }[];
    };
    const keys = (await call('GET', '/api/account/keys', 200)) as { keys: { id: number }[] };
    const sessions = (await call('GET', '/api/account/sessions', 200)) as { sessions: { id: string }[] };
    return {
      categoryIds: categories.map((category) => category.id),
      categorySlugs: categories.map((category) => category.slug),
      postIds: posts.items.map((post) => post.id),
      postSlugs: posts.items.map((post) => post.slug),
      shortlinkIds: links.items.map((link) => link.id),
      shortCodes: links.items.map((link) => link.shortCode),
      tags: [...new Set(links.items.flatMap((link) => link.tags))],
      apiKeyIds: keys.keys.map((key) => key.id),
      // A few: every admin request of the suite opens a session of its own.
      sessionIds: sessions.sessions.slice(0, 5).map((session) => session.id),
      personIds: people.people.map((person) => person.id),
      invitationIds: invitations.invitations.map((invitation) => invitation.id),
      invitationTokens: [...tokens],
      contactCursors: [await cursorOf('/api/contact?limit=1')].filter((cursor) => cursor !== null),
      auditCursors: [await cursorOf('/api/audit?limit=1')].filter((cursor) => cursor !== null),
      shortlinkCursors: Object.fromEntries(
        (
          await Promise.all(
            SHORTLINK_SORTS.map(async (sort) => [sort, await cursorOf(`/api/shortlinks?limit=1&sort=${sort}`)]),
          )
        ).filter(([, cursor]) => cursor !== null),
      ),
    };
  };

  /** The rows as they are now, with every kind topped up to MIN_ROWS. */
  const currentPools = async (): Promise<Pools> => {
    pools ??= await readPools();
    if (
      [pools.categoryIds, pools.postIds, pools.shortlinkIds, pools.invitationTokens].some(
        (ids) => ids.length < MIN_ROWS,
      )
    ) {
      await topUp(pools);
      pools = await readPools();
    }
    return pools;
  };

  for (let i = 0; i < MIN_ROWS; i++) await call('POST', '/api/contact', 201, message(i));
  await currentPools();

  return {
    send,
    async hints(operationId) {
      const wanted = Object.entries(HINTS[operationId] ?? {});
      const align = ALIGN[operationId];
      if (wanted.length === 0 && !align) return { values: {} };
      const current = await currentPools();
      return {
        values: Object.fromEntries(wanted.map(([key, values]) => [key, values(current)])),
        only: OPAQUE,
        align: align?.(current),
      };
    },
    async example(operationId) {
      const make = EXAMPLES[operationId];
      return make && { params: {}, query: {}, admin: true, ...make(await currentPools(), ++made) };
    },
    takeLoggedError() {
      const error = loggedError;
      loggedError = undefined;
      return error;
    },
    async close() {
      const closed = new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
      // fetch keeps its connections open for the next request; close would wait for them.
      server.closeAllConnections();
      await closed;
      await storage.close();
    },
  };
}
