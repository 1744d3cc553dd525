/**
 * Every route clients use, declared once: the API routers register these (method, path and
 * validators come from here), the OpenAPI document and the reference page at /api/docs are
 * generated from them, and a test fails when the server and this list disagree.
 */
import { API_ERRORS, type ApiErrorCode } from '../api';
import { ZAdminLogin } from '../auth.schemas';
import { BLOG_PAGE_SIZE_MAX, BLOG_LIMITS } from '../blog';
import {
  ZBlogListQuery,
  ZBlogReadQuery,
  ZCategoryIdParams,
  ZCategoryInput,
  ZPostIdParams,
  ZPostInput,
  ZPostSlugParams,
} from '../blog.schemas';
import { CONTACT_PAGE_SIZE_MAX } from '../contact';
import { ZContactListQuery, ZContactMessage } from '../contact.schemas';
import { ZIpLookupParams } from '../ip.schemas';
import { GUEST_CREATE_INTERVAL_MS, SHORTLINK_LIMITS, SHORTLINK_LIST_LIMITS } from '../shortlinks';
import {
  ZAnalyticsQuery,
  ZGuestShortlinkInput,
  ZShortlinkExportQuery,
  ZShortlinkIdParams,
  ZShortlinkImportRow,
  ZImportDryRunRow,
  ZShortlinkInput,
  ZShortlinkListQuery,
  ZShortCodeParams,
  ZShortlinkUpdate,
} from '../shortlinks.schemas';
import { ZLinkUnlock } from '../shortlink-password.schemas';
import { SPEEDTEST_UPLOAD_MAX_BYTES } from '../speedtest';
import { ZSpeedtestDownloadQuery } from '../speedtest.schemas';
import { text } from '../text.schemas';
import { ENDPOINTS, type EndpointBody, type EndpointName } from '../endpoints';
import { z } from '../zod';
import {
  ZAdminLoginResponse,
  ZBinary,
  ZBlogPost,
  ZBlogPostPage,
  ZCategory,
  ZContactMessagePage,
  ZContactMessageRecord,
  ZHealth,
  ZImportShortlinksResponse,
  ZImportDryRunResponse,
  ZIpLookupResult,
  ZPublicShortlink,
  ZShortlink,
  ZShortlinkAnalytics,
  ZShortlinkExportRow,
  ZClickExportRow,
  ZShortlinkLinkAnalytics,
  ZShortlinkPage,
  ZShortlinkSummary,
  ZShortlinkTags,
  ZSpeedtestPing,
  ZSpeedtestUpload,
  ZText,
} from './responses';

import { ACCOUNT_API } from './account-routes';
import { AUDIT_API } from './audit-routes';
import { QR_API } from './qr-routes';
import { TEAM_API } from './team-routes';
import { WEBHOOK_API } from './webhook-routes';
import { SHORTLINK_FOLDER_API } from './shortlink-folder-routes';
import { RATE_LIMITS, route, type RouteBody, type RouteContract } from './route';

export * from './route';

const XML = 'application/xml; charset=utf-8';

const HTML = 'text/html; charset=utf-8';

const blogBody = {
  schema: ZPostInput,
  limit: '1mb',
} as const satisfies RouteBody;
const blogWriteErrors = [
  'POST_SLUG_TAKEN',
  'UNKNOWN_CATEGORY',
  'POST_CONTENT_UNSAFE',
  'POST_CONTENT_TOO_DEEP',
  'POST_CONTENT_TOO_COMPLEX',
] as const satisfies readonly ApiErrorCode[];
const blogLimits = [
  `Body up to 1 MB; content up to ${BLOG_LIMITS.content} characters of HTML, sanitized before it is stored`,
];

