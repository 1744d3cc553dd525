/**
 * The shortlinks' zod schemas: create, update, guest and import bodies, route parameters and list
 * queries. Kept apart from shortlinks.ts so that the pages which only need its constants and helpers
 * (the redirect page, the blog's address checks) never load zod; the API and the manager's forms
 * validate with these.
 */
import { z } from './zod';
import { INVALID_CHARACTERS_MESSAGE } from './text';
import { SHORT_CODE_PATTERN } from './routes';
import {
  CONFLICT_PARAMS,
  httpUrlMeta,
  integerParameterMeta,
  notAnObject,
  optionalText,
  positiveIdParameter,
  requiredText,
  text,
} from './text.schemas';
import {
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MAX_SPAN_DAYS,
  ANALYTICS_RANGE_DAYS,
  ANALYTICS_RANGES,
  ANALYTICS_STEPS,
  DAY_MS,
  EXPORT_FORMATS,
  isAllowedShortCode,
  REDIRECT_MODES,
  SHORTLINK_LIMITS,
  SHORTLINK_LIST_LIMITS,
  SHORTLINK_MESSAGES,
  SHORTLINK_SORTS,
  type AnalyticsStep,
} from './shortlinks';
import { LINK_STATUS_FILTERS } from './shortlink-rules';
import { ZRuleFields, checkRuleWindow } from './shortlink-rules.schemas';
import { normalizedHttpUrl } from './url.schemas';
import { personFilter } from './made-by.schemas';
import { ZLinkPasswordChange } from './shortlink-password.schemas';
import { NO_FOLDER } from './shortlink-folders';

/** A folder's id in a body: a positive whole number, or null for no folder. */
export const ZFolderId = z
  .number({ error: 'folderId must be a folder id or null' })
  .int({ error: 'folderId must be a folder id or null' })
  .positive({ error: 'folderId must be a folder id or null' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'folderId must be a folder id or null' })
  .nullable()
  .meta({ description: "A folder's id (GET /api/shortlinks/folders), or null for no folder" });

/** `redirectMode` of a create or update body: one of REDIRECT_MODES. */
export const ZRedirectMode = z.enum(REDIRECT_MODES, { error: "redirectMode must be 'preview' or 'direct'" });

const required = SHORTLINK_MESSAGES.required;

const ZTargetUrl = requiredText(required, SHORTLINK_LIMITS.url, 'Target URL', {
  invalid: SHORTLINK_MESSAGES.invalidUrl,
})
  // Stored as the URL's serialised form (url.schemas.ts), which is where visitors are sent.
  .transform(normalizedHttpUrl(SHORTLINK_LIMITS.url))
  .meta(httpUrlMeta(SHORTLINK_LIMITS.url, { extra: "Not one of this site's own short links." }));

const ZMetaImage = optionalText(SHORTLINK_LIMITS.url, 'Meta image URL', { invalid: SHORTLINK_MESSAGES.invalidUrl })
  .transform(normalizedHttpUrl(SHORTLINK_LIMITS.url))
  .meta(httpUrlMeta(SHORTLINK_LIMITS.url, { optional: true }));

/** Each trimmed; blank ones dropped after the count (the form's "a, , b" is two tags). */
const ZTags = z
  .array(
    text('Each tag must be text')
      .trim()
      .max(SHORTLINK_LIMITS.tag, { error: `Each tag must be at most ${SHORTLINK_LIMITS.tag} characters` }),
    { error: 'Tags must be a list of text' },
  )
  .max(SHORTLINK_LIMITS.tags, { error: `At most ${SHORTLINK_LIMITS.tags} tags are allowed` })
  .nullish()
  .transform((tags) => (tags ?? []).filter((tag) => tag !== ''));

/** A client-supplied code; '' or absent means "generate one". */
const ZShortCode = text(SHORTLINK_MESSAGES.invalidCode)
  .trim()
  .regex(/^(?:[A-Za-z0-9_-]{3,32})?$/, { error: SHORTLINK_MESSAGES.invalidCode, abort: true })
  .refine((code) => code === '' || isAllowedShortCode(code), { error: SHORTLINK_MESSAGES.reservedCode })
  .nullish()
  .transform((code) => (code ? code : undefined))
  .meta({
    description:
      "3 to 32 letters, digits, - or _; '' or null: one is generated. Not a page of the site or one of its own " +
      'first path segments (api, assets, vendor, admin, a tool, about, blog, …), compared in lower case.',
  });

