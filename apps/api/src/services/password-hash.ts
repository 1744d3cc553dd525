import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost (N=2^15, r=8, p=1): OWASP's minimum recommendation; ~30 ms per hash. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

interface ParsedHash {
  options: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>;
  salt: Buffer;
  key: Buffer;
}

/** `scrypt$N$r$p$salt$key` (base64url); the parameters travel with the hash so they can be raised later. */
export function hashPassword(password: string): string {
  const salt = randomBytes(SALT_BYTES);
  return formatHash(salt, scryptSync(password, salt, KEY_LENGTH, withMemory(PARAMS)));
}

/**
 * hashPassword off the event loop (libuv's thread pool), for a request that sets a password: the
 * ~30 ms of scrypt would otherwise hold every other request up.
 */
export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  return formatHash(salt, await scryptAsync(password, salt, KEY_LENGTH, withMemory(PARAMS)));
}

function formatHash(salt: Buffer, key: Buffer): string {
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export function isPasswordHash(stored: string): boolean {
  return parseHash(stored) !== null;
}

/** Hashes the candidate with the stored salt and compares in constant time. */
export async function verifyPassword(candidate: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) throw new Error('Stored admin password hash is malformed');
  const key = await scryptAsync(candidate, parsed.salt, parsed.key.length, withMemory(parsed.options));
  return timingSafeEqual(key, parsed.key);
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, key, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key || rest.length > 0) return null;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every((value) => Number.isSafeInteger(value) && value > 0)) return null;
  const keyBuffer = Buffer.from(key, 'base64url');
  if (keyBuffer.length === 0) return null;
  return { options, salt: Buffer.from(salt, 'base64url'), key: keyBuffer };
}

/** Node's default maxmem (32 MiB) is exactly 128*N*r for N=2^15 and refuses it; allow twice that. */
function withMemory(options: ParsedHash['options']): ScryptOptions {
  return { ...options, maxmem: 256 * options.N * options.r };
}

function scryptAsync(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}
