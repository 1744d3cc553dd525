import compression from 'compression';
import express, { type Express } from 'express';
import { API_ROUTES, JSON_BODY_LIMIT } from '@toolvault/shared/contract';
import { memoryCounterStore, type CounterStore } from './counters/counter-store';
import type { Repositories } from './db';
import { publicOrigin, type Config } from './env';
import { answerAheadOfRouter } from './http/ahead-of-router';
import { jsonBody } from './http/body-limit';
import { errorHandler, notFound, noTrailingSlash } from './http/error-handler';
import { methodNotAllowed } from './http/method-not-allowed';
import { requestLog } from './http/request-log';
import { securityHeaders } from './http/security-headers';
import { wholeBodyCompression } from './http/whole-body-compression';
import { spa, type ShortlinkResolver } from './http/spa';
import type { Logger } from './logger';
import { API_BASE, apiRouter } from './routes';
import type { Readiness } from './routes/health.routes';
import { BLOG_API_PATH, blogPagePreloads, blogPostBody, blogPreviewResolver } from './routes/blog.routes';
import { feedsRouter } from './routes/feeds.routes';
import { createAccountService } from './services/account.service';
import { createApiKeysService } from './services/api-keys.service';
import { createAuditService } from './services/audit.service';
import { createAuditLogService } from './services/audit-log.service';
import { createAdminAuthService, ensureAdminCredentials, type AdminCredentials } from './services/admin-auth.service';
import { systemClock, type Clock } from './lib/clock';
import { createBlogService } from './services/blog.service';
import { createCategoryService } from './services/categories.service';
import { createContactService } from './services/contact.service';
import { createInvitationsService } from './services/invitations.service';
import { createTeamService } from './services/team.service';
import { createFeedService } from './services/feeds.service';
import { sharedHtmlSanitizerPool, type HtmlSanitizerPool } from './services/html-sanitizer.pool';
import { offlineGeoService, type GeoService } from './services/geo.service';
import { shortlinkPreviewResolver, shortlinkVisits } from './routes/shortlink-redirect.routes';
import { SHORTLINK_IMPORT_PATHS, shortlinkImportBody } from './routes/shortlinks.routes';
import { createShortlinkAnalyticsService } from './services/shortlink-analytics.service';
import { createShortlinkClickService } from './services/shortlink-click.service';
import { createShortlinkService } from './services/shortlink.service';
import { createShortlinkQrService } from './services/shortlink-qr.service';
import { createLinkPasswordService } from './services/link-password.service';
import { createShortlinkBulkService } from './services/shortlink-bulk.service';
import { machineAddresses } from './services/machine-addresses';
import { createIpLookupService } from './services/ip-lookup.service';
import { createSpeedtestService } from './services/speedtest.service';
import { createWebhookEvents, createWebhooksService, webhookPolicy, type WebhookEvents } from './services/webhooks';
import { systemResolve, type Resolve } from './services/webhooks/target-guard';

export interface AppDeps {
  config: Config;
  /** The repositories of an opened, migrated database. */
  db: Repositories;
  logger: Logger;
  clock?: Clock;
  /** Admin credentials, resolved once at start (`resolveCredentials`). */
  credentials: AdminCredentials;
  /** Folder of the built SPA; without it only the API is served. */
  webDist?: string;
  /** Finds the preview of a short code served at /{code}; the shortlink service's when omitted. */
  shortlinks?: ShortlinkResolver;
  /** Offline IP geolocation; the process-wide database reader when omitted. */
  geo?: GeoService;
  /** Blog HTML sanitizer (a process of its own); the server's shared one when omitted. */
  sanitizer?: HtmlSanitizerPool;
  /** Every rate-limit counter; a fresh in-memory store (one process) when omitted. */
  counters?: CounterStore;
  /** What /api/health checks besides the database (Redis when configured). */
  readiness?: Readiness;
  /** This machine's addresses, which no link may target; its network interfaces' when omitted. */
  ownAddresses?: () => readonly string[];
  /**
   * Where link events and clicks go to be queued for webhooks; the server passes the one it starts
   * (its click batches flush each second), tests leave it out.
   */
  webhookEvents?: WebhookEvents;
  /** Resolves a webhook's host name (a table in tests); the system resolver when omitted. */
  webhookResolve?: Resolve;
}

/**
 * The admin password hash and JWT secret: from the environment, else from the database (created
 * there on the first start, the generated password printed once by the process that created it).
 */
export function resolveCredentials({
  config,
  db,
  logger,
  clock = systemClock,
}: Pick<AppDeps, 'config' | 'db' | 'logger' | 'clock'>): Promise<AdminCredentials> {
  return ensureAdminCredentials({
    settings: db.settings,
    sessions: db.adminSessions,
    users: db.users,
    adminPassword: config.adminPassword,
    jwtSecret: config.jwtSecret,
    clock,
    announce: logger.notice,
  });
}