/**
 * Create/update body of a shortlink, for the admin form,
 * the guest form and the API alike. Title comes first so a blank title or
 * target reports 'Title and Target URL are required' before any other issue.
 */
const shortlinkFields = z.strictObject(
  {
    title: requiredText(required, SHORTLINK_LIMITS.title, 'Title'),
    targetUrl: ZTargetUrl,
    shortCode: ZShortCode,
    description: optionalText(SHORTLINK_LIMITS.description, 'Description', { multiline: true }),
    metaImage: ZMetaImage,
    tags: ZTags,
    /** Absent means 'preview', as for every link created before the choice existed. */
    redirectMode: ZRedirectMode.nullish().transform((mode) => mode ?? 'preview'),
    password: ZLinkPasswordChange,
    ...ZRuleFields,
    /** Absent: no folder for a new link, the folder it is in for an edit. */
    folderId: ZFolderId.optional(),
    /** Absent: not archived for a new link, unchanged for an edit. */
    archived: z.boolean({ error: 'archived must be true or false' }).optional(),
  },
  // A body that is not an object at all has neither field.
  { error: notAnObject(required) },
);
export const ZShortlinkInput = shortlinkFields.superRefine(checkRuleWindow);
export type ShortlinkInput = z.output<typeof ZShortlinkInput>;
/** What a form or client may send (optional fields may be left out). */
export type ShortlinkInputBody = z.input<typeof ZShortlinkInput>;

/** `PUT /api/shortlinks/:id`: the same fields without the code (a link keeps its code). */
export const ZShortlinkUpdate = shortlinkFields.omit({ shortCode: true }).superRefine(checkRuleWindow);
export type ShortlinkUpdate = z.output<typeof ZShortlinkUpdate>;

/** A guest may only set title, target URL and meta image; any other field is refused (UNKNOWN_FIELDS). */
export const ZGuestShortlinkInput = shortlinkFields.pick({ title: true, targetUrl: true, metaImage: true });
export type GuestShortlinkInput = z.output<typeof ZGuestShortlinkInput>;

/**
 * One row of `POST /api/shortlinks/import`: a create body, plus the export's
 * clickCount and createdAt, which are kept when present (so export → import
 * restores the same links) and must then be valid. `id` (the original app's exports carry it) is
 * taken and ignored; any other field is refused.
 */
// An export holds no password (nor its hash), so an import sets none.
export const ZShortlinkImportRow = shortlinkFields
  .omit({ password: true })
  .extend({
    // A scalar: the import's parser refuses values nested deeper than a row's tags.
    id: z
      .union([z.number(), text('id must be a number or text')])
      .nullish()
      .meta({
        description: "Ignored: an imported link gets a new id (the original app's exports carry one, a number or text)",
      }),
    clickCount: z
      .number({ error: 'clickCount must be a whole number of 0 or more' })
      // Before .int(), which refuses numbers past 2^53 as "not whole": the message then names the cap.
      .max(SHORTLINK_LIMITS.importClickCount, {
        error: `clickCount must be at most ${SHORTLINK_LIMITS.importClickCount}`,
      })
      .int({ error: 'clickCount must be a whole number of 0 or more' })
      .min(0, { error: 'clickCount must be a whole number of 0 or more' })
      .meta({
        description:
          `The link's clicks so far, a whole number from 0 to ${SHORTLINK_LIMITS.importClickCount} (a trillion). ` +
          `An import whose counts would take the clicks of all links past ${SHORTLINK_LIMITS.importedClicksTotal} ` +
          '(2^52) is refused whole (400, VALIDATION), so every count the API reports stays an exact JSON number.',
      })
      .optional(),
    createdAt: z.iso.datetime({ error: 'createdAt must be an ISO 8601 date-time', offset: true }).optional(),
    // An export names who created each link; an import makes every link the importer's.
    createdBy: text('createdBy must be text or null')
      .max(SHORTLINK_LIMITS.title, { error: `createdBy must be at most ${SHORTLINK_LIMITS.title} characters` })
      .nullish()
      .meta({ description: "Ignored: the export's login of who created the link; imported links are the importer's" }),
  })
  .superRefine(checkRuleWindow);
export type ShortlinkImportRow = z.output<typeof ZShortlinkImportRow>;

/**
 * A row of the import's dry run as it is taken: an object of the import row's fields (no others),
 * each text without control characters (tab and line breaks aside), a number, true, false, null or a
 * list of those. Whether the values are right (a title present, a URL valid, a code free) is what the
 * dry run answers, row by row, instead of refusing the body.
 */
