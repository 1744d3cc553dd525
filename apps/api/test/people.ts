import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Role } from '@toolvault/shared';
import type { Repositories } from '../src/db';
import { hashPassword } from '../src/services/password-hash';
import { JWT_SECRET } from './helpers';

/** The password of every person personSession makes. */
export const PERSON_PASSWORD = 'a person password of some length';

// scrypt is slow on purpose: one hash serves every person of the run.
let personHash: string | undefined;

export interface PersonSession {
  userId: number;
  login: string;
  auth: { Authorization: string };
}

/**
 * A new person of `role` (the Owner when `role` is 'owner': person 1, made by the migration) with
 * an open session, and the header that sends its token, signed as the server signs them, valid
 * for an hour from `now` (the test's clock).
 */
export async function personSession(
  db: Repositories,
  role: Role,
  now: Date | string = new Date(),
): Promise<PersonSession> {
  const at = new Date(now);
  let userId: number;
  let login: string;
  if (role === 'owner') {
    const owner = await db.users.owner();
    ({ id: userId, login } = owner);
  } else {
    login = `${role}-${randomUUID().slice(0, 8)}`;
    personHash ??= hashPassword(PERSON_PASSWORD);
    const id = await db.users.insert({
      login,
      displayName: `The ${role}`,
      role,
      passwordHash: personHash,
      createdAt: at,
    });
    if (id === undefined) throw new Error(`Login ${login} is taken`);
    userId = id;
  }
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
  return { userId, login, auth: { Authorization: `Bearer ${token}` } };
}