export function createApp(deps: AppDeps): Express {
  const { config, db, logger, credentials, clock = systemClock } = deps;
  const geo = deps.geo ?? offlineGeoService();
  const counters = deps.counters ?? memoryCounterStore(clock);
  const readiness: Readiness = [{ name: 'database', ping: () => db.ping() }, ...(deps.readiness ?? [])];
  const apiKeys = createApiKeysService({ keys: db.apiKeys, clock });
  const webhookEvents =
    deps.webhookEvents ??
    createWebhookEvents({ webhooks: db.webhooks, deliveries: db.webhookDeliveries, clock, logger });
  const services = {
    adminAuth: createAdminAuthService({ credentials, sessions: db.adminSessions, users: db.users, clock }),
    apiKeys,
    account: createAccountService({
      users: db.users,
      sessions: db.adminSessions,
      apiKeys,
      clock,
      ownerPasswordFromOperator: config.adminPassword !== undefined,
    }),
    audit: createAuditService({ audit: db.audit, users: db.users, clock }),
    auditLog: createAuditLogService({ audit: db.audit }),
    users: db.users,
    team: createTeamService({ users: db.users, sessions: db.adminSessions, invitations: db.invitations, clock }),
    invitations: createInvitationsService({
      invitations: db.invitations,
      users: db.users,
      clock,
      origin: publicOrigin(config),
    }),
    contact: createContactService({ contact: db.contact, clock }),
    ipLookup: createIpLookupService({ geo }),
    speedtest: createSpeedtestService({ clock }),
    shortlinks: createShortlinkService({
      shortlinks: db.shortlinks,
      visits: db.shortlinkClicks,
      users: db.users,
      clock,
      counters,
      self: { hosts: [new URL(publicOrigin(config)).host], addresses: deps.ownAddresses ?? machineAddresses },
    }),
    shortlinkBulk: createShortlinkBulkService({ shortlinks: db.shortlinks, clock }),
    shortlinkAnalytics: createShortlinkAnalyticsService({
      shortlinks: db.shortlinks,
      clicks: db.shortlinkClicks,
      clock,
    }),
    shortlinkQr: createShortlinkQrService({ shortlinks: db.shortlinks, origin: publicOrigin(config) }),
    blog: createBlogService({
      blogPosts: db.blogPosts,
      categories: db.categories,
      users: db.users,
      clock,
      sanitizer: deps.sanitizer ?? sharedHtmlSanitizerPool(),
    }),
    categories: createCategoryService({ categories: db.categories }),
    linkPasswords: createLinkPasswordService({
      passwords: db.linkPasswords,
      linkExists: async (code) => (await db.shortlinks.findPublic(code)) !== null,
      secret: credentials.jwtSecret,
      clock,
    }),
    webhooks: createWebhooksService({
      webhooks: db.webhooks,
      deliveries: db.webhookDeliveries,
      clock,
      policy: webhookPolicy(config, deps.ownAddresses ?? machineAddresses),
      resolve: deps.webhookResolve ?? systemResolve,
    }),
    webhookEvents,
  };
  const shortlinkClickService = createShortlinkClickService({
    shortlinks: db.shortlinks,
    clicks: db.shortlinkClicks,
    salts: db.clickSalts,
    geo,
    clock,
    onClick: (click) => webhookEvents.clicked(click),
    // The click that took a link to its visit limit: the `link.expired` event, once across replicas
    // (webhookEvents claims the event's key), after that click's commit.
    onLinkInactive: ({ shortlinkId }) => {
      void db.shortlinks
        .findById(shortlinkId)
        .then((link) => (link ? webhookEvents.linkExpired(link, 'maxVisits', link.maxVisits ?? 0) : undefined))
        .catch((error: unknown) => logger.warn(`link.expired webhook: ${String(error)}`));
    },
  });

  const app = express();
  // Paths match as written, before the app's router exists (it reads these when it is made):
  // `/API/health` and `/sitemap.xml/` are not routes of ours. Every router is made the same way
  // (http/contract-router.ts strictRouter).
  app.enable('case sensitive routing');
  app.enable('strict routing');
  app.disable('x-powered-by');
  // A hop count, never `true`: with 0 a client cannot pick its own rate-limit key via X-Forwarded-For.
  app.set('trust proxy', config.trustProxy);

  // A click (the redirect page's JSON request, or a page request for a link that redirects at
  // once) is the hot path: answered before the router, with the same security headers.
  answerAheadOfRouter(
    app,
    shortlinkVisits({ clicks: shortlinkClickService, webDist: deps.webDist, locks: services.linkPasswords }),
  );
  app.use(requestLog(logger));
  app.use(securityHeaders());
  app.use(API_BASE, noTrailingSlash);
  // Pages and JSON made per request; static files arrive precompressed (http/spa.ts) and are left alone.
  app.use(compression());
  // After it, so it sees a whole body first: compressed at once instead of on later turns of the loop.
  app.use(wholeBodyCompression());
  // The import and its dry run take up to 10 MB; parsed here, the app-wide parser below skips them.
  for (const path of SHORTLINK_IMPORT_PATHS) app.post(path, shortlinkImportBody());
  // Post bodies carry up to 200 000 characters of HTML; parsed here, the app-wide parser below skips them.
  app.use(BLOG_API_PATH, blogPostBody());
  app.use(jsonBody(JSON_BODY_LIMIT));
  app.use(API_BASE, apiRouter({ logger, limits: { logger, counters }, readiness, services }));
  // Generated here, so served with or without a built SPA, and before its fallback.
  app.use(
    feedsRouter({
      feeds: createFeedService({ blogPosts: db.blogPosts, blog: services.blog, clock }),
      origin: publicOrigin(config),
    }),
  );
  if (deps.webDist) {
    const shortlinks = deps.shortlinks ?? shortlinkPreviewResolver(services.shortlinks, services.linkPasswords);
    app.use(
      spa({
        webDist: deps.webDist,
        shortlinks,
        blogPosts: blogPreviewResolver(services.blog, publicOrigin(config)),
        preloads: blogPagePreloads(services.blog, services.categories),
      }),
    );
  }
  app.use(methodNotAllowed(API_ROUTES));
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
