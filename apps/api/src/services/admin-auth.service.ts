import { createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AdminLoginResponse } from '@toolvault/shared';
import type { AdminSessionsRepo } from '../db/admin-sessions.repo';
import type { SettingsRepo } from '../db/settings.repo';
import type { Clock } from '../lib/clock';
import { hashPassword, isPasswordHash, verifyPassword } from './password-hash';
import { fail, ok, type Result } from '../lib/result';

/**
 * One role (docs/decisions/0004-one-administrator.md), proven by a password, carried by a signed token that expires. Each login
 * is also a session row in the database, named by the token's `jti`: logout and a changed
 * password end sessions there, and every replica sees it.
 */
export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;
const TOKEN_SUBJECT = 'admin';
const TOKEN_ALGORITHM = 'HS256';

export interface AdminCredentials {
  /** scrypt hash of the admin password (from ADMIN_PASSWORD or the stored generated one). */
  passwordHash: string;
  jwtSecret: string;
}

export interface EnsureCredentialsOptions {
  settings: SettingsRepo;
  sessions: AdminSessionsRepo;
  adminPassword?: string;
  jwtSecret?: string;
  clock: Clock;
  /** Shows the generated password to the operator, once. */
  announce: (text: string) => void;
}

/**
 * Resolves the admin credentials at start. ADMIN_PASSWORD wins and is hashed
 * in memory; otherwise the stored hash is used, and on the very first start a
 * strong password is generated, only its hash stored, and the password shown
 * once. JWT_SECRET wins; otherwise a generated secret is kept in settings so
 * tokens survive a restart.
 */
export async function ensureAdminCredentials(options: EnsureCredentialsOptions): Promise<AdminCredentials> {
  const kept = await hashOfUnchangedPassword(options);
  // An unchanged ADMIN_PASSWORD keeps the hash its sessions were opened with: one scrypt per start
  // (to check it) instead of two (a new hash, then that check), and the open sessions stay.
  const passwordHash = kept ?? (await resolvePasswordHash(options));
  if (kept === undefined) await endSessionsOfAnotherPassword(options, passwordHash);
  return { passwordHash, jwtSecret: await resolveJwtSecret(options) };
}

/** The stored hash of the sessions' password when ADMIN_PASSWORD is set and is that same password. */
async function hashOfUnchangedPassword({
  settings,
  adminPassword,
}: EnsureCredentialsOptions): Promise<string | undefined> {
  if (adminPassword === undefined) return undefined;
  const opened = await settings.get('sessions_password_hash');
  if (opened === undefined || !isPasswordHash(opened)) return undefined;
  return (await verifyPassword(adminPassword, opened)) ? opened : undefined;
}

/**
 * A changed admin password ends every session. The settings keep a hash of the password the open
 * sessions were opened with; ADMIN_PASSWORD is hashed with a new salt at every start, so it is
 * compared by verifying it against that hash, and a stored password by the hash itself.
 */
async function endSessionsOfAnotherPassword(
  { settings, sessions, adminPassword, clock }: EnsureCredentialsOptions,
  passwordHash: string,
): Promise<void> {
  const opened = await settings.get('sessions_password_hash');
  const same =
    opened !== undefined &&
    (adminPassword === undefined
      ? opened === passwordHash
      : isPasswordHash(opened) && (await verifyPassword(adminPassword, opened)));
  if (same) return;
  await sessions.revokeAll();
  await settings.set('sessions_password_hash', passwordHash, clock());
}

const MALFORMED_HASH = 'The stored admin password hash is malformed; set ADMIN_PASSWORD or reset the settings row.';

