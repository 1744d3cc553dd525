/**
 * The shortlinks' zod schemas: create, update, guest and import bodies, route parameters and list
 * queries. Kept apart from shortlinks.ts so that the pages which only need its constants and helpers
 * (the redirect page, the blog's address checks) never load zod; the API and the manager's forms
 * validate with these.
 */
import { z } from './zod';
import { SHORT_CODE_PATTERN } from './routes';
import { MAX_STORED_INTEGER } from './storage-limits';
import {
  ANALYTICS_RANGES,
  EXPORT_FORMATS,
  isAllowedShortCode,
  REDIRECT_MODES,
  SHORTLINK_LIMITS,
  SHORTLINK_LIST_LIMITS,
  SHORTLINK_MESSAGES,
  SHORTLINK_SORTS,
} from './shortlinks';
import { normalizedHttpUrl } from './url.schemas';

/** `redirectMode` of a create or update body: one of REDIRECT_MODES. */
export const ZRedirectMode = z.enum(REDIRECT_MODES, { error: "redirectMode must be 'preview' or 'direct'" });

const required = SHORTLINK_MESSAGES.required;

/** Absent or null counts as '' (older exports and the original sample file leave fields out). */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .nullish()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, { error: `${label} must be at most ${max} characters` }));

const ZTargetUrl = z
  .string({ error: required })
  .trim()
  .min(1, { error: required })
  .max(SHORTLINK_LIMITS.url, { error: `Target URL must be at most ${SHORTLINK_LIMITS.url} characters` })
  .transform(normalizedHttpUrl(SHORTLINK_LIMITS.url));

const ZMetaImage = optionalText(SHORTLINK_LIMITS.url, 'Meta image URL').transform(
  normalizedHttpUrl(SHORTLINK_LIMITS.url),
);

const ZTags = z
  .array(z.string({ error: 'Each tag must be text' }), { error: 'Tags must be a list of text' })
  .nullish()
  .transform((tags) => (tags ?? []).map((tag) => tag.trim()).filter((tag) => tag !== ''))
  .pipe(
    z
      .array(
        z.string().max(SHORTLINK_LIMITS.tag, { error: `Each tag must be at most ${SHORTLINK_LIMITS.tag} characters` }),
      )
      .max(SHORTLINK_LIMITS.tags, { error: `At most ${SHORTLINK_LIMITS.tags} tags are allowed` }),
  );

/** A client-supplied code; '' or absent means "generate one". */
const ZShortCode = z
  .string({ error: SHORTLINK_MESSAGES.invalidCode })
  .nullish()
  .transform((value) => {
    const code = (value ?? '').trim();
    return code === '' ? undefined : code;
  })
  .superRefine((code, ctx) => {
    if (code === undefined) return;
    if (!SHORT_CODE_PATTERN.test(code)) ctx.addIssue({ code: 'custom', message: SHORTLINK_MESSAGES.invalidCode });
    else if (!isAllowedShortCode(code)) ctx.addIssue({ code: 'custom', message: SHORTLINK_MESSAGES.reservedCode });
  });

/**
 * Create/update body of a shortlink, for the admin form,
 * the guest form and the API alike. Title comes first so a blank title or
 * target reports 'Title and Target URL are required' before any other issue.
 */
export const ZShortlinkInput = z.object(
  {
    title: z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(SHORTLINK_LIMITS.title, { error: `Title must be at most ${SHORTLINK_LIMITS.title} characters` }),
    targetUrl: ZTargetUrl,
    shortCode: ZShortCode,
    description: optionalText(SHORTLINK_LIMITS.description, 'Description'),
    metaImage: ZMetaImage,
    tags: ZTags,
    /** Absent means 'preview', as for every link created before the choice existed. */
    redirectMode: ZRedirectMode.nullish().transform((mode) => mode ?? 'preview'),
  },
  // A body that is not an object at all has neither field.
  { error: required },
);
export type ShortlinkInput = z.output<typeof ZShortlinkInput>;
/** What a form or client may send (optional fields may be left out). */
export type ShortlinkInputBody = z.input<typeof ZShortlinkInput>;

/** `PUT /api/shortlinks/:id`: the same fields without the code (a link keeps its code). */
export const ZShortlinkUpdate = ZShortlinkInput.omit({ shortCode: true });
export type ShortlinkUpdate = z.output<typeof ZShortlinkUpdate>;

