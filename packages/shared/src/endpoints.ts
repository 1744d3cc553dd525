/**
 * Where each API route lives and what it answers, without zod: the method, the path and the type of
 * the success body. The contract (`@toolvault/shared/contract`) builds every route from its entry here
 * and checks that its response schema gives this type; the web client calls the API through these
 * entries (lib/api.ts `callApi`), so the server, the OpenAPI document and the client name each route
 * once. Kept apart from the contract so the pages that call the API load no zod.
 */
import type { AccountSessionList, ApiKeyList, CreatedApiKey } from './account';
import type { AdminLoginResponse } from './auth';
import type { BlogPost, BlogPostPage, Category } from './blog';
import type { ContactMessage, ContactMessagePage } from './contact.schemas';
import type { IpLookupResult } from './ip';
import type {
  ClickExportRow,
  ImportShortlinksResponse,
  ImportDryRunResponse,
  PublicShortlink,
  Shortlink,
  ShortlinkAnalytics,
  ShortlinkExportRow,
  ShortlinkLinkAnalytics,
  ShortlinkPage,
  ShortlinkSummary,
  ShortlinkTagsResponse,
} from './shortlinks';
import type { SpeedtestPing, SpeedtestUpload } from './speedtest';
import type { AuditPage } from './audit';
import { API_DOCS_PATH, RSS_FEED_PATH } from './routes';
import type { ShortlinkBulkResponse, ShortlinkFolder, ShortlinkFoldersResponse } from './shortlink-folders';
import type { Account, CreatedInvitation, InvitationList, Person, PublicInvitation, TeamList } from './team';
import type { Webhook, WebhookDelivery, WebhookDeliveryPage, WebhookList } from './webhooks';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

declare const BODY: unique symbol;

/** A route's method and path (Express syntax, `/api/blog/:id`); `Body` is its success body, a type only. */
export interface Endpoint<Body = unknown, Path extends string = string> {
  readonly method: HttpMethod;
  readonly path: Path;
  /** Never set: carries the success body's type to callers. */
  readonly [BODY]?: () => Body;
}

/** The success body of an endpoint (null for the 204s). */
export type EndpointBody<E> = E extends { readonly [BODY]?: () => infer Body } ? Body : never;

const endpoint =
  <Body>() =>
  <const M extends HttpMethod, const P extends string>(method: M, path: P) =>
    ({ method, path }) as { readonly method: M; readonly path: P; readonly [BODY]?: () => Body };

/** A body that is not JSON (HTML, XML, bytes). */
type Text = string;