const dryRunScalar = z.union([
  text(INVALID_CHARACTERS_MESSAGE, { multiline: true }),
  z.number(),
  z.boolean(),
  z.null(),
]);
const dryRunValue = z.union([dryRunScalar, z.array(dryRunScalar)]).optional();
export const ZImportDryRunRow = z
  .strictObject(Object.fromEntries(ZShortlinkImportRow.keyof().options.map((key) => [key, dryRunValue])))
  .meta({
    description: 'A row as POST /api/shortlinks/import takes it (ShortlinkImportRow), its values not yet checked',
  });

/** `:id` of PUT/DELETE: a positive integer. */
export const ZShortlinkIdParams = z.object({ id: positiveIdParameter('Shortlink id must be a positive integer') });
export type ShortlinkIdParams = z.output<typeof ZShortlinkIdParams>;

const folderMessage = `folder must be a folder's id or ${NO_FOLDER}`;

const limitMessage = `limit must be a whole number from 1 to ${SHORTLINK_LIST_LIMITS.maxLimit}`;

/** Query text: trimmed; '' and absent mean "not given". */
const optionalQueryText = (max: number, message: string) =>
  text(message)
    .trim()
    .max(max, { error: message })
    .optional()
    .transform((value) => value || undefined);

/**
 * `GET /api/shortlinks?limit=&cursor=&q=&tag=&sort=&createdBy=&status=`. The cursor is opaque: the API hands
 * it out as `nextCursor` and the client sends it back unchanged with the same q, tag, sort, createdBy and status.
 */
export const ZShortlinkListQuery = z.object({
  limit: z
    .string({ error: limitMessage })
    .optional()
    .transform((value) => value ?? String(SHORTLINK_LIST_LIMITS.defaultLimit))
    .pipe(z.string().regex(/^\d{1,3}$/, { error: limitMessage }))
    .transform(Number)
    .pipe(z.number().int().min(1, { error: limitMessage }).max(SHORTLINK_LIST_LIMITS.maxLimit, { error: limitMessage }))
    .meta(integerParameterMeta(1, SHORTLINK_LIST_LIMITS.maxLimit, SHORTLINK_LIST_LIMITS.defaultLimit)),
  cursor: z
    .string({ error: 'Invalid cursor' })
    .max(SHORTLINK_LIST_LIMITS.maxCursor, { error: 'Invalid cursor' })
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'Invalid cursor' })
    .optional()
    .transform((value) => value || undefined)
    .meta({ description: 'nextCursor of the previous page, with the same q, tag, sort and createdBy' }),
  q: optionalQueryText(
    SHORTLINK_LIST_LIMITS.maxQuery,
    `Search text must be at most ${SHORTLINK_LIST_LIMITS.maxQuery} characters`,
  ),
  tag: optionalQueryText(SHORTLINK_LIMITS.tag, `A tag is at most ${SHORTLINK_LIMITS.tag} characters`),
  sort: z
    .enum(SHORTLINK_SORTS, { error: `sort must be one of ${SHORTLINK_SORTS.join(', ')}` })
    .optional()
    .transform((sort) => sort ?? 'newest'),
  // Someone whose role reaches only their own links may leave it out, or name themselves.
  createdBy: personFilter('createdBy'),
  status: z
    .enum(LINK_STATUS_FILTERS, { error: `status must be one of ${LINK_STATUS_FILTERS.join(', ')}` })
    .optional()
    .transform((status) => status ?? 'all')
    .meta({
      description:
        'active: links inside their window and under their visit limit; inactive: the others (scheduled, expired, limit reached); all (default).',
    }),
  folder: text(folderMessage)
    .trim()
    .regex(/^(?:none|[1-9]\d{0,15}|)$/, { error: folderMessage })
    .optional()
    .transform((value): number | typeof NO_FOLDER | undefined =>
      value ? (value === NO_FOLDER ? NO_FOLDER : Number(value)) : undefined,
    )
    .meta({ description: `A folder's id, or ${NO_FOLDER} for links in no folder; absent: every folder` }),
  archived: z
    .enum(['true', 'false'], { error: 'archived must be true or false' })
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: 'true: only archived links; absent or false: only links not archived' }),
});
export type ShortlinkListQuery = z.output<typeof ZShortlinkListQuery>;
/** What a client may put in the query string (every value is text there). */
export type ShortlinkListQueryParams = Partial<Record<keyof z.input<typeof ZShortlinkListQuery>, string>>;
/**
 * A UTC day as YYYY-MM-DD that exists (2026-02-30 does not), from the year 2000 on. `z.iso.date()`
 * checks the calendar itself, and the OpenAPI document then says `format: date`.
 */
