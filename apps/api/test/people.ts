import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Role } from '@toolvault/shared';
import type { Repositories } from '../src/db';
import { hashPassword } from '../src/services/password-hash';
import { JWT_SECRET } from './helpers';

/** The password of every person personSession makes, so a test can also sign them in. */
export const PERSON_PASSWORD = 'a person’s own long password';

export interface PersonSession {
  userId: number;
  /** What they sign in with (with PERSON_PASSWORD; the Owner's password is the app's own). */
  login: string;
  auth: { Authorization: string };
}

/**
 * An open session of person `userId` at `now` and the header that carries it, signed as a login
 * signs its token (12 hours; the app under test must use the same JWT_SECRET and a clock near `now`).
 */
export async function sessionOf(db: Repositories, userId: number, now: Date | string = new Date()): Promise<string> {
  const at = new Date(now);
  const id = randomBytes(12).toString('base64url');
  await db.adminSessions.insert({
    id,
    userId,
    createdAt: at,
    expiresAt: new Date(at.getTime() + 12 * 3600_000),
  });
  const token = jwt.sign({ iat: Math.floor(at.getTime() / 1000) }, JWT_SECRET, {
    algorithm: 'HS256',
    expiresIn: '12h',
    subject: 'admin',
    jwtid: id,
  });
  return `Bearer ${token}`;
}

let passwordHash: string | undefined;

/**
 * A person of `role` with an open session (`role: 'owner'` is the Owner, who exists already). Their
 * login is the role and a counter, their password PERSON_PASSWORD.
 */
export async function personSession(
  db: Repositories,
  role: Role,
  now: Date | string = new Date(),
): Promise<PersonSession> {
  const { id: userId, login } = role === 'owner' ? await db.users.owner() : await insertPerson(db, role, new Date(now));
  return { userId, login, auth: { Authorization: await sessionOf(db, userId, now) } };
}

let made = 0;
async function insertPerson(
  db: Repositories,
  role: Exclude<Role, 'owner'>,
  now: Date,
): Promise<{ id: number; login: string }> {
  // scrypt is slow on purpose: one hash serves every person of the test file.
  passwordHash ??= hashPassword(PERSON_PASSWORD);
  const login = `${role}-${++made}`;
  const id = await db.users.insert({ login, displayName: `${role} ${made}`, role, passwordHash, createdAt: now });
  if (id === undefined) throw new Error(`The login ${login} is taken`);
  return { id, login };
}
