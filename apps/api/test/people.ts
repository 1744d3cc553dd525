/**
 * People of the team in tests: a person of any role with an open session and its Authorization
 * header, made straight in the database (no invitation, no login), on any engine.
 *
 *   const ada = await personSession(db, 'author');
 *   await request(app).get('/api/account').set(ada.auth);
 *
 * The token is signed with the test secret (helpers.ts JWT_SECRET), as the app under test expects.
 */
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { ApiKeyScope, Role } from '@toolvault/shared';
import type { Repositories } from '../src/db';
import { createApiKeysService } from '../src/services/api-keys.service';
import { hashPassword } from '../src/services/password-hash';
import { afterEach } from 'vitest';
import type { Engine } from '../src/db';
import { engineApp, type EngineApp } from './engine-app';
import { JWT_SECRET } from './helpers';

/** Every person personSession makes signs in with this, unless the test gives its own. */
export const PERSON_PASSWORD = 'a person’s own password';

export interface PersonSessionOptions {
  /** Defaults to `<role>-<random>`; compared lower-case, as the app does. */
  login?: string;
  displayName?: string;
  /**
   * Hashed with scrypt (slow on purpose): the default one is hashed once per test file. For the
   * Owner, given only: it replaces the Owner's password; absent, the Owner's stays as the app set it.
   */
  password?: string;
  /** When the token is issued: the app's clock, when the test fixes one (default: now). */
  now?: Date | string;
  userAgent?: string;
  ip?: string;
}

export interface PersonSession {
  userId: number;
  login: string;
  /** What the person signs in with; null for an Owner whose password the test did not set. */
  password: string | null;
  /** The session's id (the token's `jti`). */
  sessionId: string;
  token: string;
  /** `{ Authorization: 'Bearer <token>' }`, for supertest's `.set(...)`. */
  auth: { Authorization: string };
}

let defaultHash: string | undefined;
const hashOf = (password: string | undefined): string =>
  password === undefined ? (defaultHash ??= hashPassword(PERSON_PASSWORD)) : hashPassword(password);

/** The person of `role`: the Owner (person 1, made by the migration), or someone new. */
async function personOf(
  db: Repositories,
  role: Role,
  options: PersonSessionOptions,
  now: Date,
): Promise<Pick<PersonSession, 'userId' | 'login' | 'password'>> {
  if (role === 'owner') {
    const owner = await db.users.owner();
    if (options.password !== undefined)
      await db.users.update(owner.id, { passwordHash: hashOf(options.password) }, now);
    return { userId: owner.id, login: owner.login, password: options.password ?? null };
  }
  const login = (options.login ?? `${role}-${randomBytes(4).toString('hex')}`).toLowerCase();
  const userId = await db.users.insert({
    login,
    displayName: options.displayName ?? login,
    role,
    passwordHash: hashOf(options.password),
    createdAt: now,
  });
  if (userId === undefined) throw new Error(`The login ${login} is taken`);
  return { userId, login, password: options.password ?? PERSON_PASSWORD };
}

/**
 * A person of `role` with an open session (12 hours from `now`). For `owner` no one is added: a new
 * session of the Owner is opened.
 */
export async function personSession(
  db: Repositories,
  role: Role,
  options: PersonSessionOptions = {},
): Promise<PersonSession> {
  const now = new Date(options.now ?? Date.now());
  const person = await personOf(db, role, options, now);
  return { ...person, ...(await openSession(db, person.userId, { ...options, now })) };
}

/** Another open session of person `userId` (12 hours from `now`), signed as a login signs it. */
export async function openSession(
  db: Repositories,
  userId: number,
  { now: at, userAgent, ip }: Pick<PersonSessionOptions, 'now' | 'userAgent' | 'ip'> = {},
): Promise<Pick<PersonSession, 'sessionId' | 'token' | 'auth'>> {
  const now = new Date(at ?? Date.now());
  const sessionId = randomBytes(16).toString('base64url');
  await db.adminSessions.insert({
    id: sessionId,
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 12 * 60 * 60 * 1000),
    ...(userAgent !== undefined && { userAgent }),
    ...(ip !== undefined && { ip }),
  });
  const token = jwt.sign({ iat: Math.floor(now.getTime() / 1000) }, JWT_SECRET, {
    algorithm: 'HS256',
    expiresIn: '12h',
    subject: 'admin',
    jwtid: sessionId,
  });
  return { sessionId, token, auth: { Authorization: `Bearer ${token}` } };
}

export interface PersonKeyOptions {
  rateLimit?: number;
  expiresAt?: Date | null;
  /** When the key is made (its createdAt). */
  now?: Date | string;
  name?: string;
}

/**
 * An API key of person `userId` with `scopes`, made as POST /api/account/keys makes it (but
 * without its checks: a test may give a key more than the role holds, to see the server refuse it).
 */
export async function personKey(
  db: Repositories,
  userId: number,
  scopes: readonly ApiKeyScope[],
  { rateLimit = 60, expiresAt = null, now = new Date(), name = 'test key' }: PersonKeyOptions = {},
): Promise<{ id: number; key: string; auth: { Authorization: string } }> {
  const keys = createApiKeysService({ keys: db.apiKeys, clock: () => new Date(now) });
  const { key, listing } = await keys.create({ userId, name, scopes, rateLimit, expiresAt });
  return { id: listing.id, key, auth: { Authorization: `Bearer ${key}` } };
}

/** What a test acting as someone needs: who, and the header that proves it. */
export type SignedIn = Pick<PersonSession, 'userId' | 'auth'>;

/**
 * For a `describe` of one engine: opens the whole app on a fresh database for a test (with the
 * Owner, person 1, signed in as `owner`) and closes it after that test.
 */
export function appPerTest(
  engine: Engine,
): () => Promise<EngineApp & { owner: Pick<PersonSession, 'userId' | 'auth'> }> {
  let opened: EngineApp | undefined;
  afterEach(async () => {
    await opened?.close();
    opened = undefined;
  });
  return async () => {
    opened = await engineApp(engine);
    return { ...opened, owner: { userId: 1, auth: opened.auth } };
  };
}