/** A guest may only set title, target URL and meta image; any other field is dropped. */
export const ZGuestShortlinkInput = ZShortlinkInput.pick({ title: true, targetUrl: true, metaImage: true });
export type GuestShortlinkInput = z.output<typeof ZGuestShortlinkInput>;

/**
 * One row of `POST /api/shortlinks/import`: a create body, plus the export's
 * clickCount and createdAt, which are kept when present (so export → import
 * restores the same links) and must then be valid. Other fields (id) are ignored.
 */
export const ZShortlinkImportRow = ZShortlinkInput.extend({
  clickCount: z
    .number({ error: 'clickCount must be a whole number of 0 or more' })
    .int({ error: 'clickCount must be a whole number of 0 or more' })
    .min(0, { error: 'clickCount must be a whole number of 0 or more' })
    .max(MAX_STORED_INTEGER, { error: `clickCount must be at most ${MAX_STORED_INTEGER}` })
    .optional(),
  createdAt: z.iso.datetime({ error: 'createdAt must be an ISO 8601 date-time', offset: true }).optional(),
});
export type ShortlinkImportRow = z.output<typeof ZShortlinkImportRow>;

/** `:id` of PUT/DELETE: a positive integer. */
export const ZShortlinkIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: 'Shortlink id must be a positive integer' })
    .transform(Number)
    .pipe(
      z.number().int().positive().max(Number.MAX_SAFE_INTEGER, { error: 'Shortlink id must be a positive integer' }),
    ),
});
export type ShortlinkIdParams = z.output<typeof ZShortlinkIdParams>;

const limitMessage = `limit must be a whole number from 1 to ${SHORTLINK_LIST_LIMITS.maxLimit}`;

/** Query text: trimmed; '' and absent mean "not given". */
const optionalQueryText = (max: number, message: string) =>
  z
    .string({ error: message })
    .optional()
    .transform((value) => value?.trim() || undefined)
    .pipe(z.string().max(max, { error: message }).optional());

/**
 * `GET /api/shortlinks?limit=&cursor=&q=&tag=&sort=`. The cursor is opaque: the API hands it out as
 * `nextCursor` and the client sends it back unchanged with the same q, tag and sort.
 */
export const ZShortlinkListQuery = z.object({
  limit: z
    .string({ error: limitMessage })
    .optional()
    .transform((value) => value ?? String(SHORTLINK_LIST_LIMITS.defaultLimit))
    .pipe(z.string().regex(/^\d{1,3}$/, { error: limitMessage }))
    .transform(Number)
    .pipe(
      z.number().int().min(1, { error: limitMessage }).max(SHORTLINK_LIST_LIMITS.maxLimit, { error: limitMessage }),
    ),
  cursor: z
    .string({ error: 'Invalid cursor' })
    .max(SHORTLINK_LIST_LIMITS.maxCursor, { error: 'Invalid cursor' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Invalid cursor' })
    .optional()
    .transform((value) => value || undefined),
  q: optionalQueryText(
    SHORTLINK_LIST_LIMITS.maxQuery,
    `Search text must be at most ${SHORTLINK_LIST_LIMITS.maxQuery} characters`,
  ),
  tag: optionalQueryText(SHORTLINK_LIMITS.tag, `A tag is at most ${SHORTLINK_LIMITS.tag} characters`),
  sort: z
    .enum(SHORTLINK_SORTS, { error: `sort must be one of ${SHORTLINK_SORTS.join(', ')}` })
    .optional()
    .transform((sort) => sort ?? 'newest'),
});
export type ShortlinkListQuery = z.output<typeof ZShortlinkListQuery>;
/** What a client may put in the query string (every value is text there). */
export type ShortlinkListQueryParams = Partial<Record<keyof z.input<typeof ZShortlinkListQuery>, string>>;
/** `?range=` of both analytics calls; absent means '30d'. */
export const ZAnalyticsQuery = z.object({
  range: z
    .enum(ANALYTICS_RANGES, { error: `range must be one of ${ANALYTICS_RANGES.join(', ')}` })
    .optional()
    .transform((range) => range ?? '30d'),
});
export type AnalyticsQuery = z.output<typeof ZAnalyticsQuery>;

/** `GET /api/shortlinks/export?format=`; absent means 'json'. */
export const ZShortlinkExportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` })
    .optional()
    .transform((format) => format ?? 'json'),
});
export type ShortlinkExportQuery = z.output<typeof ZShortlinkExportQuery>;