export const API = {
  health: route({
    ...ENDPOINTS.health,
    tag: 'Service',
    summary: 'Readiness of this replica',
    description: 'For load balancers: 200 when every dependency (database, Redis when used) answers within 2 s.',
    auth: 'public',
    response: { status: 200, description: 'Every dependency answers', schema: ZHealth },
    errors: ['NOT_READY'],
  }),
  openapi: route({
    ...ENDPOINTS.openapi,
    tag: 'Service',
    summary: 'This API as an OpenAPI 3.1 document',
    auth: 'public',
    response: { status: 200, description: 'The document', schema: z.record(z.string(), z.unknown()) },
    errors: [],
  }),
  docs: route({
    ...ENDPOINTS.docs,
    tag: 'Service',
    summary: 'This API as a readable page',
    auth: 'public',
    response: { status: 200, description: 'HTML', schema: ZText, contentType: 'text/html; charset=utf-8' },
    errors: [],
  }),
  adminLogin: route({
    ...ENDPOINTS.adminLogin,
    tag: 'Admin',
    summary: 'Open an admin session',
    auth: 'public',
    body: { schema: ZAdminLogin },
    response: { status: 200, description: 'A token for the Authorization header', schema: ZAdminLoginResponse },
    errors: ['INVALID_CREDENTIALS'],
    rateLimit: RATE_LIMITS.login,
  }),
  adminLogout: route({
    ...ENDPOINTS.adminLogout,
    tag: 'Admin',
    summary: 'End the session of the token sent; it is refused from then on',
    auth: 'admin',
    permission: { permission: 'account' },
    response: { status: 204, description: 'Logged out' },
    errors: [],
  }),
  ...ACCOUNT_API,
  ...AUDIT_API,
  ...TEAM_API,
  ...WEBHOOK_API,
  contactSubmit: route({
    ...ENDPOINTS.contactSubmit,
    tag: 'Contact',
    summary: 'Send a message to the site owner',
    auth: 'public',
    body: { schema: ZContactMessage },
    response: { status: 201, description: 'The stored message', schema: ZContactMessageRecord },
    errors: [],
    rateLimit: RATE_LIMITS.contact,
  }),
  contactList: route({
    ...ENDPOINTS.contactList,
    tag: 'Contact',
    summary: 'The inbox, newest first, one page at a time',
    auth: 'admin',
    permission: { permission: 'inbox:read' },
    query: ZContactListQuery,
    response: { status: 200, description: 'One page; pass nextCursor for the next', schema: ZContactMessagePage },
    errors: [],
    limits: [`At most ${CONTACT_PAGE_SIZE_MAX} messages a page`],
  }),
  ipMe: route({
    ...ENDPOINTS.ipMe,
    tag: 'IP lookup',
    summary: "The caller's own address, located offline",
    auth: 'public',
    response: {
      status: 200,
      description: 'The address and what the offline database knows of it',
      schema: ZIpLookupResult,
    },
    errors: ['INVALID_IP'],
    rateLimit: RATE_LIMITS.ipLookup,
  }),
  ipLookup: route({
    ...ENDPOINTS.ipLookup,
    tag: 'IP lookup',
    summary: 'An IPv4 or IPv6 address, located offline',
    auth: 'public',
    params: ZIpLookupParams,
    // Anything but an address is the one thing a client can get wrong here: its own code, not VALIDATION.
    invalidParams: 'INVALID_IP',
    response: {
      status: 200,
      description: 'The address and what the offline database knows of it',
      schema: ZIpLookupResult,
    },
    errors: ['INVALID_IP'],
    rateLimit: RATE_LIMITS.ipLookup,
  }),
  speedtestPing: route({
    ...ENDPOINTS.speedtestPing,
    tag: 'Speed test',
    summary: "The server's clock; the round trip is the ping",
    auth: 'public',
    response: { status: 200, description: 'Never cached', schema: ZSpeedtestPing },
    errors: [],
  }),
  speedtestDownload: route({
    ...ENDPOINTS.speedtestDownload,
    tag: 'Speed test',
    summary: 'Random bytes of the size asked for',
    auth: 'public',
    query: ZSpeedtestDownloadQuery,
    response: {
      status: 200,
      description: 'size MB (binary megabytes), never cached or compressed',
      schema: ZBinary,
      contentType: 'application/octet-stream',
    },
    errors: [],
    rateLimit: RATE_LIMITS.speedtestTransfer,
  }),
  speedtestUpload: route({
    ...ENDPOINTS.speedtestUpload,
    tag: 'Speed test',
    summary: 'Counts the bytes of a raw body and discards them',
    auth: 'public',
    body: { schema: ZBinary, contentType: 'application/octet-stream', checkedByHandler: true },
    response: { status: 200, description: 'How many bytes arrived', schema: ZSpeedtestUpload },
    errors: ['PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
    rateLimit: RATE_LIMITS.speedtestTransfer,
    limits: [`Body up to ${SPEEDTEST_UPLOAD_MAX_BYTES} bytes (10 MB), sent as application/octet-stream`],
  }),
  shortlinkList: route({
    ...ENDPOINTS.shortlinkList,
    tag: 'Shortlinks',
    summary: "The manager's list: search, tag filter, sort, cursor pages",
    auth: 'admin',
    permission: { permission: 'links:read', reach: 'own' },
    query: ZShortlinkListQuery,
    response: { status: 200, description: 'One page; pass nextCursor for the next', schema: ZShortlinkPage },
    errors: [],
    limits: [
      `At most ${SHORTLINK_LIST_LIMITS.maxLimit} links a page (${SHORTLINK_LIST_LIMITS.defaultLimit} by default)`,
      `Search text up to ${SHORTLINK_LIST_LIMITS.maxQuery} characters`,
    ],
  }),
  shortlinkSummary: route({
    ...ENDPOINTS.shortlinkSummary,
    tag: 'Shortlinks',
    summary: 'Totals and the newest links',
    auth: 'admin',
    permission: { permission: 'links:read' },
    response: { status: 200, description: 'The overview figures', schema: ZShortlinkSummary },
    errors: [],
  }),
  shortlinkTags: route({
    ...ENDPOINTS.shortlinkTags,
    tag: 'Shortlinks',
    summary: 'Every tag in use, most used first',
    auth: 'admin',
    permission: { permission: 'links:read' },
    response: { status: 200, description: 'Tags and their counts', schema: ZShortlinkTags },
    errors: [],
  }),
  shortlinkCreate: route({
    ...ENDPOINTS.shortlinkCreate,
    tag: 'Shortlinks',
    summary: 'Create a short link (a guest: title, target and image only)',
    description: 'A guest sending any other field is refused with UNKNOWN_FIELDS.',
    auth: 'admin-optional',
    permission: { permission: 'links:write', reach: 'own' },
    body: { schema: ZGuestShortlinkInput, adminSchema: ZShortlinkInput },
    response: { status: 201, description: 'The new link', schema: ZShortlink },
    errors: [
      'SHORT_CODE_TAKEN',
      'SHORTLINK_SELF_LINK',
      'SHORTLINK_OWN_ADDRESS',
      'GUEST_RATE_LIMITED',
      'FIELDS_CONFLICT',
      'UNKNOWN_FOLDER',
    ],
    limits: [
      `Guests: one link per ${GUEST_CREATE_INTERVAL_MS / 1000} seconds per client (GUEST_RATE_LIMITED, with Retry-After)`,
      `URLs up to ${SHORTLINK_LIMITS.url} characters, up to ${SHORTLINK_LIMITS.tags} tags`,
    ],
  }),
  shortlinkExport: route({
    ...ENDPOINTS.shortlinkExport,
    tag: 'Shortlinks',
    summary: 'Every link, streamed as JSON (the import format) or CSV',
    auth: 'admin',
    permission: { permission: 'links:read' },
    query: ZShortlinkExportQuery,
    response: {
      status: 200,
      description: 'A download (Content-Disposition: attachment)',
      schema: z.array(ZShortlinkExportRow),
      contentType: ['application/json; charset=utf-8', 'text/csv; charset=utf-8'],
    },
    errors: [],
  }),
  shortlinkClickExport: route({
    ...ENDPOINTS.shortlinkClickExport,
    tag: 'Shortlinks',
    summary: 'Every recorded click (code, time, referrer host, country, device), streamed as JSON or CSV',
    auth: 'admin',
    permission: { permission: 'analytics:read' },
    query: ZShortlinkExportQuery,
    response: {
      status: 200,
      description: 'A download (Content-Disposition: attachment), oldest click first',
      schema: z.array(ZClickExportRow),
      contentType: ['application/json; charset=utf-8', 'text/csv; charset=utf-8'],
    },
    errors: [],
  }),
  shortlinkImport: route({
    ...ENDPOINTS.shortlinkImport,
    tag: 'Shortlinks',
    summary: 'Import links from an export: all rows or none',
    auth: 'admin',
    permission: { permission: 'links:write' },
    body: { schema: z.array(ZShortlinkImportRow), limit: '10mb', checkedByHandler: true },
    response: { status: 201, description: 'How many links were stored', schema: ZImportShortlinksResponse },
    errors: [
      'VALIDATION',
      'INVALID_CHARACTERS',
      'UNKNOWN_FIELDS',
      'SHORTLINK_IMPORT_INVALID',
      'SHORT_CODE_TAKEN',
      'SHORTLINK_SELF_LINK',
      'SHORTLINK_OWN_ADDRESS',
      'FIELDS_CONFLICT',
      'UNKNOWN_FOLDER',
    ],
    limits: [`Up to ${SHORTLINK_LIMITS.importRows} rows, body up to 10 MB; an invalid row names its number`],
  }),
  shortlinkImportDryRun: route({
    ...ENDPOINTS.shortlinkImportDryRun,
    tag: 'Shortlinks',
    summary: 'Check an import without storing anything: every problem of every row',
    description:
      'Takes the body of `POST /api/shortlinks/import` and checks every row exactly as the import would, ' +
      'writing nothing. What is wrong with the values (a blank title, a URL that is none, a short code ' +
      'repeated in the file or already taken, a link to this site, validFrom not before validUntil, the ' +
      'clicks ceiling) is listed, each with its row number, in a 200 answer. A body the import refuses for ' +
      'its form is refused here too, with the first such row named: no array, more rows than the import ' +
      'takes, a row that is no object, a field the import does not know (UNKNOWN_FIELDS), a field holding ' +
      'an object, text with control characters (INVALID_CHARACTERS). A clean answer is no promise: a code ' +
      'may be taken between the check and the import, which then answers 409.',
    auth: 'admin',
    permission: { permission: 'links:write' },
    body: { schema: z.array(ZImportDryRunRow), limit: '10mb', checkedByHandler: true },
    response: {
      status: 200,
      description: 'How many rows are ready, and every problem of the others',
      schema: ZImportDryRunResponse,
    },
    errors: ['VALIDATION', 'INVALID_CHARACTERS', 'UNKNOWN_FIELDS', 'SHORTLINK_IMPORT_INVALID'],
    limits: [`Up to ${SHORTLINK_LIMITS.importRows} rows, body up to 10 MB, as the import`],
  }),
  shortlinkAnalytics: route({
    ...ENDPOINTS.shortlinkAnalytics,
    tag: 'Shortlinks',
    summary: 'Clicks of every link over a range',
    auth: 'admin',
    permission: { permission: 'analytics:read' },
    query: ZAnalyticsQuery,
    response: {
      status: 200,
      description: 'Totals, top links, referrers, countries, devices',
      schema: ZShortlinkAnalytics,
    },
    errors: ['FIELDS_CONFLICT'],
  }),
  shortlinkLinkAnalytics: route({
    ...ENDPOINTS.shortlinkLinkAnalytics,
    tag: 'Shortlinks',
    summary: 'Clicks of one link over a range',
    auth: 'admin',
    permission: { permission: 'analytics:read', reach: 'own' },
    params: ZShortlinkIdParams,
    query: ZAnalyticsQuery,
    response: { status: 200, description: 'The link and its clicks', schema: ZShortlinkLinkAnalytics },
    errors: ['SHORTLINK_NOT_FOUND', 'FIELDS_CONFLICT'],
  }),
  ...QR_API,
  ...SHORTLINK_FOLDER_API,
  shortlinkUpdate: route({
    ...ENDPOINTS.shortlinkUpdate,
    tag: 'Shortlinks',
    summary: 'Change a link (its code stays)',
    auth: 'admin',
    permission: { permission: 'links:write', reach: 'own' },
    params: ZShortlinkIdParams,
    body: { schema: ZShortlinkUpdate },
    response: { status: 200, description: 'The changed link', schema: ZShortlink },
    errors: [
      'SHORTLINK_NOT_FOUND',
      'SHORTLINK_SELF_LINK',
      'SHORTLINK_OWN_ADDRESS',
      'FIELDS_CONFLICT',
      'UNKNOWN_FOLDER',
    ],
  }),
  shortlinkDelete: route({
    ...ENDPOINTS.shortlinkDelete,
    tag: 'Shortlinks',
    summary: 'Delete a link and its clicks',
    auth: 'admin',
    permission: { permission: 'links:write', reach: 'own' },
    params: ZShortlinkIdParams,
    response: { status: 204, description: 'Deleted' },
    errors: ['SHORTLINK_NOT_FOUND'],
  }),
  shortlinkPublic: route({
    ...ENDPOINTS.shortlinkPublic,
    tag: 'Shortlinks',
    summary: "A link's public face; counts no click",
    auth: 'public',
    params: ZShortCodeParams,
    invalidParams: 'SHORTLINK_NOT_FOUND',
    description:
      'A password link answers 403 SHORTLINK_PASSWORD_REQUIRED here: its target is not public. A link outside ' +
      'its validFrom/validUntil window or past its visit limit answers as its click would, without counting: ' +
      '410 SHORTLINK_EXPIRED (404 SHORTLINK_NOT_ACTIVE before validFrom), with `fallbackUrl` when it has one.',
    response: { status: 200, description: 'Target, title, description and image', schema: ZPublicShortlink },
    errors: ['SHORTLINK_NOT_FOUND', 'SHORTLINK_PASSWORD_REQUIRED', 'SHORTLINK_EXPIRED', 'SHORTLINK_NOT_ACTIVE'],
  }),
  shortlinkClick: route({
    ...ENDPOINTS.shortlinkClick,
    tag: 'Shortlinks',
    summary: "The redirect page's request: counts one click and answers the link",
    description:
      'JSON only with `Accept: application/json` (without text/html): one click is counted. A browser or ' +
      "crawler asking for a page gets the preview page instead (no click), or, when the link's redirect mode " +
      'is direct and the client is no crawler, a 302 to the target (one click). A code outside the pattern ' +
      "or a reserved word names no link: 404, in JSON to a JSON request. The site's own pages and files " +
      '(`/about`, `/robots.txt`) are served at their addresses. A password link without its unlock cookie ' +
      '(see the unlock route) counts nothing and shows nothing of its target: 403 SHORTLINK_PASSWORD_REQUIRED ' +
      'to a JSON request, the neutral preview page to a page request. A link outside its validFrom/validUntil ' +
      'window or past its visit limit counts nothing: with a fallback URL a page request gets a 302 there and a ' +
      'JSON request the error with `fallbackUrl`; without one, 410 SHORTLINK_EXPIRED (404 SHORTLINK_NOT_ACTIVE ' +
      'before validFrom), as a page or as JSON.',
    auth: 'public',
    params: ZShortCodeParams,
    response: {
      status: 200,
      description: 'The link (JSON, never cached), or its preview page with its meta tags (HTML)',
      schema: ZPublicShortlink,
      contentType: ['application/json; charset=utf-8', HTML],
    },
    errors: ['SHORTLINK_NOT_FOUND', 'SHORTLINK_PASSWORD_REQUIRED', 'SHORTLINK_EXPIRED', 'SHORTLINK_NOT_ACTIVE'],
    beforeRouter: true,
    otherAnswers: [
      {
        status: 302,
        description: 'A page request for a link whose redirect mode is direct: one click counted; never cached',
        headers: { Location: "The link's target URL" },
      },
      { status: 404, description: 'the 404 page, or the "not active yet" page, to a page request', contentType: HTML },
      { status: 410, description: 'the "This link has expired" page, to a page request', contentType: HTML },
    ],
  }),
  shortlinkUnlock: route({
    ...ENDPOINTS.shortlinkUnlock,
    tag: 'Shortlinks',
    summary: 'Unlock a password link for this browser',
    description:
      'A right password answers 204 with a cookie for that link alone (Path=/{shortCode}, HttpOnly, SameSite=Lax, ' +
      'Secure over https, one hour) holding the link, its password version and the expiry, signed by the server: ' +
      'never the password. The redirect page then asks `GET /{shortCode}` again, which counts the click. Changing ' +
      'or removing the password ends every earlier unlock. A link without a password answers 204 and sets nothing.',
    auth: 'public',
    params: ZShortCodeParams,
    invalidParams: 'SHORTLINK_NOT_FOUND',
    body: { schema: ZLinkUnlock },
    response: { status: 204, description: 'Unlocked: the Set-Cookie header carries the unlock' },
    errors: ['SHORTLINK_NOT_FOUND', 'SHORTLINK_PASSWORD_WRONG'],
    rateLimit: RATE_LIMITS.linkUnlock,
    limits: [
      `${RATE_LIMITS.linkUnlock.limit} wrong passwords per ${RATE_LIMITS.linkUnlock.windowMs / 60_000} minutes per ` +
        `address and ${RATE_LIMITS.linkUnlockPerLink.limit} per link, across replicas (RATE_LIMITED, with Retry-After)`,
    ],
  }),
  blogList: route({
    ...ENDPOINTS.blogList,
    tag: 'Blog',
    summary: 'One page of post summaries (drafts too for the admin)',
    auth: 'admin-optional',
    permission: { permission: 'blog:read', reach: 'own' },
    query: ZBlogListQuery,
    response: { status: 200, description: 'One numbered page', schema: ZBlogPostPage },
    errors: [],
    limits: [`At most ${BLOG_PAGE_SIZE_MAX} posts a page`],
  }),
  blogRead: route({
    ...ENDPOINTS.blogRead,
    tag: 'Blog',
    summary: 'One post; each read counts a view',
    description: 'The admin may read drafts; with `?edit=1` the admin opening the editor counts no view.',
    auth: 'admin-optional',
    permission: { permission: 'blog:read', reach: 'own' },
    params: ZPostSlugParams,
    invalidParams: 'BLOG_POST_NOT_FOUND',
    query: ZBlogReadQuery,
    response: { status: 200, description: 'The post, its HTML sanitized', schema: ZBlogPost },
    errors: ['BLOG_POST_NOT_FOUND'],
  }),
  blogCreate: route({
    ...ENDPOINTS.blogCreate,
    tag: 'Blog',
    summary: 'Create a post',
    auth: 'admin',
    permission: { permission: 'blog:write', reach: 'own' },
    body: blogBody,
    response: { status: 201, description: 'The new post', schema: ZBlogPost },
    errors: blogWriteErrors,
    limits: blogLimits,
  }),
  blogUpdate: route({
    ...ENDPOINTS.blogUpdate,
    tag: 'Blog',
    summary: 'Change a post',
    auth: 'admin',
    permission: { permission: 'blog:write', reach: 'own' },
    params: ZPostIdParams,
    body: blogBody,
    response: { status: 200, description: 'The changed post', schema: ZBlogPost },
    errors: ['BLOG_POST_NOT_FOUND', ...blogWriteErrors],
    limits: blogLimits,
  }),
  blogDelete: route({
    ...ENDPOINTS.blogDelete,
    tag: 'Blog',
    summary: 'Delete a post',
    auth: 'admin',
    permission: { permission: 'blog:write', reach: 'own' },
    params: ZPostIdParams,
    response: { status: 204, description: 'Deleted' },
    errors: ['BLOG_POST_NOT_FOUND'],
  }),
  categoryList: route({
    ...ENDPOINTS.categoryList,
    tag: 'Blog',
    summary: 'Every blog category, by name',
    auth: 'public',
    response: { status: 200, description: 'The categories', schema: z.array(ZCategory) },
    errors: [],
  }),
  categoryCreate: route({
    ...ENDPOINTS.categoryCreate,
    tag: 'Blog',
    summary: 'Create a category',
    auth: 'admin',
    permission: { permission: 'categories:write' },
    body: { schema: ZCategoryInput },
    response: { status: 201, description: 'The new category', schema: ZCategory },
    errors: ['CATEGORY_SLUG_TAKEN'],
  }),
  categoryUpdate: route({
    ...ENDPOINTS.categoryUpdate,
    tag: 'Blog',
    summary: 'Change a category',
    auth: 'admin',
    permission: { permission: 'categories:write' },
    params: ZCategoryIdParams,
    body: { schema: ZCategoryInput },
    response: { status: 200, description: 'The changed category', schema: ZCategory },
    errors: ['CATEGORY_NOT_FOUND', 'CATEGORY_SLUG_TAKEN'],
  }),
  categoryDelete: route({
    ...ENDPOINTS.categoryDelete,
    tag: 'Blog',
    summary: 'Delete a category; its posts become uncategorised',
    auth: 'admin',
    permission: { permission: 'categories:write' },
    params: ZCategoryIdParams,
    response: { status: 204, description: 'Deleted' },
    errors: ['CATEGORY_NOT_FOUND'],
  }),
  rss: route({
    ...ENDPOINTS.rss,
    tag: 'Feeds',
    summary: 'RSS feed of the published posts',
    auth: 'public',
    response: { status: 200, description: 'RSS 2.0', schema: ZText, contentType: 'application/rss+xml; charset=utf-8' },
    errors: [],
  }),
  sitemap: route({
    ...ENDPOINTS.sitemap,
    tag: 'Feeds',
    summary: 'Sitemap index: the pages, then the posts in parts',
    auth: 'public',
    response: { status: 200, description: 'A sitemap index', schema: ZText, contentType: XML },
    errors: [],
  }),
  sitemapPages: route({
    ...ENDPOINTS.sitemapPages,
    tag: 'Feeds',
    summary: "Sitemap of the site's fixed pages",
    auth: 'public',
    response: { status: 200, description: 'A sitemap', schema: ZText, contentType: XML },
    errors: [],
  }),
  sitemapPosts: route({
    ...ENDPOINTS.sitemapPosts,
    tag: 'Feeds',
    summary: 'One part of the published posts’ sitemap',
    auth: 'public',
    params: z.object({
      part: text('Not found')
        .regex(/^[1-9]\d{0,5}$/)
        .meta({ description: '1-based part number' }),
    }),
    invalidParams: 'NOT_FOUND',
    response: { status: 200, description: 'A sitemap of up to 1000 posts', schema: ZText, contentType: XML },
    errors: ['NOT_FOUND'],
  }),
} as const satisfies { [Name in EndpointName]: RouteContract & (typeof ENDPOINTS)[Name] };

/** What a route's response schema gives: null for a 204, which has no body. */
type SchemaBody<R extends RouteContract> = R['response'] extends { schema: z.ZodType<infer Body> } ? Body : null;
/** Names of the routes whose schema gives another type than the body ENDPOINTS promises the client. */
type BodyDrift = {
  [Name in EndpointName]: [SchemaBody<(typeof API)[Name]>] extends [EndpointBody<(typeof ENDPOINTS)[Name]>]
    ? [EndpointBody<(typeof ENDPOINTS)[Name]>] extends [SchemaBody<(typeof API)[Name]>]
      ? never
      : Name
    : Name;
}[EndpointName];
// Fails to compile, naming the route, when a schema and its ENDPOINTS body differ.
const noBodyDrift: [BodyDrift] extends [never] ? true : { drift: BodyDrift } = true;
void noBodyDrift;

export type ApiRouteName = keyof typeof API;

/** Every route, in the order the reference lists them. */
export const API_ROUTES: readonly RouteContract[] = Object.values(API);

/** What any route may answer: a body the parser refuses, a body too slow, a failure or an outage of ours. */
export const COMMON_ERRORS = [
  'MALFORMED_JSON',
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_TIMEOUT',
  'INTERNAL',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly ApiErrorCode[];

/**
 * Every code a route may answer: its own, its checks' (auth, validation, rate limit) and the common
 * ones. Every checked parameter and body may hold text with a character no form types; every checked
 * JSON body may carry fields the route does not take.
 */
export function routeErrors(route: RouteContract): ApiErrorCode[] {
  const codes = new Set<ApiErrorCode>(route.errors);
  if (route.auth !== 'public') {
    codes.add('UNAUTHORIZED');
    codes.add('FORBIDDEN');
  }
  const checkedBody = route.body !== undefined && !route.body.checkedByHandler;
  if (route.params && !route.beforeRouter) codes.add(route.invalidParams ?? 'VALIDATION');
  if (route.query || checkedBody) codes.add('VALIDATION');
  if ((route.params && !route.beforeRouter) || route.query || checkedBody) codes.add('INVALID_CHARACTERS');
  if (checkedBody && isJsonBody(route.body!)) codes.add('UNKNOWN_FIELDS');
  if (route.rateLimit) codes.add(route.rateLimit.code);
  for (const code of COMMON_ERRORS) codes.add(code);
  return [...codes].sort((a, b) => API_ERRORS[a].status - API_ERRORS[b].status || a.localeCompare(b));
}

/** Whether a route's body is JSON (the default), which express.json reads and a strict schema checks. */
export function isJsonBody(body: RouteBody): boolean {
  return (body.contentType ?? 'application/json') === 'application/json';
}

/** `/api/blog/:id` → `/api/blog/{id}`, as OpenAPI writes paths. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}
