import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterEach } from 'vitest';
import type { Role } from '@toolvault/shared';
import type { Engine, Repositories } from '../src/db';
import { hashPassword } from '../src/services/password-hash';
import { engineApp, ENGINE_APP_NOW, type EngineApp } from './engine-app';
import { JWT_SECRET } from './helpers';

/** The password of every person personSession makes. */
export const PERSON_PASSWORD = 'a long test password';

// scrypt is deliberately slow: hashed once per test file, whatever the number of people.
let passwordHash: string | undefined;

let made = 0;

export interface PersonSession {
  userId: number;
  /** The person's Authorization header. */
  auth: { Authorization: string };
}

/**
 * A person of `role` (never the Owner: the migration made that one, person 1) signed in at `now`:
 * their row (login `<role>-<n>`, display name `<Role> <n>` unless given), an open session, and a
 * token for it signed as a login signs one, valid for an hour after `now`.
 */
export async function personSession(
  db: Repositories,
  role: Exclude<Role, 'owner'>,
  now: string | Date = ENGINE_APP_NOW,
  { login, displayName }: { login?: string; displayName?: string } = {},
): Promise<PersonSession> {
  made += 1;
  passwordHash ??= hashPassword(PERSON_PASSWORD);
  const at = new Date(now);
  const userId = await db.users.insert({
    login: login ?? `${role}-${made}`,
    displayName: displayName ?? `${role[0]!.toUpperCase()}${role.slice(1)} ${made}`,
    role,
    passwordHash,
    createdAt: at,
  });
  if (userId === undefined) throw new Error(`The login of the ${role} is taken`);
  const sessionId = randomUUID();
  await db.adminSessions.insert({
    id: sessionId,
    userId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + 3_600_000),
  });
  const token = jwt.sign({ iat: Math.floor(at.getTime() / 1000) }, JWT_SECRET, {
    algorithm: 'HS256',
    expiresIn: '1h',
    subject: 'admin',
    jwtid: sessionId,
  });
  return { userId, auth: { Authorization: `Bearer ${token}` } };
}

/**
 * For a `describe` of one engine: opens the whole app on a fresh database for a test (with the
 * Owner, person 1, signed in as `owner`) and closes it after that test.
 */
export function appPerTest(engine: Engine): () => Promise<EngineApp & { owner: PersonSession }> {
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
