/**
 * The success bodies of the API as zod schemas, for the OpenAPI document and for typed clients.
 * Each one is checked against the interface the server returns, both ways, so the document cannot
 * drift from the types the code uses.
 */
import type { AdminLoginResponse } from '../auth';
import type { BlogPost, BlogPostPage, BlogPostSummary, Category } from '../blog';
import type { ContactMessage, ContactMessagePage } from '../contact.schemas';
import { RESERVED_RANGES, type IpLookupResult } from '../ip';
import type { PersonRef } from '../made-by';
import {
  ANALYTICS_RANGES,
  ANALYTICS_STEPS,
  DEVICE_CLASSES,
  REDIRECT_MODES,
  type ImportShortlinksResponse,
  type ImportDryRunResponse,
  type PublicShortlink,
  type Shortlink,
  type ShortlinkAnalytics,
  type ShortlinkExportRow,
  type ClickExportRow,
  type ShortlinkLinkAnalytics,
  type ShortlinkPage,
  type ShortlinkSummary,
  type ShortlinkTagsResponse,
} from '../shortlinks';
import { REDIRECT_STATUSES } from '../shortlink-rules';
import type { SpeedtestPing, SpeedtestUpload } from '../speedtest';
import { API_ERROR_CODES } from '../api';
import { z } from '../zod';

/** A schema whose output is exactly T: neither a field more nor a field less. */
export const exactly =
  <T>() =>
  <S extends z.ZodType<T>>(schema: S & ([T] extends [z.output<S>] ? unknown : never)): S =>
    schema;

export const isoTime = z.string().meta({ description: 'ISO 8601 date-time, UTC', format: 'date-time' });
const count = z.number().int().nonnegative();

export const ZAdminLoginResponse = exactly<AdminLoginResponse>()(
  z.object({ token: z.string().meta({ description: 'Bearer token for the Authorization header' }) }),
);

export const ZCategory = exactly<Category>()(
  z.object({ id: z.number().int(), slug: z.string(), name: z.string(), description: z.string() }).meta({
    id: 'Category',
  }),
);

/** Who made or changed a record: a person of the team. */
export const ZPersonRef = exactly<PersonRef>()(
  z
    .object({ id: z.number().int(), name: z.string().meta({ description: "The person's display name" }) })
    .meta({ id: 'PersonRef' }),
);

const postFields = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  author: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  cover_image: z.string(),
  tags: z.string().meta({ description: 'A JSON-encoded list of text' }),
  published: z.boolean(),
  view_count: count,
  created_at: isoTime,
  updated_at: isoTime,
  authored_by: ZPersonRef.nullable()
    .optional()
    .meta({ description: 'Signed-in callers only: who wrote it; null for posts written before accounts' }),
  updated_by: ZPersonRef.nullable()
    .optional()
    .meta({ description: 'Signed-in callers only: who changed it last; null until someone does' }),
};

export const ZBlogPost = exactly<BlogPost>()(
  z.object({ ...postFields, content: z.string().meta({ description: 'Sanitized HTML' }) }).meta({ id: 'BlogPost' }),
);

export const ZBlogPostSummary = exactly<BlogPostSummary>()(
  z
    .object({ ...postFields, category_slug: z.string().nullable(), excerpt: z.string() })
    .meta({ id: 'BlogPostSummary' }),
);

export const ZBlogPostPage = exactly<BlogPostPage>()(
  z.object({
    items: z.array(ZBlogPostSummary),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: count,
    pageCount: z.number().int(),
  }),
);

export const ZContactMessageRecord = exactly<ContactMessage>()(
  z
    .object({
      id: z.number().int(),
      name: z.string(),
      email: z.string(),
      subject: z.string(),
      message: z.string(),
      createdAt: isoTime,
    })
    .meta({ id: 'ContactMessage' }),
);

export const ZContactMessagePage = exactly<ContactMessagePage>()(
  z.object({ items: z.array(ZContactMessageRecord), nextCursor: z.string().nullable(), total: count }),
);

