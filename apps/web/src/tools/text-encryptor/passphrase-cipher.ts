/**
 * AES-256-GCM with a passphrase, through WebCrypto (no library; the browser
 * does the work off the page's thread).
 *
 * Key derivation: PBKDF2-HMAC-SHA-256 with 600,000 iterations and a random
 * 16-byte salt per message. PBKDF2 rather than Argon2id because every browser
 * has it natively (no wasm on this page, no 64 MB of memory per try) and any
 * other tool (OpenSSL, Python's hashlib) can derive the same key; 600,000 is
 * OWASP's current floor for PBKDF2-SHA-256. The iteration count travels in the
 * message, so it can be raised later without breaking old messages.
 *
 * The message is one Base64 string of:
 *   byte 0      format version (1)
 *   byte 1      key derivation (1 = PBKDF2-HMAC-SHA-256)
 *   bytes 2–5   iterations, unsigned big-endian
 *   byte 6      salt length S, then S bytes of salt
 *   next byte   IV length N (12), then N bytes of IV
 *   the rest    AES-GCM ciphertext with its 16-byte tag
 * Everything before the ciphertext is also the GCM additional data, so a
 * changed parameter fails authentication like a changed ciphertext does.
 */
import { err, ok, type Result } from '../../lib/result';
import { utf8Bytes } from '../../lib/unicode';

export const FORMAT_VERSION = 1;
export const KDF_PBKDF2_SHA256 = 1;
export const DEFAULT_ITERATIONS = 600_000;
export const SALT_BYTES = 16;
export const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A crafted message must not make the page derive keys for minutes. */
export const MAX_ITERATIONS = 10_000_000;

export const PASSPHRASE_REQUIRED = 'Enter a passphrase';
export const NOT_A_MESSAGE =
  'This is not an AES-256-GCM message from this tool: it is damaged, incomplete or in another format';
export const WRONG_PASSPHRASE = 'Wrong passphrase, or the message was changed after it was encrypted';

export interface EncryptOptions {
  text: string;
  passphrase: string;
  /** Fixed only by tests (known-answer vectors); a random salt and IV otherwise. */
  salt?: Uint8Array;
  iv?: Uint8Array;
  iterations?: number;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) return undefined;
  try {
    return Uint8Array.from(atob(compact), (char) => char.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** A copy in an ArrayBuffer of its own, as WebCrypto's types ask. */
const buffer = (bytes: Uint8Array) => new Uint8Array(bytes).buffer;

async function deriveKey(passphrase: Uint8Array, salt: Uint8Array, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', buffer(passphrase), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: buffer(salt), iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

function header(iterations: number, salt: Uint8Array, iv: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(2 + 4 + 1 + salt.length + 1 + iv.length);
  const view = new DataView(bytes.buffer);
  bytes[0] = FORMAT_VERSION;
  bytes[1] = KDF_PBKDF2_SHA256;
  view.setUint32(2, iterations);
  bytes[6] = salt.length;
  bytes.set(salt, 7);
  bytes[7 + salt.length] = iv.length;
  bytes.set(iv, 8 + salt.length);
  return bytes;
}

/** Encrypts text (as its exact UTF-8 bytes) into one self-describing Base64 string. */
export async function encryptWithPassphrase({
  text,
  passphrase,
  salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES)),
  iv = crypto.getRandomValues(new Uint8Array(IV_BYTES)),
  iterations = DEFAULT_ITERATIONS,
}: EncryptOptions): Promise<Result<string>> {
  if (passphrase === '') return err(PASSPHRASE_REQUIRED);
  const plain = utf8Bytes(text);
  if (!plain.ok) return plain;
  const secret = utf8Bytes(passphrase);
  if (!secret.ok) return secret;
  if (salt.length < 8 || salt.length > 255 || iv.length !== IV_BYTES) throw new Error('Bad salt or IV length');
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > MAX_ITERATIONS) {
    throw new Error(`Bad iteration count: ${iterations}`);
  }
  const head = header(iterations, salt, iv);
  const key = await deriveKey(secret.value, salt, iterations);
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: buffer(iv), additionalData: buffer(head), tagLength: TAG_BYTES * 8 },
      key,
      buffer(plain.value),
    ),
  );
  const message = new Uint8Array(head.length + sealed.length);
  message.set(head);
  message.set(sealed, head.length);
  return ok(toBase64(message));
}

interface Parsed {
  head: Uint8Array;
  iterations: number;
  salt: Uint8Array;
  iv: Uint8Array;
  sealed: Uint8Array;
}

/** Reads the format; anything that does not fit it is a user error, never an exception. */
export function parseMessage(message: string): Result<Parsed> {
  const bytes = fromBase64(message);
  if (!bytes || bytes.length < 8) return err(NOT_A_MESSAGE);
  if (bytes[0] !== FORMAT_VERSION || bytes[1] !== KDF_PBKDF2_SHA256) return err(NOT_A_MESSAGE);
  const iterations = new DataView(bytes.buffer, bytes.byteOffset).getUint32(2);
  const saltLength = bytes[6]!;
  const ivAt = 7 + saltLength;
  const ivLength = bytes[ivAt];
  if (iterations < 1 || iterations > MAX_ITERATIONS || saltLength < 8 || ivLength !== IV_BYTES) {
    return err(NOT_A_MESSAGE);
  }
  const sealedAt = ivAt + 1 + IV_BYTES;
  if (bytes.length < sealedAt + TAG_BYTES) return err(NOT_A_MESSAGE);
  return ok({
    head: bytes.subarray(0, sealedAt),
    iterations,
    salt: bytes.subarray(7, ivAt),
    iv: bytes.subarray(ivAt + 1, sealedAt),
    sealed: bytes.subarray(sealedAt),
  });
}

/** Decrypts a message from encryptWithPassphrase; a wrong passphrase or any change gives a clear error. */
export async function decryptWithPassphrase({
  message,
  passphrase,
}: {
  message: string;
  passphrase: string;
}): Promise<Result<string>> {
  if (passphrase === '') return err(PASSPHRASE_REQUIRED);
  const secret = utf8Bytes(passphrase);
  if (!secret.ok) return secret;
  const parsed = parseMessage(message);
  if (!parsed.ok) return parsed;
  const { head, iterations, salt, iv, sealed } = parsed.value;
  const key = await deriveKey(secret.value, salt, iterations);
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: buffer(iv), additionalData: buffer(head), tagLength: TAG_BYTES * 8 },
      key,
      buffer(sealed),
    );
  } catch {
    // GCM cannot tell a wrong key from changed bytes: both fail the tag check.
    return err(WRONG_PASSPHRASE);
  }
  try {
    return ok(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(plain));
  } catch {
    return err(NOT_A_MESSAGE);
  }
}
