/**
 * The zod fields of a link's rules (shortlink-rules.ts), spread into the create, update and import
 * bodies, and the one check across two of them (the window's order).
 */
import { z } from './zod';
import { CONFLICT_PARAMS, httpUrlMeta, optionalText } from './text.schemas';
import { normalizedHttpUrl } from './url.schemas';
import { SHORTLINK_LIMITS, SHORTLINK_MESSAGES } from './shortlinks';
import {
  DEFAULT_REDIRECT_STATUS,
  MAX_VISITS_LIMIT,
  REDIRECT_STATUSES,
  RULE_MESSAGES,
  type RedirectStatus,
} from './shortlink-rules';

/**
 * An instant as ISO 8601 with a zone (Z or an offset), stored as UTC (`toISOString`), so that two
 * stored values compare as text and as instants alike. '' and null mean "none".
 */
const instant = (message: string) =>
  z
    .union([z.iso.datetime({ error: message, offset: true }), z.literal(''), z.null()], { error: message })
    .optional()
    .transform((value) => (value ? new Date(value).toISOString() : null))
    .meta({ description: 'ISO 8601 date-time with Z or an offset; stored and answered in UTC. null: none.' });

export const ZRuleFields = {
  validFrom: instant(RULE_MESSAGES.invalidFrom),
  validUntil: instant(RULE_MESSAGES.invalidUntil),
  maxVisits: z
    .number({ error: RULE_MESSAGES.maxVisits })
    .int({ error: RULE_MESSAGES.maxVisits })
    .min(1, { error: RULE_MESSAGES.maxVisits })
    .max(MAX_VISITS_LIMIT, { error: RULE_MESSAGES.maxVisits })
    .nullish()
    .transform((value) => value ?? null)
    .meta({ description: 'Counted visits after which the link is inactive; null: no limit.' }),
  fallbackUrl: optionalText(SHORTLINK_LIMITS.url, 'Fallback URL', { invalid: SHORTLINK_MESSAGES.invalidUrl })
    .transform(normalizedHttpUrl(SHORTLINK_LIMITS.url))
    .transform((value) => (value === '' ? null : value))
    .meta({
      ...httpUrlMeta(SHORTLINK_LIMITS.url, { optional: true }),
      description: 'Where visitors of an inactive link are sent (302). null or absent: none.',
    }),
  redirectStatus: z
    .union(
      REDIRECT_STATUSES.map((status) => z.literal(status)),
      { error: RULE_MESSAGES.redirectStatus },
    )
    .nullish()
    .transform((status): RedirectStatus => status ?? DEFAULT_REDIRECT_STATUS)
    .meta({ description: "Status of a 'direct' link's redirect: 301, 302 (default), 307 or 308." }),
};

/** validFrom must come before validUntil; the issue is reported on validUntil, where the form shows it. */
export function checkRuleWindow(
  value: { validFrom: string | null; validUntil: string | null },
  ctx: z.RefinementCtx,
): void {
  if (value.validFrom !== null && value.validUntil !== null && value.validFrom >= value.validUntil) {
    ctx.addIssue({ code: 'custom', message: RULE_MESSAGES.windowOrder, path: ['validUntil'], params: CONFLICT_PARAMS });
  }
}

/** The rule fields alone, for a form that checks them field by field (the manager's). */
export const ZShortlinkRules = z.object(ZRuleFields).superRefine(checkRuleWindow);