export const ENDPOINTS = {
  health: endpoint<{ status: 'ok'; checks: Record<string, 'ok' | 'down'> }>()('get', '/api/health'),
  openapi: endpoint<Record<string, unknown>>()('get', '/api/openapi.json'),
  docs: endpoint<Text>()('get', API_DOCS_PATH),
  adminLogin: endpoint<AdminLoginResponse>()('post', '/api/admin/login'),
  adminLogout: endpoint<null>()('post', '/api/admin/logout'),
  accountMe: endpoint<Account>()('get', '/api/account'),
  accountUpdate: endpoint<Account>()('put', '/api/account'),
  accountPassword: endpoint<null>()('put', '/api/account/password'),
  accountSessions: endpoint<AccountSessionList>()('get', '/api/account/sessions'),
  accountSessionEnd: endpoint<null>()('delete', '/api/account/sessions/:id'),
  accountKeys: endpoint<ApiKeyList>()('get', '/api/account/keys'),
  accountKeyCreate: endpoint<CreatedApiKey>()('post', '/api/account/keys'),
  accountKeyRevoke: endpoint<null>()('delete', '/api/account/keys/:id'),
  auditList: endpoint<AuditPage>()('get', '/api/audit'),
  auditExport: endpoint<Text>()('get', '/api/audit/export'),
  teamList: endpoint<TeamList>()('get', '/api/team'),
  teamUpdatePerson: endpoint<Person>()('put', '/api/team/people/:id'),
  teamTransferOwnership: endpoint<null>()('post', '/api/team/ownership'),
  invitationList: endpoint<InvitationList>()('get', '/api/team/invitations'),
  invitationCreate: endpoint<CreatedInvitation>()('post', '/api/team/invitations'),
  invitationRevoke: endpoint<null>()('delete', '/api/team/invitations/:id'),
  webhookList: endpoint<WebhookList>()('get', '/api/webhooks'),
  webhookCreate: endpoint<Webhook>()('post', '/api/webhooks'),
  webhookUpdate: endpoint<Webhook>()('put', '/api/webhooks/:id'),
  webhookDelete: endpoint<null>()('delete', '/api/webhooks/:id'),
  webhookRotateSecret: endpoint<Webhook>()('post', '/api/webhooks/:id/secret'),
  webhookDeliveries: endpoint<WebhookDeliveryPage>()('get', '/api/webhooks/:id/deliveries'),
  webhookResend: endpoint<WebhookDelivery>()('post', '/api/webhooks/:id/deliveries/:deliveryId/resend'),
  invitationRead: endpoint<PublicInvitation>()('get', '/api/invitations/:token'),
  invitationAccept: endpoint<AdminLoginResponse>()('post', '/api/invitations/:token/accept'),
  contactSubmit: endpoint<ContactMessage>()('post', '/api/contact'),
  contactList: endpoint<ContactMessagePage>()('get', '/api/contact'),
  ipMe: endpoint<IpLookupResult>()('get', '/api/ip/me'),
  ipLookup: endpoint<IpLookupResult>()('get', '/api/ip/:ip'),
  speedtestPing: endpoint<SpeedtestPing>()('get', '/api/speedtest/ping'),
  speedtestDownload: endpoint<Text>()('get', '/api/speedtest/download'),
  speedtestUpload: endpoint<SpeedtestUpload>()('post', '/api/speedtest/upload'),
  shortlinkList: endpoint<ShortlinkPage>()('get', '/api/shortlinks'),
  shortlinkSummary: endpoint<ShortlinkSummary>()('get', '/api/shortlinks/summary'),
  shortlinkTags: endpoint<ShortlinkTagsResponse>()('get', '/api/shortlinks/tags'),
  shortlinkCreate: endpoint<Shortlink>()('post', '/api/shortlinks'),
  shortlinkExport: endpoint<ShortlinkExportRow[]>()('get', '/api/shortlinks/export'),
  shortlinkClickExport: endpoint<ClickExportRow[]>()('get', '/api/shortlinks/clicks/export'),
  shortlinkImport: endpoint<ImportShortlinksResponse>()('post', '/api/shortlinks/import'),
  shortlinkImportDryRun: endpoint<ImportDryRunResponse>()('post', '/api/shortlinks/import/dry-run'),
  shortlinkAnalytics: endpoint<ShortlinkAnalytics>()('get', '/api/shortlinks/analytics'),
  shortlinkLinkAnalytics: endpoint<ShortlinkLinkAnalytics>()('get', '/api/shortlinks/:id/analytics'),
  shortlinkQr: endpoint<Text>()('get', '/api/shortlinks/:id/qr'),
  shortlinkBulk: endpoint<ShortlinkBulkResponse>()('post', '/api/shortlinks/bulk'),
  shortlinkFolderList: endpoint<ShortlinkFoldersResponse>()('get', '/api/shortlinks/folders'),
  shortlinkFolderCreate: endpoint<ShortlinkFolder>()('post', '/api/shortlinks/folders'),
  shortlinkFolderUpdate: endpoint<ShortlinkFolder>()('put', '/api/shortlinks/folders/:id'),
  shortlinkFolderDelete: endpoint<null>()('delete', '/api/shortlinks/folders/:id'),
  shortlinkUpdate: endpoint<Shortlink>()('put', '/api/shortlinks/:id'),
  shortlinkDelete: endpoint<null>()('delete', '/api/shortlinks/:id'),
  shortlinkPublic: endpoint<PublicShortlink>()('get', '/api/shortlink/:shortCode'),
  shortlinkClick: endpoint<PublicShortlink>()('get', '/:shortCode'),
  shortlinkUnlock: endpoint<null>()('post', '/api/shortlink/:shortCode/unlock'),
  blogList: endpoint<BlogPostPage>()('get', '/api/blog'),
  blogRead: endpoint<BlogPost>()('get', '/api/blog/:slug'),
  blogCreate: endpoint<BlogPost>()('post', '/api/blog'),
  // Ids have a path of their own: `/api/blog/1` is the post whose slug is "1".
  blogUpdate: endpoint<BlogPost>()('put', '/api/blog/posts/:id'),
  blogDelete: endpoint<null>()('delete', '/api/blog/posts/:id'),
  categoryList: endpoint<Category[]>()('get', '/api/categories'),
  categoryCreate: endpoint<Category>()('post', '/api/categories'),
  categoryUpdate: endpoint<Category>()('put', '/api/categories/:id'),
  categoryDelete: endpoint<null>()('delete', '/api/categories/:id'),
  rss: endpoint<Text>()('get', RSS_FEED_PATH),
  sitemap: endpoint<Text>()('get', '/sitemap.xml'),
  sitemapPages: endpoint<Text>()('get', '/sitemap-pages.xml'),
  sitemapPosts: endpoint<Text>()('get', '/sitemap-posts-:part.xml'),
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

/** The endpoint's method as fetch writes it (`POST`). */
export const fetchMethod = <M extends HttpMethod>(endpoint: { readonly method: M }): Uppercase<M> =>
  endpoint.method.toUpperCase() as Uppercase<M>;

/** The `:name` parameters of a path (a name ends at `/` or `.`). */
export type PathParams<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? Name | PathParams<`/${Tail}`>
    : Rest extends `${infer Name}.${string}`
      ? Name
      : Rest
  : never;

// URLSearchParams exists in browsers and Node; this package's lib (ES2023 only) does not declare it.
declare const URLSearchParams: new (pairs: string[][]) => { toString(): string };

/** A query string's values: absent, null and empty ones are left out. */
export type QueryValues = Record<string, string | number | boolean | null | undefined>;

/** What fills in an endpoint's address: its path parameters (when it has any) and a query. */
export type UrlParts<P extends string> = ([PathParams<P>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParams<P>, string | number> }) & {
  /** Key–value pairs, or a query string already written (without `?`). */
  query?: QueryValues | string;
};

/**
 * The address of `endpoint`: each `:name` replaced by its parameter (URL-encoded), then the query.
 * Throws on a parameter that is missing, which the types already rule out.
 */
export function endpointUrl<P extends string>(endpoint: { readonly path: P }, parts?: UrlParts<P>): string {
  const params = (parts?.params ?? {}) as Record<string, string | number>;
  const path = endpoint.path.replace(/:(\w+)/g, (_all, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${endpoint.path} needs its ${name} parameter`);
    return encodeURIComponent(String(value));
  });
  const query = queryString(parts?.query);
  return query === '' ? path : `${path}?${query}`;
}

function queryString(query: UrlParts<string>['query']): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query;
  const pairs = Object.entries(query).flatMap(([name, value]) =>
    value === undefined || value === null || value === '' ? [] : [[name, String(value)]],
  );
  return new URLSearchParams(pairs).toString();
}
