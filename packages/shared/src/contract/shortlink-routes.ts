/**
 * The shortlinks: the manager's list, analytics, import and export, and the public side a visitor
 * meets (the lookup, the counted click, the password unlock). Spread into API (routes.ts) in this order.
 */
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
import { ENDPOINTS } from '../endpoints';
import { z } from '../zod';
import {
  ZImportShortlinksResponse,
  ZImportDryRunResponse,
  ZPublicShortlink,
  ZShortlink,
  ZShortlinkAnalytics,
  ZShortlinkExportRow,
  ZClickExportRow,
  ZShortlinkLinkAnalytics,
  ZShortlinkPage,
  ZShortlinkSummary,
  ZShortlinkTags,
} from './responses';

import { QR_API } from './qr-routes';
import { SHORTLINK_FOLDER_API } from './shortlink-folder-routes';
import { RATE_LIMITS, route } from './route';

const HTML = 'text/html; charset=utf-8';

export const SHORTLINK_API = {
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
} as const;