const analyticsDay = (name: string) =>
  z.iso
    .date({ error: `${name} must be a real date as YYYY-MM-DD` })
    .refine((day) => day >= '2000-01-01', { error: `${name} must be a date from 2000-01-01 on` });

/** Absent a range, the last 30 days, or the last 7 for hours (the longest an hourly series takes). */
const defaultRange = (step: AnalyticsStep) => (step === 'hour' ? '7d' : '30d');

const spanMessage = (step: AnalyticsStep) =>
  `step=${step} takes a range of at most ${ANALYTICS_MAX_SPAN_DAYS[step]} days`;

/**
 * Query of both analytics calls: a preset `range` (absent means '30d') or a custom `from`/`to`
 * (UTC days, both included), and a `step` (absent means 'day'; 'hour' then defaults to '7d'). Each step takes a range of at most
 * ANALYTICS_MAX_SPAN_DAYS days.
 */
export const ZAnalyticsQuery = z.object({
  range: z.enum(ANALYTICS_RANGES, { error: `range must be one of ${ANALYTICS_RANGES.join(', ')}` }).optional(),
  from: analyticsDay('from').optional(),
  to: analyticsDay('to').optional(),
  step: z
    .enum(ANALYTICS_STEPS, { error: `step must be one of ${ANALYTICS_STEPS.join(', ')}` })
    .optional()
    .transform((step) => step ?? 'day'),
});

/**
 * ZAnalyticsQuery's fields checked together (the contract's query is a plain object, for the
 * OpenAPI document): a preset or from/to, from ≤ to, and the step's longest span.
 */
export const ZAnalyticsWindowQuery = ZAnalyticsQuery.superRefine((query, ctx) => {
  const custom = query.from !== undefined || query.to !== undefined;
  if (custom && query.range !== undefined) {
    ctx.addIssue({
      code: 'custom',
      params: CONFLICT_PARAMS,
      path: ['range'],
      message: 'Give either range or from and to, not both',
    });
    return;
  }
  if (custom && (query.from === undefined || query.to === undefined)) {
    ctx.addIssue({
      code: 'custom',
      params: CONFLICT_PARAMS,
      path: [query.from === undefined ? 'from' : 'to'],
      message: 'from and to go together',
    });
    return;
  }
  if (query.from !== undefined && query.to !== undefined) {
    if (query.from > query.to) {
      ctx.addIssue({ code: 'custom', params: CONFLICT_PARAMS, path: ['from'], message: 'from must not be after to' });
      return;
    }
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    const max = ANALYTICS_MAX_SPAN_DAYS[query.step];
    if (days > max) {
      ctx.addIssue({ code: 'custom', params: CONFLICT_PARAMS, path: ['to'], message: spanMessage(query.step) });
    }
    return;
  }
  const range = query.range ?? defaultRange(query.step);
  const days = range === 'all' ? ANALYTICS_MAX_DAYS : ANALYTICS_RANGE_DAYS[range];
  if (days > ANALYTICS_MAX_SPAN_DAYS[query.step]) {
    ctx.addIssue({ code: 'custom', params: CONFLICT_PARAMS, path: ['range'], message: spanMessage(query.step) });
  }
}).transform(({ range, from, to, step }) =>
  from !== undefined && to !== undefined
    ? { range: 'custom' as const, from, to, step }
    : { range: range ?? defaultRange(step), step },
);
export type AnalyticsWindowQuery = z.output<typeof ZAnalyticsWindowQuery>;
export type AnalyticsQuery = z.output<typeof ZAnalyticsQuery>;

/** `GET /api/shortlinks/export?format=`; absent means 'json'. */
export const ZShortlinkExportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` })
    .optional()
    .transform((format) => format ?? 'json'),
});
export type ShortlinkExportQuery = z.output<typeof ZShortlinkExportQuery>;

/** `:shortCode` of the public lookup and of `GET /{shortCode}`: a code as SHORT_CODE_PATTERN writes it. */
export const ZShortCodeParams = z.object({
  shortCode: text(SHORTLINK_MESSAGES.notFound)
    .regex(SHORT_CODE_PATTERN, { error: SHORTLINK_MESSAGES.notFound })
    .meta({ description: '3 to 32 letters, digits, - or _' }),
});