export const ZIpLookupResult = exactly<IpLookupResult>()(
  z.object({
    ip: z.string(),
    version: z.union([z.literal(4), z.literal(6)]),
    reserved: z.enum(RESERVED_RANGES).nullable(),
    country: z.string().nullable(),
    countryCode: z.string().nullable(),
    region: z.string().nullable(),
    city: z.string().nullable(),

    isp: z.string().nullable(),
    organization: z.string().nullable(),
    timezone: z.string().nullable(),
    coordinates: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  }),
);

const shortlinkFields = {
  shortCode: z.string(),
  targetUrl: z.string(),
  title: z.string(),
  description: z.string(),
  metaImage: z.string(),
  tags: z.array(z.string()),
  clickCount: count,
  createdAt: isoTime,
  redirectMode: z.enum(REDIRECT_MODES),
  validFrom: isoTime.nullable().meta({ description: 'UTC; null: valid from its creation' }),
  validUntil: isoTime.nullable().meta({ description: 'UTC; the link is inactive from this instant on; null: no end' }),
  maxVisits: z.number().int().nullable().meta({ description: 'Counted visits after which the link is inactive' }),
  fallbackUrl: z.string().nullable().meta({ description: 'Where visitors of an inactive link are sent' }),
  redirectStatus: z.union(REDIRECT_STATUSES.map((status) => z.literal(status))),
  folderId: z.number().int().nullable().meta({ description: "The folder's id; null for none" }),
  archived: z.boolean().meta({ description: 'Archived: it still redirects, but leaves the default list' }),
};

export const ZShortlink = exactly<Shortlink>()(
  z
    .object({
      id: z.number().int(),
      ...shortlinkFields,
      createdBy: ZPersonRef.nullable().meta({
        description: "Who created it; null for a guest's link and links made before accounts",
      }),
      updatedBy: ZPersonRef.nullable().meta({ description: 'Who changed it last; null until someone does' }),
      hasPassword: z
        .boolean()
        .meta({ description: 'Visitors must give a password first (the password is write-only)' }),
    })
    .meta({ id: 'Shortlink' }),
);

export const ZShortlinkExportRow = exactly<ShortlinkExportRow>()(
  z.object({
    ...shortlinkFields,
    createdBy: z
      .string()
      .nullable()
      .meta({ description: "The login of who created it (an import ignores it: imported links are the importer's)" }),
  }),
);

export const ZClickExportRow = exactly<ClickExportRow>()(
  z.object({
    shortCode: z.string(),
    clickedAt: isoTime,
    referrerHost: z.string().nullable(),
    country: z.string().nullable(),
    device: z.enum(DEVICE_CLASSES),
    deduplicated: z.union([z.literal(0), z.literal(1)]).meta({
      description: '1 when the click was its visitor’s first of the link in its UTC hour',
    }),
  }),
);

export const ZPublicShortlink = exactly<PublicShortlink>()(
  z
    .object({
      shortCode: z.string(),
      targetUrl: z.string(),
      title: z.string(),
      description: z.string(),
      metaImage: z.string(),
    })
    .meta({ id: 'PublicShortlink' }),
);

export const ZShortlinkPage = exactly<ShortlinkPage>()(
  z.object({ items: z.array(ZShortlink), nextCursor: z.string().nullable(), total: count }),
);

const visitTotals = z.object({ clicks: count, deduplicated: count, uniques: count });

export const ZShortlinkSummary = exactly<ShortlinkSummary>()(
  z.object({
    totalLinks: count,
    totalClicks: count,
    createdToday: count,
    today: visitTotals.meta({
      description: "The current UTC date's clicks of all links, deduplicated clicks and unique visitors",
    }),
    recent: z.array(ZShortlink),
  }),
);

export const ZShortlinkTags = exactly<ShortlinkTagsResponse>()(
  z.object({ tags: z.array(z.object({ tag: z.string(), count })) }),
);

