import { createHmac } from 'node:crypto';

/**
 * A key of its own for one purpose, made from the server's secret (the token secret): HMAC-SHA256 of
 * `purpose` under the secret. Every replica holds the same secret, so every replica derives the same
 * key, and nothing derived is ever stored. Knowing a derived key tells nothing of the secret or of
 * the keys of other purposes, so a use that leaks one (a cookie's mac, a counter's name) never
 * weakens the tokens. A new purpose string is a new key.
 */
export function derivedKey(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(purpose).digest();
}
