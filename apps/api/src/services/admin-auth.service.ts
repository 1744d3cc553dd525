import { createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AdminLoginResponse, Role } from '@toolvault/shared';
import type { AdminSessionsRepo } from '../db/admin-sessions.repo';
import type { SettingsRepo } from '../db/settings.repo';
import type { UsersRepo } from '../db/users.repo';
import type { Clock } from '../lib/clock';
import { hashPassword, isPasswordHash, verifyPassword } from './password-hash';
import { fail, ok, type Result } from '../lib/result';

/**
 * People sign in with their login and password (docs/decisions/0015-team-accounts.md); the answer
 * is a signed token that expires. Each login is also a session row in the database, named by the
 * token's `jti`: logout, a changed password and disabling a person end sessions there, and every
 * replica sees it at the next request.
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
  users: UsersRepo;
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
  await setOwnerPassword(options, passwordHash);
  return { passwordHash, jwtSecret: await resolveJwtSecret(options) };
}

/**
 * The Owner signs in with the resolved password: ADMIN_PASSWORD when set (so a locked-out Owner can
 * always recover), else the stored one. Without ADMIN_PASSWORD the Owner's own row is the truth once
 * written, so a password the Owner changed in the Account page survives a restart.
 */
async function setOwnerPassword({ users, clock }: EnsureCredentialsOptions, passwordHash: string): Promise<void> {
  const owner = await users.owner();
  if (owner.passwordHash !== passwordHash) await users.update(owner.id, { passwordHash }, clock());
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
 * A changed ADMIN_PASSWORD ends the Owner's sessions. The settings keep a hash of the password the
 * open sessions were opened with; ADMIN_PASSWORD is hashed with a new salt at every start, so it is
 * compared by verifying it against that hash. Without ADMIN_PASSWORD the Owner's password changes
 * only in the Account page, which ends the other sessions itself.
 */
async function endSessionsOfAnotherPassword(
  { settings, sessions, users, adminPassword, clock }: EnsureCredentialsOptions,
  passwordHash: string,
): Promise<void> {
  const opened = await settings.get('sessions_password_hash');
  if (opened === passwordHash) return;
  const same =
    adminPassword === undefined
      ? opened !== undefined
      : opened !== undefined && isPasswordHash(opened) && (await verifyPassword(adminPassword, opened));
  if (!same) await sessions.revokeAllOf((await users.owner()).id);
  await settings.set('sessions_password_hash', passwordHash, clock());
}

const MALFORMED_HASH = 'The stored admin password hash is malformed; set ADMIN_PASSWORD or reset the settings row.';

async function resolvePasswordHash({
  settings,
  users,
  adminPassword,
  clock,
  announce,
}: EnsureCredentialsOptions): Promise<string> {
  if (adminPassword !== undefined) return hashPassword(adminPassword);
  const owner = await users.owner();
  if (isPasswordHash(owner.passwordHash)) return owner.passwordHash;
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

/** Where a login came from, kept with its session for the person's session list. */
export interface LoginContext {
  ip: string;
  userAgent: string;
}

/** The session a token names, and its person. */
export interface SessionActor {
  sessionId: string;
  userId: number;
  role: Role;
}

export interface AdminAuthService {
  /**
   * A new session and its token, for the right password of `login` (the Owner when absent: the
   * password-only login of a single-administrator site). The same failure whether the account exists or not; a disabled
   * person cannot sign in.
   */
  login(
    login: string | undefined,
    password: string,
    context: LoginContext,
  ): Promise<Result<AdminLoginResponse & { userId: number }, 'INVALID_CREDENTIALS'>>;
  /** A new session of the person and its token, without a password (they have just chosen one: an accepted invitation). */
  openSession(userId: number, context: LoginContext): Promise<string>;
  /**
   * The session and person of a token that is HS256, signed with our secret for the admin subject,
   * carries an expiry that has not passed and a session id, and whose session is still open and
   * whose person is enabled; else null.
   */
  verifyToken(token: string): Promise<SessionActor | null>;
  /** Ends the session (logout); its token is refused from now on, by every replica. */
  endSession(sessionId: string): Promise<void>;
}

/** A hash to spend the same scrypt time on when the account does not exist, so timing does not tell. */
let decoyHash: string | undefined;

/** Sessions record when they were last used, at most once a minute: a write per request would be waste. */
const LAST_SEEN_EVERY_MS = 60_000;

export function createAdminAuthService({
  credentials,
  sessions,
  users,
  clock,
}: {
  credentials: Pick<AdminCredentials, 'jwtSecret'>;
  sessions: AdminSessionsRepo;
  users: UsersRepo;
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
  const openSession = async (userId: number, context: LoginContext): Promise<string> => {
    const now = clock();
    const id = randomBytes(16).toString('base64url');
    await sessions.deleteExpired(now);
    await sessions.insert({
      id,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
      userAgent: context.userAgent.slice(0, 300),
      ip: context.ip,
    });
    return jwt.sign({ iat: nowSeconds() }, secretKey, {
      algorithm: TOKEN_ALGORITHM,
      expiresIn: TOKEN_LIFETIME_SECONDS,
      subject: TOKEN_SUBJECT,
      jwtid: id,
    });
  };
  return {
    async login(login, password, context) {
      const user = login === undefined ? await users.owner() : await users.byLogin(login);
      const hash = user && isPasswordHash(user.passwordHash) ? user.passwordHash : (decoyHash ??= hashPassword(''));
      const matches = await verifyPassword(password, hash);
      if (!user || user.disabled || !matches) return fail('INVALID_CREDENTIALS');
      return ok({ token: await openSession(user.id, context), userId: user.id });
    },
    openSession,
    async verifyToken(token) {
      const payload = claims(token);
      // jsonwebtoken accepts a token without exp; such a token would never expire.
      if (!payload || typeof payload.exp !== 'number' || typeof payload.jti !== 'string') return null;
      const now = clock();
      const session = await sessions.active(payload.jti, now);
      if (!session) return null;
      const seen = session.lastSeenAt === null ? 0 : Date.parse(session.lastSeenAt);
      if (now.getTime() - seen >= LAST_SEEN_EVERY_MS) await sessions.touch(session.id, now);
      return { sessionId: session.id, userId: session.userId, role: session.role };
    },
    async endSession(sessionId) {
      await sessions.revoke(sessionId);
    },
  };
}