async function resolvePasswordHash({
  settings,
  adminPassword,
  clock,
  announce,
}: EnsureCredentialsOptions): Promise<string> {
  if (adminPassword !== undefined) return hashPassword(adminPassword);
  const stored = await settings.get('admin_password_hash');
  if (stored !== undefined) {
    if (!isPasswordHash(stored)) throw new Error(MALFORMED_HASH);
    return stored;
  }
  // 18 random bytes = 144 bits, written as 24 base64url characters.
  const password = randomBytes(18).toString('base64url');
  // Replicas starting together on an empty database race here: the first insert wins, and only
  // the replica whose password was stored shows it; the others use the stored hash.
  const { value, created } = await settings.setIfAbsent('admin_password_hash', hashPassword(password), clock());
  if (created) announce(generatedPasswordBox(password));
  else if (!isPasswordHash(value)) throw new Error(MALFORMED_HASH);
  return value;
}

async function resolveJwtSecret({ settings, jwtSecret, clock }: EnsureCredentialsOptions): Promise<string> {
  if (jwtSecret !== undefined) return jwtSecret;
  const stored = await settings.get('jwt_secret');
  if (stored !== undefined) return stored;
  return (await settings.setIfAbsent('jwt_secret', randomBytes(32).toString('hex'), clock())).value;
}

export function generatedPasswordBox(password: string): string {
  const lines = [
    'Toolvault: no ADMIN_PASSWORD set, so one was generated.',
    'It is shown only this once; only its hash is stored.',
    '',
    `  Admin password: ${password}`,
    '',
    'Set ADMIN_PASSWORD to choose your own instead.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const border = '─'.repeat(width + 2);
  return [`┌${border}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${border}┘`].join('\n');
}

export interface AdminAuthService {
  /** A new session and its token, for the right password. */
  login(password: string): Promise<Result<AdminLoginResponse, 'INVALID_CREDENTIALS'>>;
  /**
   * The session id of a token that is HS256, signed with our secret for the admin subject, carries
   * an expiry that has not passed and a session id, and whose session is still open; else null.
   */
  verifyToken(token: string): Promise<string | null>;
  /** Ends the session (logout); its token is refused from now on, by every replica. */
  endSession(sessionId: string): Promise<void>;
}

export function createAdminAuthService({
  credentials,
  sessions,
  clock,
}: {
  credentials: AdminCredentials;
  sessions: AdminSessionsRepo;
  clock: Clock;
}): AdminAuthService {
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  // Made into a key once: given the secret as a string, jsonwebtoken first tries to read it as a
  // public key on every call and catches the failure, about 0.4 ms of the event loop per admin
  // request.
  const secretKey = createSecretKey(Buffer.from(credentials.jwtSecret, 'utf8'));
  const claims = (token: string): jwt.JwtPayload | null => {
    try {
      const payload = jwt.verify(token, secretKey, {
        algorithms: [TOKEN_ALGORITHM],
        subject: TOKEN_SUBJECT,
        clockTimestamp: nowSeconds(),
      });
      return typeof payload === 'object' ? payload : null;
    } catch {
      // jsonwebtoken throws for every kind of bad token; all of them mean "not admin".
      return null;
    }
  };
  return {
    async login(password) {
      if (!(await verifyPassword(password, credentials.passwordHash))) return fail('INVALID_CREDENTIALS');
      const now = clock();
      const id = randomBytes(16).toString('base64url');
      await sessions.deleteExpired(now);
      await sessions.insert({ id, createdAt: now, expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000) });
      const token = jwt.sign({ iat: nowSeconds() }, secretKey, {
        algorithm: TOKEN_ALGORITHM,
        expiresIn: TOKEN_LIFETIME_SECONDS,
        subject: TOKEN_SUBJECT,
        jwtid: id,
      });
      return ok({ token });
    },
    async verifyToken(token) {
      const payload = claims(token);
      // jsonwebtoken accepts a token without exp; such a token would never expire.
      if (!payload || typeof payload.exp !== 'number' || typeof payload.jti !== 'string') return null;
      return (await sessions.isActive(payload.jti, clock())) ? payload.jti : null;
    },
    async endSession(sessionId) {
      await sessions.revoke(sessionId);
    },
  };
}
