import { createHmac } from 'node:crypto';
import { derivedKey } from '../lib/derived-key';

/**
 * What the counters' key is derived for from the server secret, so it is never the token key itself.
 * A new purpose (or a new secret) names every counter anew: the counts start again, which costs at
 * most one window (15 minutes at the longest). Keys a store still holds from before simply expire.
 */
const PURPOSE = 'toolvault rate-limit keys';

/** 32 base64url characters: 192 of the HMAC's 256 bits, so no two clients ever share a count. */
const NAME_CHARS = 32;

/** The name a shared store keeps a counter under, for the key a limiter counts by. */
export type CounterName = (key: string) => string;

/**
 * Counter names for a shared store (Redis, or the database's `rate_counters`): an HMAC-SHA256 of the
 * key under a key derived from `secret`. What the limits count by (a client's address or IPv6 /56,
 * a login as typed, a link's code, an API key's id) is never written out: it stays in this process,
 * and what Redis or the database holds cannot be turned back into it without the secret. Every
 * replica has the same secret, so every replica names one client's counter alike and they share its
 * budget. A name is a pseudonym, not anonymity: whoever holds the secret (JWT_SECRET, or the
 * database's settings when that is unset; never Redis) could try every IPv4 address against it.
 *
 * Every key is hashed, personal or not: the store cannot tell an address from a key id, a login as
 * typed may be a password typed in the wrong box, and with one path a new limit cannot forget to.
 */
export function counterNames(secret: string): CounterName {
  const key = derivedKey(secret, PURPOSE);
  return (name) => createHmac('sha256', key).update(name).digest('base64url').slice(0, NAME_CHARS);
}
