import type { Express } from 'express';
import { API_KEY_SCOPES } from '@toolvault/shared';
import { createApp } from '../src/app';
import type { Repositories } from '../src/db';
import { silentLogger } from '../src/logger';
import { createApiKeysService } from '../src/services/api-keys.service';
import { JWT_SECRET, NO_GEO, testConfig } from './helpers';

export const TEAM_NOW = '2025-05-01T09:00:00.000Z';
export const PUBLIC_URL = 'https://tools.example.org';

/** A clock the test moves: `clock.set('…')` and the app sees the new time at once. */
export function movableClock(start: string = TEAM_NOW) {
  let now = new Date(start);
  const clock = () => new Date(now);
  return Object.assign(clock, {
    set: (at: string | Date) => void (now = new Date(at)),
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
  });
}

/** The app on `db` with the test secret (tokens of personSession are its own) and PUBLIC_URL set. */
export function teamApp(db: Repositories, clock: () => Date): Express {
  return createApp({
    config: testConfig({ publicUrl: PUBLIC_URL }),
    db,
    logger: silentLogger,
    credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
    clock,
    geo: NO_GEO,
  });
}

/** An API key of the person with every scope: a key never manages the team, whatever its scopes. */
export async function keyOf(db: Repositories, userId: number): Promise<{ Authorization: string }> {
  const keys = createApiKeysService({ keys: db.apiKeys, clock: () => new Date(TEAM_NOW) });
  const { key } = await keys.create({
    userId,
    name: 'script',
    scopes: API_KEY_SCOPES,
    rateLimit: 1000,
    expiresAt: null,
  });
  return { Authorization: `Bearer ${key}` };
}
