import { randomUUID } from 'node:crypto';
import type { Express } from 'express';
import jwt from 'jsonwebtoken';
import type { ApiKeyScope, Role } from '@toolvault/shared';
import { createApp, type AppDeps } from '../src/app';
import type { Engine, Repositories, Storage } from '../src/db';
import type { NewAuditEvent } from '../src/db/audit.repo';
import { silentLogger } from '../src/logger';
import { createApiKeysService } from '../src/services/api-keys.service';
import { hashPassword } from '../src/services/password-hash';
import { openTestStorage } from './engines';
import { ADMIN_PASSWORD, JWT_SECRET, NO_GEO, testConfig } from './helpers';

/** The Owner's password in these apps (ADMIN_PASSWORD of the other tests). */
export const OWNER_PASSWORD = ADMIN_PASSWORD;

// scrypt is slow on purpose: one hash per file.
let ownerHash: string | undefined;

export interface AuditTestApp {
  app: Express;
  db: Repositories;
  storage: Storage;
  /** Moves the app's clock. */
  setNow(iso: string): void;
  now(): Date;
  /** A new person of `role` and the Authorization header of a session of theirs. */
  person(role: Exclude<Role, 'owner'>, login?: string): Promise<{ id: number; auth: { Authorization: string } }>;
  /** The Authorization header of a new session of person `userId` (the Owner is 1). */
  sessionOf(userId: number): Promise<{ Authorization: string }>;
  /** A new API key of person `userId`, in full. */
  keyOf(userId: number, scopes: readonly ApiKeyScope[]): Promise<string>;
  close(): Promise<void>;
}

/**
 * The whole app on a fresh database of `engine`, its clock at `start`, the Owner's password set;
 * `extra` replaces what a test injects besides (a webhook's resolver).
 */
export async function auditTestApp(
  engine: Engine,
  start = '2025-03-15T12:00:00.000Z',
  extra: Partial<Pick<AppDeps, 'webhookResolve' | 'ownAddresses' | 'config'>> = {},
): Promise<AuditTestApp> {
  const { storage, db, close } = await openTestStorage(engine);
  let now = new Date(start);
  const clock = () => now;
  ownerHash ??= hashPassword(OWNER_PASSWORD);
  await db.users.update(1, { passwordHash: ownerHash }, now);
  const app = createApp({
    config: testConfig(),
    db,
    logger: silentLogger,
    credentials: { passwordHash: ownerHash, jwtSecret: JWT_SECRET },
    clock,
    geo: NO_GEO,
    ...extra,
  });
  const keys = createApiKeysService({ keys: db.apiKeys, clock });
  const sessionOf = async (userId: number) => {
    const id = randomUUID();
    await db.adminSessions.insert({
      id,
      userId,
      createdAt: new Date('2000-01-01T00:00:00Z'),
      expiresAt: new Date('2999-01-01T00:00:00Z'),
    });
    // Signed at the app's time and valid for years: a test may move the clock by days.
    const token = jwt.sign({ iat: Math.floor(now.getTime() / 1000) }, JWT_SECRET, {
      algorithm: 'HS256',
      expiresIn: '3650d',
      subject: 'admin',
      jwtid: id,
    });
    return { Authorization: `Bearer ${token}` };
  };
  let people = 0;
  return {
    app,
    db,
    storage,
    setNow: (iso) => {
      now = new Date(iso);
    },
    now: clock,
    sessionOf,
    async person(role, login = `${role}-${++people}`) {
      const id = await db.users.insert({ login, displayName: login, role, passwordHash: '', createdAt: now });
      if (id === undefined) throw new Error(`login ${login} is taken`);
      return { id, auth: await sessionOf(id) };
    },
    async keyOf(userId, scopes) {
      const created = await keys.create({ userId, name: 'script', scopes, rateLimit: 1000, expiresAt: null });
      return created.key;
    },
    close,
  };
}

/** An event as the log writes it, with defaults for what a test does not care about. */
export function auditEvent(event: Partial<Omit<NewAuditEvent, 'at'>> & { at: string }): NewAuditEvent {
  return {
    actorUserId: 1,
    actorKeyId: null,
    actorLabel: 'owner',
    action: 'link.created',
    targetType: 'link',
    targetId: '1',
    fields: [],
    ip: '192.0.2.1',
    ...event,
    at: new Date(event.at),
  };
}
