/** The Account page's zod schemas: profile, password, sessions and API keys (the API and the forms). */
import { ACCOUNT_LIMITS, API_KEY_MESSAGES, PASSWORD_MESSAGES } from './account';
import { API_KEY_SCOPES } from './roles';
import { positiveIdParameter, requiredText, text } from './text.schemas';
import { z } from './zod';

/**
 * A password someone chooses: 12 to 1024 characters, spaces kept as typed (never trimmed). A tab or
 * a line break is allowed, as in the login's (a password manager may paste one), never another
 * control character. Also for whoever sets a first password (an invitation).
 */
export const ZNewPassword = text(PASSWORD_MESSAGES.newRequired, { multiline: true })
  .min(ACCOUNT_LIMITS.passwordMin, { error: PASSWORD_MESSAGES.tooShort })
  .max(ACCOUNT_LIMITS.passwordMax, { error: PASSWORD_MESSAGES.tooLong });

/** `PUT /api/account`: the person's display name, the one thing of their profile they change themselves. */
export const ZAccountUpdate = z.strictObject({
  displayName: requiredText('Display name is required', ACCOUNT_LIMITS.displayName, 'Display name'),
});
export type AccountUpdate = z.output<typeof ZAccountUpdate>;

/** `PUT /api/account/password`: the current password proves it is the person, not a borrowed browser. */
export const ZPasswordChange = z.strictObject({
  currentPassword: text(PASSWORD_MESSAGES.currentRequired, { multiline: true })
    .min(1, { error: PASSWORD_MESSAGES.currentRequired })
    .max(ACCOUNT_LIMITS.passwordMax, { error: PASSWORD_MESSAGES.tooLong }),
  newPassword: ZNewPassword,
});
export type PasswordChange = z.output<typeof ZPasswordChange>;

/**
 * `POST /api/account/keys`. That the scopes are within the person's role, and that the expiry is
 * still ahead, depend on who asks and when: the server checks them after this.
 */
export const ZApiKeyInput = z.strictObject({
  name: requiredText('Name is required', ACCOUNT_LIMITS.keyName, 'Name'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: API_KEY_MESSAGES.scopeUnknown }), {
      error: API_KEY_MESSAGES.scopesRequired,
    })
    .min(1, { error: API_KEY_MESSAGES.scopesRequired })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: API_KEY_MESSAGES.scopeTwice })
    .meta({ uniqueItems: true, description: 'What the key may do; never more than its person’s role allows' }),
  rateLimit: z
    .number({ error: API_KEY_MESSAGES.rateLimit })
    .int({ error: API_KEY_MESSAGES.rateLimit })
    .min(ACCOUNT_LIMITS.keyRateLimitMin, { error: API_KEY_MESSAGES.rateLimit })
    .max(ACCOUNT_LIMITS.keyRateLimitMax, { error: API_KEY_MESSAGES.rateLimit })
    .default(ACCOUNT_LIMITS.keyRateLimitDefault)
    .meta({ description: 'Requests per minute, counted across every replica' }),
  expiresAt: z.iso
    .datetime({ error: API_KEY_MESSAGES.expiresAt, offset: true })
    .nullable()
    .optional()
    .meta({ description: 'When the key stops working; it must be in the future. Absent or null: never.' }),
});
export type ApiKeyInput = z.output<typeof ZApiKeyInput>;

/** How the Account page names a session: 43 base64url characters (a SHA-256), never the token's own id. */
export const SESSION_HANDLE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const ZSessionIdParams = z.object({
  id: text('No such session').regex(SESSION_HANDLE_PATTERN, { error: 'No such session' }),
});

export const ZApiKeyIdParams = z.object({ id: positiveIdParameter('API key id must be a positive integer') });
