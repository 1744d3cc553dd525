import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AdminLoginResponse } from '@toolvault/shared';
import type { SettingsRepo } from '../db/settings.repo';
import type { Clock } from './clock';
import { hashPassword, isPasswordHash, verifyPassword } from './password-hash';
import { fail, ok, type Result } from './result';

/** DECISIONS P4: one role, proven by a password, carried by a signed token that expires. */
export const TOKEN_LIFETIME = '12h';
const TOKEN_SUBJECT = 'admin';
const TOKEN_ALGORITHM = 'HS256';

export interface AdminCredentials {
  /** scrypt hash of the admin password (from ADMIN_PASSWORD or the stored generated one). */
  passwordHash: string;
  jwtSecret: string;
}

export interface EnsureCredentialsOptions {
  settings: SettingsRepo;
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
  return { passwordHash: await resolvePasswordHash(options), jwtSecret: await resolveJwtSecret(options) };
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
  login(password: string): Promise<Result<AdminLoginResponse, 'INVALID_CREDENTIALS'>>;
  /** True only for an unexpired HS256 token signed with our secret for the admin subject. */
  verifyToken(token: string): boolean;
}

export function createAdminAuthService({
  credentials,
  clock,
}: {
  credentials: AdminCredentials;
  clock: Clock;
}): AdminAuthService {
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);
  return {
    async login(password) {
      if (!(await verifyPassword(password, credentials.passwordHash))) return fail('INVALID_CREDENTIALS');
      const token = jwt.sign({ iat: nowSeconds() }, credentials.jwtSecret, {
        algorithm: TOKEN_ALGORITHM,
        expiresIn: TOKEN_LIFETIME,
        subject: TOKEN_SUBJECT,
      });
      return ok({ token });
    },
    verifyToken(token) {
      try {
        jwt.verify(token, credentials.jwtSecret, {
          algorithms: [TOKEN_ALGORITHM],
          subject: TOKEN_SUBJECT,
          clockTimestamp: nowSeconds(),
        });
        return true;
      } catch {
        // jsonwebtoken throws for every kind of bad token; all of them mean "not admin".
        return false;
      }
    },
  };
}
