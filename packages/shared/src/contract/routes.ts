/**
 * Every route clients use, declared once: the API routers register these (method, path and
 * validators come from here), the OpenAPI document and the reference page at /api/docs are
 * generated from them, and a test fails when the server and this list disagree.
 */
import { API_ERRORS, type ApiErrorCode } from '../api';
import { ZAdminLogin } from '../auth.schemas';
import { CONTACT_PAGE_SIZE_MAX } from '../contact';
import { ZContactListQuery, ZContactMessage } from '../contact.schemas';
import { ZIpLookupParams } from '../ip.schemas';
import { SPEEDTEST_UPLOAD_MAX_BYTES } from '../speedtest';
import { ZSpeedtestDownloadQuery } from '../speedtest.schemas';
import { ENDPOINTS, type EndpointBody, type EndpointName } from '../endpoints';
import { z } from '../zod';
import {
  ZAdminLoginResponse,
  ZBinary,
  ZContactMessagePage,
  ZContactMessageRecord,
  ZHealth,
  ZIpLookupResult,
  ZSpeedtestPing,
  ZSpeedtestUpload,
  ZText,
} from './responses';

import { ACCOUNT_API } from './account-routes';
import { BLOG_API } from './blog-routes';
import { SHORTLINK_API } from './shortlink-routes';
import { AUDIT_API } from './audit-routes';
import { TEAM_API } from './team-routes';
import { WEBHOOK_API } from './webhook-routes';
import { RATE_LIMITS, route, type RouteBody, type RouteContract } from './route';

export * from './route';

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
  ...SHORTLINK_API,
  ...BLOG_API,
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