const dayClicks = z.array(z.object({ date: z.string(), clicks: count }));
const devices = z.array(z.object({ device: z.enum(DEVICE_CLASSES as ['desktop', 'mobile', 'tablet']), clicks: count }));
const referrers = z.array(z.object({ host: z.string(), clicks: count }));
const countries = z.array(z.object({ country: z.string(), clicks: count }));

const analyticsWindow = {
  range: z.enum([...ANALYTICS_RANGES, 'custom']),
  from: z.string().meta({ description: 'First UTC day of the range, YYYY-MM-DD' }),
  to: z.string().meta({ description: 'Last UTC day of the range (included), YYYY-MM-DD' }),
  step: z.enum(ANALYTICS_STEPS),
  series: z.array(
    z.object({
      start: z.string().meta({ description: 'YYYY-MM-DDTHH:00Z (hour), YYYY-MM-DD (day) or YYYY-MM (month), UTC' }),
      clicks: count,
      deduplicated: count.meta({ description: 'Clicks that were their visitor’s first of the link in their UTC hour' }),
      uniques: count.meta({ description: 'Visitors of each link per UTC day, summed' }),
    }),
  ),
  totals: visitTotals,
};

export const ZShortlinkAnalytics = exactly<ShortlinkAnalytics>()(
  z.object({
    ...analyticsWindow,
    totalLinks: count,
    totalClicks: count,
    createdToday: count,
    averageClicks: count,
    topLinks: z.array(ZShortlink),
    recentLinks: z.array(ZShortlink),
    clicksPerDay: dayClicks,
    rangeClicks: count,
    topReferrers: referrers,
    topCountries: countries,
    devices,
  }),
);

export const ZShortlinkLinkAnalytics = exactly<ShortlinkLinkAnalytics>()(
  z.object({
    ...analyticsWindow,
    link: ZShortlink,
    totalClicks: count,
    clicksPerDay: dayClicks,
    referrers,
    countries,
    devices,
  }),
);

export const ZImportShortlinksResponse = exactly<ImportShortlinksResponse>()(z.object({ imported: count }));

export const ZImportDryRunResponse = exactly<ImportDryRunResponse>()(
  z.object({
    valid: count.meta({ description: 'Rows the import would store as they are' }),
    problems: z
      .array(
        z.object({
          row: z.number().int().min(1).meta({ description: "The row's number in the body's array, from 1" }),
          field: z
            .string()
            .optional()
            .meta({ description: "The row's field the problem is in; absent when it is the row as a whole" }),
          message: z.string().meta({ description: 'What is wrong, in the words the import would answer' }),
        }),
      )
      .meta({ description: 'Every problem of every row, in row order; empty when the file is ready to import' }),
  }),
);

export const ZSpeedtestPing = exactly<SpeedtestPing>()(
  z.object({ t: z.number().meta({ description: "The server's clock, milliseconds since the epoch" }) }),
);
export const ZSpeedtestUpload = exactly<SpeedtestUpload>()(z.object({ bytes: count }));

const checkState = z.enum(['ok', 'down']);

/** `GET /api/health` when every dependency answers. */
export const ZHealth = z.object({ status: z.literal('ok'), checks: z.record(z.string(), checkState) });
export type HealthBody = z.output<typeof ZHealth>;

/** Raw bytes (the speed test's download and upload). */
export const ZBinary = z.string().meta({ format: 'binary' });
/** A document that is not JSON (XML feeds, HTML, CSV): described by its content type. */
export const ZText = z.string();

/** Every error body; NOT_READY adds the state of each dependency. */
export const ZApiErrorBody = z
  .object({
    error: z.string().meta({ description: 'A sentence for people; its wording may change' }),
    code: z
      .enum(API_ERROR_CODES)
      .meta({ description: 'What programs branch on: one of the codes listed for the route' }),
    checks: z.record(z.string(), checkState).optional(),
    fallbackUrl: z
      .string()
      .optional()
      .meta({ description: "SHORTLINK_EXPIRED and SHORTLINK_NOT_ACTIVE: the link's fallback URL, when it has one" }),
  })
  .meta({ id: 'ApiError' });
