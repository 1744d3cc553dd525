/**
 * Per-link rules: a window of validity (validFrom/validUntil, UTC), a visit limit (maxVisits), a
 * fallback URL for visitors of an inactive link, and the status of a "Redirect at once" link's
 * redirect. Outside its window or once its limit is reached a link is *inactive*: it is kept (never
 * deleted), listed with a badge, and its visitors get the fallback or a clear page. Plain values and
 * one pure function, no zod: the redirect path, the click writer's thread and the manager's badge
 * all decide with `linkState`.
 */

/** Statuses a "Redirect at once" link may answer with; 302 unless the link says otherwise. */
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];
export const DEFAULT_REDIRECT_STATUS: RedirectStatus = 302;

/** Largest `maxVisits` (fits a 32-bit integer column on both engines). */
export const MAX_VISITS_LIMIT = 2_147_483_647;

/** What a link is at an instant: active, or inactive for one of three reasons. */
export type LinkState = 'active' | 'scheduled' | 'expired' | 'limit-reached';
export type InactiveReason = Exclude<LinkState, 'active'>;

/** `?status=` of GET /api/shortlinks. */
export const LINK_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export type LinkStatusFilter = (typeof LINK_STATUS_FILTERS)[number];

/** The rule fields of a link, as the API returns them. */
export interface ShortlinkRules {
  /** ISO 8601, UTC; null: valid from its creation. */
  validFrom: string | null;
  /** ISO 8601, UTC; null: no end. The link is inactive from this instant on. */
  validUntil: string | null;
  /** Counted visits after which the link is inactive; null: no limit. */
  maxVisits: number | null;
  /** Where visitors of an inactive link are sent (302); null: they see the expired / not-yet page. */
  fallbackUrl: string | null;
  redirectStatus: RedirectStatus;
}

export const RULE_MESSAGES = {
  /** Heading of the 410 page (expired, or its visit limit reached). */
  expired: 'This link has expired',
  /** Heading of the 404 page of a link whose window has not opened. */
  notActiveYet: 'This link is not active yet',
  windowOrder: 'Valid until must be later than valid from',
  invalidFrom: 'Valid from must be an ISO 8601 date-time in UTC',
  invalidUntil: 'Valid until must be an ISO 8601 date-time in UTC',
  maxVisits: `Max visits must be a whole number from 1 to ${MAX_VISITS_LIMIT}`,
  redirectStatus: `Redirect status must be one of ${REDIRECT_STATUSES.join(', ')}`,
} as const;

/** Badges of the manager's list, per inactive reason. */
export const LINK_STATE_LABELS: Record<InactiveReason, string> = {
  expired: 'Expired',
  scheduled: 'Scheduled',
  'limit-reached': 'Limit reached',
};

/** The fields `linkState` reads; `clickCount` is the visits counted so far. */
export type LinkStateInput = Pick<ShortlinkRules, 'validFrom' | 'validUntil' | 'maxVisits'> & { clickCount: number };

/**
 * A link's state at `now`. The window is half-open, [validFrom, validUntil): a link is expired from
 * the instant of validUntil on. A window not yet open wins over a limit (nobody can have used it).
 * A value that is no date (a row written around the API) is ignored rather than closing the link.
 */
export function linkState(link: LinkStateInput, now: Date | number): LinkState {
  const at = typeof now === 'number' ? now : now.getTime();
  const from = link.validFrom === null ? Number.NaN : Date.parse(link.validFrom);
  if (at < from) return 'scheduled';
  const until = link.validUntil === null ? Number.NaN : Date.parse(link.validUntil);
  if (at >= until) return 'expired';
  if (link.maxVisits !== null && link.clickCount >= link.maxVisits) return 'limit-reached';
  return 'active';
}

/** HTTP status of a visit to an inactive link without a fallback: 404 before its window, else 410. */
export function inactiveStatus(reason: InactiveReason): 404 | 410 {
  return reason === 'scheduled' ? 404 : 410;
}

/** The page heading for an inactive link. */
export function inactiveMessage(reason: InactiveReason): string {
  return reason === 'scheduled' ? RULE_MESSAGES.notActiveYet : RULE_MESSAGES.expired;
}

/** A link's rules with every one left out set to none (and the 302). */
export function withRuleDefaults(rules: Partial<ShortlinkRules>): ShortlinkRules {
  return {
    validFrom: rules.validFrom ?? null,
    validUntil: rules.validUntil ?? null,
    maxVisits: rules.maxVisits ?? null,
    fallbackUrl: rules.fallbackUrl ?? null,
    redirectStatus: rules.redirectStatus ?? DEFAULT_REDIRECT_STATUS,
  };
}

/**
 * What a visitor of an inactive link is given instead of the link: why it is inactive, and where to
 * go instead (its fallback URL), if anywhere.
 */
export interface InactiveVisit {
  inactive: InactiveReason;
  fallbackUrl: string | null;
}

/** The words of an inactive link's page, the same in the app and in the HTML the server sends first. */
export const INACTIVE_LINK_PAGES: Record<'expired' | 'scheduled', { heading: string; text: string }> = {
  expired: {
    heading: RULE_MESSAGES.expired,
    text: 'Its time is over or it has been visited as often as its owner allowed. The link is kept; only its owner can open it again.',
  },
  scheduled: {
    heading: RULE_MESSAGES.notActiveYet,
    text: 'Its owner has set it to start working later. Please try again then.',
  },
};

/** The page's words for an inactive reason. */
export function inactivePage(reason: InactiveReason): { heading: string; text: string } {
  return INACTIVE_LINK_PAGES[reason === 'scheduled' ? 'scheduled' : 'expired'];
}
