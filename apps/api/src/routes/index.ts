import type { Router } from 'express';
import { API_ROUTES } from '@toolvault/shared/contract';
import { notFound } from '../http/error-handler';
import { methodNotAllowed } from '../http/method-not-allowed';
import { optionalAdmin, requireAdmin } from '../http/auth';
import { strictRouter, type ContractRouter } from '../http/contract-router';
import { keyLimiter, type LimiterDeps } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { AccountService } from '../services/account.service';
import type { AdminAuthService } from '../services/admin-auth.service';
import type { ApiKeysService } from '../services/api-keys.service';
import type { AuditService } from '../services/audit.service';
import type { AuditLogService } from '../services/audit-log.service';
import { changeLog } from '../http/change-log';
import type { UsersRepo } from '../db/users.repo';
import type { BlogService } from '../services/blog.service';
import type { CategoryService } from '../services/categories.service';
import type { ContactService } from '../services/contact.service';
import type { InvitationsService } from '../services/invitations.service';
import type { TeamService } from '../services/team.service';
import type { IpLookupService } from '../services/ip-lookup.service';
import type { ShortlinkAnalyticsService } from '../services/shortlink-analytics.service';
import type { ShortlinkService } from '../services/shortlink.service';
import type { ShortlinkQrService } from '../services/shortlink-qr.service';
import type { SpeedtestService } from '../services/speedtest.service';
import { withLinkWebhooks, type WebhookEvents, type WebhooksService } from '../services/webhooks';
import { webhooksRouter } from './webhooks.routes';
import { accountRouter } from './account.routes';
import { adminRouter } from './admin.routes';
import { auditRouter } from './audit.routes';
import { blogRouter } from './blog.routes';
import { categoriesRouter } from './categories.routes';
import { contactRouter } from './contact.routes';
import { healthRouter, type Readiness } from './health.routes';
import { ipRouter } from './ip.routes';
import { referenceRouter } from './reference.routes';
import { publicShortlinkRouter, shortlinksRouter } from './shortlinks.routes';
import { shortlinkQrRouter } from './shortlink-qr.routes';
import { linkUnlockRouter } from './link-unlock.routes';
import type { LinkPasswordService } from '../services/link-password.service';
import type { ShortlinkBulkService } from '../services/shortlink-bulk.service';
import { speedtestRouter } from './speedtest.routes';
import { invitationsRouter, teamRouter } from './team.routes';

/** What the routers need; createApp builds it once per app. */
export interface ApiContext {
  logger: Logger;
  /** The counter store every rate limiter uses. */
  limits: LimiterDeps;
  /** Answers whether this replica can serve (GET /api/health). */
  readiness: Readiness;
  services: {
    adminAuth: AdminAuthService;
    account: AccountService;
    apiKeys: ApiKeysService;
    users: UsersRepo;
    audit: AuditService;
    auditLog: AuditLogService;
    team: TeamService;
    invitations: InvitationsService;
    contact: ContactService;
    ipLookup: IpLookupService;
    speedtest: SpeedtestService;
    shortlinks: ShortlinkService;
    shortlinkAnalytics: ShortlinkAnalyticsService;
    shortlinkQr: ShortlinkQrService;
    linkPasswords: LinkPasswordService;
    shortlinkBulk: ShortlinkBulkService;
    blog: BlogService;
    categories: CategoryService;
    webhooks: WebhooksService;
    webhookEvents: WebhookEvents;
  };
}

/** Where the API lives; every resource router below is mounted under it at its own base. */
export const API_BASE = '/api';

/** Every API resource, mounted once under API_BASE. */
export function apiRouter({ limits, readiness, services }: ApiContext): Router {
  const admin = requireAdmin({
    adminAuth: services.adminAuth,
    apiKeys: services.apiKeys,
    keyRateLimit: keyLimiter(limits),
  });
  // Routes open to everyone that give the admin more (new short links, blog drafts) share this one.
  const adminIfPresent = optionalAdmin(admin);
  // Changes of links, posts and categories go to the audit log; clicks and reads never do.
  const changes = changeLog(services.audit);
  const resources: ContractRouter[] = [
    healthRouter(readiness),
    referenceRouter(),
    adminRouter({
      adminAuth: services.adminAuth,
      audit: services.audit,
      users: services.users,
      requireAdmin: admin,
      limits,
    }),
    accountRouter({
      account: services.account,
      apiKeys: services.apiKeys,
      audit: services.audit,
      requireAdmin: admin,
      limits,
    }),
    auditRouter({ auditLog: services.auditLog, requireAdmin: admin }),
    teamRouter({ team: services.team, invitations: services.invitations, audit: services.audit, requireAdmin: admin }),
    invitationsRouter({
      invitations: services.invitations,
      adminAuth: services.adminAuth,
      audit: services.audit,
      limits,
    }),
    contactRouter({ contact: services.contact, requireAdmin: admin, limits }),
    ipRouter({ ipLookup: services.ipLookup, limits }),
    speedtestRouter({ speedtest: services.speedtest, limits }),
    shortlinksRouter({
      shortlinks: services.shortlinks,
      analytics: services.shortlinkAnalytics,
      changes: withLinkWebhooks(changes, services.webhookEvents),
      bulk: services.shortlinkBulk,
      requireAdmin: admin,
      optionalAdmin: adminIfPresent,
    }),
    shortlinkQrRouter({ qr: services.shortlinkQr, requireAdmin: admin }),
    publicShortlinkRouter({ shortlinks: services.shortlinks, locks: services.linkPasswords }),
    linkUnlockRouter({ passwords: services.linkPasswords, limits }),
    blogRouter({ blog: services.blog, changes, requireAdmin: admin, optionalAdmin: adminIfPresent }),
    categoriesRouter({ categories: services.categories, changes, requireAdmin: admin }),
    webhooksRouter({ webhooks: services.webhooks, audit: services.audit, requireAdmin: admin }),
  ];
  const router = strictRouter();
  for (const resource of resources) router.use(resource.base.slice(API_BASE.length) || '/', resource);
  // Nothing under /api falls through to the site's pages.
  router.use(methodNotAllowed(API_ROUTES), notFound);
  return router;
}
