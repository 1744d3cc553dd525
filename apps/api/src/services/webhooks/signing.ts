import { createHmac, randomBytes } from 'node:crypto';

/** A secret's prefix: a leaked one is recognised for what it is (a scanner, a log reviewer). */
export const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 32 random bytes in base64url after the prefix. */
export function newWebhookSecret(random: (size: number) => Buffer = randomBytes): string {
  return `${SECRET_PREFIX}${random(32).toString('base64url')}`;
}

/**
 * The `Toolvault-Signature` value of `body` sent at `at`: `t=<unix seconds>,v1=<hex HMAC-SHA256>`
 * of `t + "." + body` keyed with the whole secret string. The time is inside what is signed, so a
 * receiver that refuses deliveries older than 5 minutes cannot be fed a captured one again later.
 */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
